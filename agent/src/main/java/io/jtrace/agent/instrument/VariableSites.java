package io.jtrace.agent.instrument;

/**
 * Hands out ids for variable access sites; the agent uses the runtime's registry, tests a
 * deterministic counter. See {@code io.jtrace.events.VariableDefinitionEvent} for the fields.
 */
public interface VariableSites {
    int register(int methodId, String kind, String name, String type, int slot, String ownerClass, int line,
                 boolean write, boolean redacted);
}
