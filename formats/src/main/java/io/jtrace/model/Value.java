package io.jtrace.model;

/**
 * A recorded value. Primitives are exact ({@code bits}: the integer, or the raw bits of a float
 * or double); strings are copied up to a length ({@code text}, with {@code fullLength}); other
 * references are their runtime type and identity hash, with {@code text} only for boxed
 * primitives, enum constants, and {@code toString()} when the user opted in.
 */
public record Value(Kind kind, long bits, String text, long fullLength, String type, long identity) {
    public enum Kind { INT, FLOAT, DOUBLE, NULL, STRING, OBJECT, TEXT, REDACTED }

    public static Value ofLong(long v) {
        return new Value(Kind.INT, v, null, 0, null, 0);
    }

    public static Value ofString(String s) {
        return new Value(Kind.STRING, 0, s, s.length(), null, 0);
    }

    public static final Value NULL = new Value(Kind.NULL, 0, null, 0, null, 0);
    public static final Value REDACTED = new Value(Kind.REDACTED, 0, null, 0, null, 0);

    public boolean truncated() {
        return text != null && text.length() < fullLength;
    }
}
