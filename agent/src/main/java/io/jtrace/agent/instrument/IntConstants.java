package io.jtrace.agent.instrument;

/**
 * The {@code CONSTANT_Integer} entries of a class file's constant pool, found and replaced in
 * place: a walk over the pool's entries and nothing else (a few microseconds for a large class).
 */
final class IntConstants {
    private static final int INTEGER = 3;

    private IntConstants() {}

    /** Where the value of each int constant of the class is (its 4 bytes), in pool order. */
    static int[] offsets(byte[] classFile) {
        int count = u2(classFile, 8);
        int[] found = new int[16];
        int n = 0;
        int at = 10;
        for (int i = 1; i < count; i++) {
            int tag = classFile[at] & 0xFF;
            if (tag == INTEGER) {
                if (n == found.length) found = java.util.Arrays.copyOf(found, n * 2);
                found[n++] = at + 1;
            }
            at += entrySize(classFile, at);
            if (tag == 5 || tag == 6) i++; // long and double take two slots
        }
        return java.util.Arrays.copyOf(found, n);
    }

    static int get(byte[] classFile, int offset) {
        return (classFile[offset] & 0xFF) << 24 | (classFile[offset + 1] & 0xFF) << 16
                | (classFile[offset + 2] & 0xFF) << 8 | (classFile[offset + 3] & 0xFF);
    }

    static void set(byte[] classFile, int offset, int value) {
        classFile[offset] = (byte) (value >>> 24);
        classFile[offset + 1] = (byte) (value >>> 16);
        classFile[offset + 2] = (byte) (value >>> 8);
        classFile[offset + 3] = (byte) value;
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
}
