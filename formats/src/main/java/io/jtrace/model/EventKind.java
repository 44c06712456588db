package io.jtrace.model;

import java.util.Locale;

/**
 * The kinds of events a recording may hold: the one list the library asks of a recording (what it
 * was made with), selects by (filter's {@code --kinds}, diff's comparison) and expands (the typed
 * JFR export). Arguments and samples ride on calls and on JFR's own events, so a kind does not
 * always have model events of its own ({@link #of}).
 */
public enum EventKind {
    /** Method enters and exits: every jtrace recording. */
    CALLS,
    /** Throw, catch, finally, suppress and uncaught (off with {@code run --no-exceptions}). */
    EXCEPTIONS,
    /** Argument and return values of calls ({@code run --args}), carried by the calls. */
    ARGUMENTS,
    /** Variable reads and writes ({@code run --vars}). */
    VARIABLES,
    /** Executed source lines ({@code run --lines}). */
    LINES,
    /** Execution samples ({@code run --sample}): JFR's own events, not the trace's. */
    SAMPLES;

    /** Which kind a trace event is: calls, exceptions, variables or lines (a gap in the records counts as calls). */
    public static EventKind of(TraceEvent e) {
        if (e instanceof ExceptionEvent) return EXCEPTIONS;
        if (e instanceof VariableAccess) return VARIABLES;
        if (e instanceof LineExecuted) return LINES;
        return CALLS;
    }

    /** The name a command line gives it: {@code calls}, {@code exceptions}... */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
