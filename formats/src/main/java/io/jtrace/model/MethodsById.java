package io.jtrace.model;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * Methods by id: every one in a map, and those whose ids are dense ({@link MethodInfo#denseId}) also
 * in an array, for look-ups per record or per call path. The one place that keeps the two in step:
 * an id first left to the map (far beyond the methods known then) moves into the array when it
 * grows past it. Not synchronized.
 */
public final class MethodsById {
    private final Map<Integer, MethodInfo> all = new HashMap<>();
    private MethodInfo[] dense = new MethodInfo[0];

    /** Adds {@code m} unless a method with its id is known; whether it was added. */
    public boolean add(MethodInfo m) {
        int id = m.id();
        if (id >= 0 && id < dense.length && dense[id] != null) return false;
        if (all.putIfAbsent(id, m) != null) return false;
        if (id < 0) return true; // a stand-in's id: the map only
        if (id >= dense.length) {
            if (!MethodInfo.denseId(id, all.size())) return true; // a damaged record's id: the map only
            int known = dense.length;
            dense = Arrays.copyOf(dense, Math.max(id + 1, dense.length * 2));
            for (MethodInfo other : all.values()) {
                if (other.id() >= known && other.id() < dense.length) dense[other.id()] = other;
            }
        }
        dense[id] = m;
        return true;
    }

    /** The method with this id, or null. */
    public MethodInfo get(int id) {
        MethodInfo[] d = dense;
        return id >= 0 && id < d.length ? d[id] : all.get(id);
    }

    /** The array by id (null where no method is known), for a look-up per record; do not change it. */
    public MethodInfo[] dense() {
        return dense;
    }

    public int size() {
        return all.size();
    }

    /** Every method, in the map's order. */
    public Collection<MethodInfo> values() {
        return Collections.unmodifiableCollection(all.values());
    }
}
