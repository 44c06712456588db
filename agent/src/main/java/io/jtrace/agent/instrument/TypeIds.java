package io.jtrace.agent.instrument;

/**
 * Hands out type ids for class names the probes see in bytecode (declared catch types), without
 * loading any class; the agent uses the runtime's registry, tests a deterministic counter.
 */
public interface TypeIds {
    int idOfName(String binaryName);
}
