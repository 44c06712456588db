package io.jtrace.agent.instrument;

import java.util.function.IntUnaryOperator;

/**
 * The {@code CONSTANT_Integer} entries of a class file's constant pool, read and replaced in
 * place: a walk over the pool's entries and nothing else (a few microseconds for a large class).
 */
final class IntConstants {
    private static final int INTEGER = 3;

    private IntConstants() {}

    /** Whether any int constant of the class lies in {@code [from, from + size)}. */
    static boolean anyIn(byte[] classFile, int from, int size) {
        int count = u2(classFile, 8);
        int at = 10;
        for (int i = 1; i < count; i++) {
            int tag = classFile[at] & 0xFF;
            if (tag == INTEGER && Integer.compareUnsigned(s4(classFile, at + 1) - from, size) < 0) return true;
            at += entrySize(classFile, at);
            if (tag == 5 || tag == 6) i++; // long and double take two slots
        }
        return false;
    }

    /** Replaces every int constant {@code v} of the class by {@code f(v)}, in place. */
    static void replace(byte[] classFile, IntUnaryOperator f) {
        int count = u2(classFile, 8);
        int at = 10;
        for (int i = 1; i < count; i++) {
            int tag = classFile[at] & 0xFF;
            if (tag == INTEGER) {
                int v = s4(classFile, at + 1);
                int w = f.applyAsInt(v);
                if (w != v) {
                    classFile[at + 1] = (byte) (w >>> 24);
                    classFile[at + 2] = (byte) (w >>> 16);
                    classFile[at + 3] = (byte) (w >>> 8);
                    classFile[at + 4] = (byte) w;
                }
            }
            at += entrySize(classFile, at);
            if (tag == 5 || tag == 6) i++;
        }
    }

    private static int entrySize(byte[] b, int at) {
        switch (b[at] & 0xFF) {
            case 1: return 3 + u2(b, at + 1); // Utf8
            case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: return 5;
            case 5: case 6: return 9;
            case 7: case 8: case 16: case 19: case 20: return 3;
            case 15: return 4;
            default: throw new IllegalArgumentException("unknown constant pool tag " + (b[at] & 0xFF) + " at offset " + at);
        }
    }

    private static int u2(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static int s4(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
    }
}
