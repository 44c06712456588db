package io.jtrace.model;

/** An exception as a record names it: its type and identity hash (0 when unknown). */
public record ExceptionRef(String type, long identity) {
    public static final ExceptionRef UNKNOWN = new ExceptionRef(null, 0);

    public boolean isKnown() {
        return type != null;
    }
}
