package io.jtrace.query;

import java.nio.charset.StandardCharsets;

/**
 * The UTF-8 bytes of recently seen strings, by identity: a table's text columns repeat the same
 * String objects (a method's class and name, a thread's label) for millions of rows, and
 * encoding each again was a large part of a scan's Java time. Direct-mapped: a string that
 * collides with another is encoded again, never mistaken for it.
 */
final class Utf8Cache {
    private static final int SIZE = 1 << 12;
    private final String[] keys = new String[SIZE];
    private final byte[][] values = new byte[SIZE][];

    byte[] encoded(String s) {
        int i = System.identityHashCode(s) & (SIZE - 1);
        if (keys[i] == s) return values[i];
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        keys[i] = s;
        values[i] = b;
        return b;
    }
}
