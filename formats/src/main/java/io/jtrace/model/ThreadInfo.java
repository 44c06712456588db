package io.jtrace.model;

/** A traced thread. {@code ordinal} numbers threads in order of their first record. */
public record ThreadInfo(long id, String name, boolean virtual, int ordinal) {
    // equals and hashCode written out, as the record's own (every component; 31 * h + each one's
    // hash, so maps iterate as before): the generated ones are built of method handles when first
    // called, ~10 ms of a command's start-up (bench/README.md, "Records' methods written out")
    @Override
    public boolean equals(Object o) {
        return o instanceof ThreadInfo t && id == t.id && virtual == t.virtual && ordinal == t.ordinal
                && java.util.Objects.equals(name, t.name);
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(id);
        h = 31 * h + java.util.Objects.hashCode(name);
        h = 31 * h + Boolean.hashCode(virtual);
        return 31 * h + ordinal;
    }

    public String label() {
        return name == null || name.isEmpty() ? (virtual ? "virtual-" : "thread-") + id : name;
    }
}
