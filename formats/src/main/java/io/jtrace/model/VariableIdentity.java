package io.jtrace.model;

/**
 * Which variable an access touched, as far as the recording can tell one variable from another
 * of the same name: a field by its owner object's identity, an array element by the array's
 * identity and the index, a static by its class, a local or parameter by its method (the frame
 * instance is the searcher's to bound: see {@link #frameLocal()}); {@link #wholeArray} names every
 * element of an array at once. Identity hashes can collide;
 * two objects with one hash read as one.
 */
public record VariableIdentity(VariableKind kind, String name, String ownerClass, long owner, long array, int index,
                               int methodId, int siteId) {

    public static VariableIdentity of(VariableAccess a) {
        VariableInfo v = a.variable();
        return switch (v.kind()) {
            // a parameter written in its method becomes a local of it: one variable, named once
            case LOCAL, PARAM -> new VariableIdentity(VariableKind.LOCAL, v.name(), "", 0, 0, -1, a.method().id(), 0);
            case FIELD -> new VariableIdentity(VariableKind.FIELD, v.name(), a.owner() == 0 ? v.ownerClass() : "", a.owner(), 0, -1, 0, 0);
            case STATIC -> new VariableIdentity(VariableKind.STATIC, v.name(), v.ownerClass(), 0, 0, -1, 0, 0);
            case ARRAY -> new VariableIdentity(VariableKind.ARRAY, "", "", 0, a.array(), a.index(), 0, 0);
            case UNKNOWN, ARGUMENT, RETURN -> new VariableIdentity(v.kind(), v.name(), "", 0, 0, -1, 0, v.siteId());
        };
    }

    /** Every element of the array {@code a} accessed an element of. */
    public static VariableIdentity wholeArray(VariableAccess a) {
        return new VariableIdentity(VariableKind.ARRAY, "", "", 0, a.array(), -1, 0, 0);
    }

    /** Whether {@code a} touched this variable. */
    public boolean matches(VariableAccess a) {
        VariableInfo v = a.variable();
        return switch (kind) {
            case LOCAL -> (v.kind() == VariableKind.LOCAL || v.kind() == VariableKind.PARAM) && a.method().id() == methodId
                    && v.name().equals(name);
            case FIELD -> v.kind() == VariableKind.FIELD && v.name().equals(name)
                    && (owner != 0 ? a.owner() == owner : a.owner() == 0 && v.ownerClass().equals(ownerClass));
            case STATIC -> v.kind() == VariableKind.STATIC && v.name().equals(name) && v.ownerClass().equals(ownerClass);
            case ARRAY -> v.kind() == VariableKind.ARRAY && a.array() == array && (index < 0 || a.index() == index);
            default -> v.siteId() == siteId;
        };
    }

    /** A local or parameter: it lives in one frame instance on one thread; any other kind can be written by any thread. */
    public boolean frameLocal() {
        return kind == VariableKind.LOCAL;
    }
}
