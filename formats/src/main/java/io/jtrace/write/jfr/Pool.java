package io.jtrace.write.jfr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One constant pool of the chunk being written: its entries in key order, found by what they
 * stand for. Keys go on increasing from chunk to chunk and are never given to another value: the
 * JDK's reader takes an entry whose key it saw in an earlier chunk as the same value.
 */
final class Pool<V> {
    private final Map<Object, Integer> keys = new HashMap<>();
    private final List<V> entries = new ArrayList<>();
    private int base;

    /** The key of the entry standing for {@code id} in this chunk, null if it has none yet. */
    Integer find(Object id) {
        return keys.get(id);
    }

    int add(Object id, V entry) {
        entries.add(entry);
        int key = base + entries.size();
        keys.put(id, key);
        return key;
    }

    int size() {
        return entries.size();
    }

    V entry(int index) {
        return entries.get(index);
    }

    int key(int index) {
        return base + index + 1;
    }

    /** A new chunk: no entries, and keys that follow the last chunk's. */
    void clear() {
        base += entries.size();
        entries.clear();
        keys.clear();
    }
}
