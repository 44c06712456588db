package io.jtrace.read.jfr;

import java.util.ArrayList;
import java.util.List;

/** One class of a chunk's metadata: an event type, a constant-pool type or a value type. */
final class JfrType {
    /** How a value of the type is laid out in the file. */
    enum Kind { BOOLEAN, BYTE, VARINT, FLOAT, DOUBLE, STRING, COMPOSITE, UNKNOWN }

    /** A field: a value of {@code typeId}, or a constant-pool key for one; an array if {@code array}. */
    record Field(String name, long typeId, boolean constantPool, boolean array) {}

    final long id;
    final String name;
    final List<Field> fields = new ArrayList<>();
    /** Resolved once every type of the chunk is known. */
    Kind kind;
    /** The field types, resolved like {@link #kind}. */
    JfrType[] fieldTypes;

    JfrType(long id, String name) {
        this.id = id;
        this.name = name;
    }

    static Kind kindOf(String name, boolean hasFields) {
        if (hasFields) return Kind.COMPOSITE;
        switch (name) {
            case "boolean": return Kind.BOOLEAN;
            case "byte": return Kind.BYTE;
            case "char": case "short": case "int": case "long": return Kind.VARINT;
            case "float": return Kind.FLOAT;
            case "double": return Kind.DOUBLE;
            case "java.lang.String": return Kind.STRING;
            default: return null;
        }
    }

    /**
     * The fields' places by name, made at the first look-up (asked once per value read: 7 times per
     * definition), which comes after the metadata is resolved and the fields are all known.
     */
    private java.util.Map<String, Integer> places;

    int fieldIndex(String fieldName) {
        java.util.Map<String, Integer> p = places;
        if (p == null) {
            p = new java.util.HashMap<>();
            for (int i = fields.size() - 1; i >= 0; i--) p.put(fields.get(i).name(), i); // the first of equal names wins
            places = p;
        }
        Integer i = p.get(fieldName);
        return i == null ? -1 : i;
    }

    @Override
    public String toString() {
        return name + "#" + id;
    }
}
