package io.jtrace.format;

import io.jtrace.model.MethodInfo;

import java.util.Arrays;

/**
 * Display names by method id, built once per method: writers name a method on every event,
 * and building {@code Class.method(Params)} from the descriptor each time dominated exports.
 */
final class MethodNames {
    private String[] names = new String[256];
    private MethodInfo[] owners = new MethodInfo[256];

    String displayName(MethodInfo m) {
        int id = m.id();
        if (id < 0 || id >= 1 << 20) return m.displayName();
        if (id >= names.length) {
            names = Arrays.copyOf(names, Math.max(id + 1, names.length * 2));
            owners = Arrays.copyOf(owners, names.length);
        }
        if (owners[id] != m && !m.equals(owners[id])) { // id 0 and unknown ids may stand for different methods
            owners[id] = m;
            names[id] = m.displayName();
        }
        return names[id];
    }
}
