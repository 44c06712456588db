package io.jtrace.model;

import java.util.Locale;

/**
 * What kind of variable an access site touches; {@code ARGUMENT} and {@code RETURN} describe the
 * values of calls that {@code run --args} records (not access sites).
 */
public enum VariableKind {
    LOCAL, PARAM, FIELD, STATIC, ARRAY, UNKNOWN, ARGUMENT, RETURN;

    /** From the definition event's kind ({@code local}, {@code param}, ...). */
    public static VariableKind parse(String s) {
        if (s == null) return UNKNOWN;
        try {
            return valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return UNKNOWN;
        }
    }

    /** True for the values of calls ({@code --args}), false for variable access sites. */
    public boolean callValue() {
        return this == ARGUMENT || this == RETURN;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
