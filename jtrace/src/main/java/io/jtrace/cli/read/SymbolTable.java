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

    void addMethod(MethodInfo m) {
        methods.putIfAbsent(m.id(), m);
    }

    void addType(int id, String name, String supers) {
        types.putIfAbsent(id, name);
        List<String> list = supers == null || supers.isEmpty() ? List.of() : List.of(supers.split(","));
        // a type first registered by name (a declared catch type) learns its superclasses later
        superTypes.merge(name, list, (known, added) -> known.isEmpty() ? added : known);
    }

    public MethodInfo method(int id) {
        MethodInfo m = methods.get(id);
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

    /** True if the recording traced a method of this class with this name (any overload). */
    public boolean isTraced(String className, String methodName) {
        if (tracedNames == null || tracedNames.size() != methods.size()) {
            tracedNames = new java.util.HashSet<>();
            for (MethodInfo m : methods.values()) tracedNames.add(m.qualifiedName());
        }
        return tracedNames.contains(className + "." + methodName);
    }

    private java.util.Set<String> tracedNames;

    public int methodCount() {
        return methods.size();
    }

    public Iterable<MethodInfo> methods() {
        return methods.values();
    }
}
