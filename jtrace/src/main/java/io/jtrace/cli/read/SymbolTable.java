package io.jtrace.cli.read;

import io.jtrace.model.MethodInfo;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Method and type definitions of a recording, by id. */
public final class SymbolTable {
    private final Map<Integer, MethodInfo> methods = new HashMap<>();
    private final Map<Integer, String> types = new HashMap<>();
    private final Map<String, List<String>> superTypes = new HashMap<>();
    private Map<String, Integer> typeIds;
    private MethodInfo[] byId = new MethodInfo[256];

    void addMethod(MethodInfo m) {
        methods.putIfAbsent(m.id(), m);
    }

    void addType(int id, String name, String supers) {
        types.putIfAbsent(id, name);
        superTypes.putIfAbsent(name, supers == null || supers.isEmpty() ? List.of() : List.of(supers.split(",")));
    }

    public MethodInfo method(int id) {
        MethodInfo[] cache = byId;
        if (id >= 0 && id < cache.length && cache[id] != null) return cache[id];
        MethodInfo m = methods.get(id);
        if (m != null && id >= 0 && id < (1 << 20)) { // ids are compact: an array look-up per record, not a hash
            if (id >= cache.length) byId = cache = java.util.Arrays.copyOf(cache, Math.max(id + 1, cache.length * 2));
            cache[id] = m;
        }
        return m != null ? m : MethodInfo.unknown(id);
    }

    /** Type name for an id; null for 0 (unknown). */
    public String type(int id) {
        if (id == 0) return null;
        String t = types.get(id);
        return t != null ? t : "type#" + id;
    }

    /** Superclasses of a type, nearest first, as far as the recording knows them. */
    public List<String> superTypes(String type) {
        return superTypes.getOrDefault(type, List.of());
    }

    /** Id of a type name as {@link #type} gives it; 0 if unknown. */
    public int typeId(String name) {
        if (name == null) return 0;
        if (typeIds == null) {
            typeIds = new HashMap<>();
            for (Map.Entry<Integer, String> e : types.entrySet()) typeIds.putIfAbsent(e.getValue(), e.getKey());
        }
        Integer id = typeIds.get(name);
        if (id != null) return id;
        if (name.startsWith("type#")) {
            try {
                return Integer.parseInt(name.substring(5));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }

    /** Type ids and names. */
    public Map<Integer, String> types() {
        return java.util.Collections.unmodifiableMap(types);
    }

    public int methodCount() {
        return methods.size();
    }

    public Iterable<MethodInfo> methods() {
        return methods.values();
    }
}
