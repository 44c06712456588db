package io.jtrace.format;

import io.jtrace.model.MethodInfo;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Each method's name as bytes, encoded once: a trace or a tree writes the same few names millions
 * of times. Found by the method's id (an array look-up per line), checked against the method
 * itself; a method whose id is taken by another, or out of range, is kept in an identity map.
 */
final class EncodedNames {
    private final LineBuffer out;
    private final Function<MethodInfo, String> name;
    private final Map<MethodInfo, byte[]> byMethod = new IdentityHashMap<>();
    private MethodInfo[] methodsById = new MethodInfo[64];
    private byte[][] bytesById = new byte[64][];

    /** {@code name}: the text written for a method, encoded in {@code out}'s charset. */
    EncodedNames(LineBuffer out, Function<MethodInfo, String> name) {
        this.out = out;
        this.name = name;
    }

    byte[] of(MethodInfo method) {
        int id = method.id();
        if (id >= 0 && id < methodsById.length && methodsById[id] == method) return bytesById[id];
        byte[] b = byMethod.get(method);
        if (b == null) {
            b = out.encode(name.apply(method));
            byMethod.put(method, b);
        }
        if (id >= 0 && id < 1 << 20) { // by id too: an array look-up per line instead of a map's
            if (id >= methodsById.length) {
                int n = Math.max(id + 1, methodsById.length * 2);
                methodsById = Arrays.copyOf(methodsById, n);
                bytesById = Arrays.copyOf(bytesById, n);
            }
            methodsById[id] = method;
            bytesById[id] = b;
        }
        return b;
    }
}
