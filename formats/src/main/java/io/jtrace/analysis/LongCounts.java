package io.jtrace.analysis;

/**
 * Counts by a long key (open addressing, no boxing): an aggregate that counts per pair of method
 * ids must not allocate per call.
 */
final class LongCounts {
    private static final long EMPTY = Long.MIN_VALUE;
    private long[] keys = newKeys(64);
    private long[] counts = new long[64];
    private int size;

    private static long[] newKeys(int n) {
        long[] k = new long[n];
        java.util.Arrays.fill(k, EMPTY);
        return k;
    }

    void add(long key) {
        if (2 * (size + 1) > keys.length) rehash();
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != EMPTY && keys[i] != key) i = (i + 1) & mask;
        if (keys[i] == EMPTY) {
            keys[i] = key;
            size++;
        }
        counts[i]++;
    }

    long get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == key) return counts[i];
        }
        return 0;
    }

    int size() {
        return size;
    }

    interface Entry {
        void accept(long key, long count);
    }

    void forEach(Entry e) {
        for (int i = 0; i < keys.length; i++) if (keys[i] != EMPTY) e.accept(keys[i], counts[i]);
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void rehash() {
        long[] oldKeys = keys;
        long[] oldCounts = counts;
        keys = newKeys(oldKeys.length * 2);
        counts = new long[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] == EMPTY) continue;
            int i = slot(oldKeys[j], mask);
            while (keys[i] != EMPTY) i = (i + 1) & mask;
            keys[i] = oldKeys[j];
            counts[i] = oldCounts[j];
        }
    }
}
