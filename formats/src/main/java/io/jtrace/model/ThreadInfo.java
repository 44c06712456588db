package io.jtrace.model;

/** A traced thread. {@code ordinal} numbers threads in order of their first record. */
public record ThreadInfo(long id, String name, boolean virtual, int ordinal) {
    public String label() {
        return name == null || name.isEmpty() ? (virtual ? "virtual-" : "thread-") + id : name;
    }
}
