package io.jtrace.model;

import java.util.List;

/**
 * What {@code run --args} recorded of one call: its arguments at entry, in parameter order
 * ({@code this} is not one), and the value it returned ({@code returned}; null if none was
 * recorded: a void method or constructor, an exceptional exit, a call still running). The replay
 * attaches them to the call's events: an enter carries the arguments, an exit and a call both.
 */
public record CallValues(List<Argument> arguments, Argument returned) {
    public CallValues {
        arguments = List.copyOf(arguments);
    }

    /** These arguments with {@code returned} (null: none). */
    public CallValues returning(Argument r) {
        return new CallValues(arguments, r);
    }

    /** The argument named {@code name}, or null. */
    public Argument argument(String name) {
        for (Argument a : arguments) if (a.name().equals(name)) return a;
        return null;
    }
}
