package io.jtrace.agent.instrument;

/** Hands out method ids; the agent uses the runtime's registry, tests a deterministic counter. */
public interface MethodIds {
    int register(String className, String methodName, String descriptor, String sourceFile, int line, int access);
}
