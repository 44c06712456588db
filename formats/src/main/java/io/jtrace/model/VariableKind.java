package io.jtrace.model;

import java.util.Locale;

/** What kind of variable an access site touches. */
public enum VariableKind {
    LOCAL, PARAM, FIELD, STATIC, ARRAY, UNKNOWN;

    /** From the definition event's kind ({@code local}, {@code param}, ...). */
    public static VariableKind parse(String s) {
        if (s == null) return UNKNOWN;
        try {
            return valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return UNKNOWN;
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
