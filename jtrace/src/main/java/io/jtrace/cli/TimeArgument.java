package io.jtrace.cli;

import io.jtrace.recording.Selection;

/**
 * Times on the command line, one parser for every option that takes one (the library's
 * {@link Selection#parseNanos}): a number of seconds ({@code 1.5}) or a number with a unit
 * ({@code 250ms}, {@code 1.5s}, {@code 300us}, {@code 40ns}, {@code 2min}).
 */
public final class TimeArgument {
    private TimeArgument() {}

    /** Nanoseconds; a bad time is one line naming {@code option} and the text. */
    public static long parseNanos(String option, String text) {
        return Selection.parseNanos(option, text);
    }
}
