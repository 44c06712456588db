package io.jtrace.model;

/**
 * An exception event of a thread's trace, in order with its calls. {@code depth} is the number
 * of traced frames open around it (the event belongs to the innermost).
 */
public sealed interface ExceptionEvent extends TraceEvent
        permits ExceptionThrown, ExceptionCaught, FinallyEntered, ExceptionSuppressed, ExceptionUncaught {
    /** The exception the event is about. */
    ExceptionRef exception();

    /** The same event shown at another depth (when a view hides frames around it). */
    ExceptionEvent atDepth(int depth);
}
