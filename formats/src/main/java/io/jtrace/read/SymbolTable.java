package io.jtrace.read;

import io.jtrace.model.MethodInfo;
import io.jtrace.model.MethodsById;
import io.jtrace.model.VariableInfo;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Method and type definitions of a recording, by id. */
public final class SymbolTable {
    private final MethodsById methods = new MethodsById();
    private final Map<Integer, String> types = new HashMap<>();
    private final Map<String, List<String>> superTypes = new HashMap<>();
    private final Map<Integer, VariableInfo> variables = new HashMap<>();
    /** Definitions of the parameters and return values recorded with --args, by site id and by method. */
    private final Map<Integer, VariableInfo> callValues = new HashMap<>();
    private final Map<Integer, VariableInfo[]> parametersByMethod = new HashMap<>();
    private final Map<Integer, VariableInfo> returnsByMethod = new HashMap<>();
    private Map<String, Integer> typeIds;

    public void addMethod(MethodInfo m) {
        methods.add(m);
    }

    /** Whether a method with this id is defined (the first definition of an id is the one kept). */
    boolean hasMethod(int id) {
        return methods.get(id) != null;
    }

    public void addType(int id, String name, String supers) {
        types.putIfAbsent(id, name);
        List<String> list = supers == null || supers.isEmpty() ? List.of() : List.of(supers.split(","));
        // a type first registered by name (a declared catch type) learns its superclasses later
        superTypes.merge(name, list, (known, added) -> known.isEmpty() ? added : known);
    }

    public void addVariable(VariableInfo v) {
        if (!v.kind().callValue()) {
            variables.putIfAbsent(v.siteId(), v);
            return;
        }
        if (callValues.putIfAbsent(v.siteId(), v) != null) return;
        if (v.kind() == io.jtrace.model.VariableKind.RETURN) {
            returnsByMethod.putIfAbsent(v.methodId(), v);
        } else if (v.slot() >= 0 && v.slot() < 256) { // the parameter's index (a JVM method has at most 255)
            VariableInfo[] params = parametersByMethod.get(v.methodId());
            if (params == null || params.length <= v.slot()) {
                params = params == null ? new VariableInfo[v.slot() + 1] : java.util.Arrays.copyOf(params, v.slot() + 1);
                parametersByMethod.put(v.methodId(), params);
            }
            if (params[v.slot()] == null) params[v.slot()] = v;
        }
    }

    /** The definition of parameter {@code index} of a method whose arguments were recorded ({@code --args}), or null. */
    public VariableInfo parameter(int methodId, int index) {
        VariableInfo[] params = parametersByMethod.get(methodId);
        return params != null && index >= 0 && index < params.length ? params[index] : null;
    }

    /** The definition of a method's return value as {@code --args} recorded it, or null. */
    public VariableInfo returnValue(int methodId) {
        return returnsByMethod.get(methodId);
    }

    /** True if {@code --args} recorded the values of this method's calls. */
    public boolean recordsCallValues(int methodId) {
        return parametersByMethod.containsKey(methodId) || returnsByMethod.containsKey(methodId);
    }

    /** True if the recording holds the values of some method's calls ({@code --args}). */
    public boolean hasCallValues() {
        return !callValues.isEmpty();
    }

    /** The definitions of parameters and return values recorded with {@code --args} (kinds ARGUMENT, RETURN). */
    public Iterable<VariableInfo> callValueDefinitions() {
        return callValues.values();
    }

    /** The variable access site with this id (a stand-in if its definition is missing). */
    public VariableInfo variable(int siteId) {
        VariableInfo v = variables.get(siteId);
        return v != null ? v : VariableInfo.unknown(siteId);
    }

    /** Every variable access site defined in the recording (not the parameters of {@link #callValueDefinitions}). */
    public Iterable<VariableInfo> variables() {
        return variables.values();
    }

    public int variableSiteCount() {
        return variables.size();
    }

    /** The methods by id (null where none is defined), for a replay's per-record look-up; do not change it. */
    public MethodInfo[] methodsById() {
        return methods.dense();
    }

    public MethodInfo method(int id) {
        MethodInfo[] ids = methods.dense();
        MethodInfo m = id >= 0 && id < ids.length ? ids[id] : null;
        return m != null ? m : undefined(id);
    }

    /**
     * A method outside the dense array, or missing: synchronized, since two replays may ask at
     * once (a call tree built in two parts) and a missing one is remembered here.
     */
    private synchronized MethodInfo undefined(int id) {
        MethodInfo m = methods.get(id);
        if (m == null) {
            m = MethodInfo.unknown(id);
            addMethod(m); // one shared instance per missing id
        }
        return m;
    }

    /** The method with this id, or a stand-in that is not remembered (its definition may still come: live). */
    public MethodInfo definedOrUnknown(int id) {
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

    /**
     * True if the recording traced a method of this class with this name (any overload).
     * Synchronized: two replays may ask at once (a call tree built in two parts), and a missing
     * method remembered since makes the set be built again.
     */
    public synchronized boolean isTraced(String className, String methodName) {
        if (tracedNames == null || tracedNamesOf != methods.size()) { // not the set's size: overloads share a name
            tracedNames = new java.util.HashSet<>();
            for (MethodInfo m : methods.values()) tracedNames.add(m.qualifiedName());
            tracedNamesOf = methods.size();
        }
        return tracedNames.contains(className + "." + methodName);
    }

    private java.util.Set<String> tracedNames;
    /** How many methods {@link #tracedNames} was built from. */
    private int tracedNamesOf;

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

    /** {@code " (did you mean Bank.transfer?)"}: the traced names nearest a pattern that matched none; empty if none is near. */
    public String didYouMean(String pattern) {
        io.jtrace.pattern.NearestNames near = new io.jtrace.pattern.NearestNames();
        for (MethodInfo m : methods.values()) near.add(m.className(), m.name());
        return near.didYouMean(pattern);
    }
}
