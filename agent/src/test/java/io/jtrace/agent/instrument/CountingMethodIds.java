package io.jtrace.agent.instrument;

import java.util.ArrayList;
import java.util.List;

/** Deterministic ids for tests: 1, 2, 3... in registration order, remembering what got which id. */
final class CountingMethodIds implements MethodIds {
    final List<String> registered = new ArrayList<>();

    @Override
    public synchronized int register(String className, String methodName, String descriptor, String sourceFile, int line, int access) {
        registered.add(className + "." + methodName + descriptor);
        return registered.size();
    }
}
