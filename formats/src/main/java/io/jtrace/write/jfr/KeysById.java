package io.jtrace.write.jfr;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Pool keys of one chunk by a small non-negative id (a method id, a thread ordinal): an array
 * for speed, a map for ids too large or negative. Clearing is cheap: entries of an older chunk
 * (generation) count as absent.
 */
final class KeysById {
    private static final int ARRAY_LIMIT = 1 << 22;

    private int[] keys = new int[256];
    private int[] generations = new int[256];
    private final Map<Integer, Integer> others = new HashMap<>();
    private int generation = 1;

    /** The key of {@code id} in this chunk, 0 if it has none yet. */
    int get(int id) {
        if (id >= 0 && id < keys.length) return generations[id] == generation ? keys[id] : 0;
        if (id >= 0 && id < ARRAY_LIMIT) return 0;
        return others.getOrDefault(id, 0);
    }

    void put(int id, int key) {
        if (id >= 0 && id < ARRAY_LIMIT) {
            if (id >= keys.length) {
                int n = Math.max(keys.length * 2, id + 1);
                keys = Arrays.copyOf(keys, n);
                generations = Arrays.copyOf(generations, n);
            }
            keys[id] = key;
            generations[id] = generation;
        } else {
            others.put(id, key);
        }
    }

    void clear() {
        generation++;
        others.clear();
    }
}
