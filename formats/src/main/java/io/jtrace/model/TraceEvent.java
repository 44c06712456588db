package io.jtrace.model;

/**
 * One event of a thread's trace, in the order it happened. {@code nanos} counts from the
 * recording's origin; {@code depth} is the number of traced frames open around the event.
 */
public sealed interface TraceEvent permits MethodEnter, MethodExit, MethodCall, RecordsLost, ExceptionEvent,
        VariableAccess, LineExecuted {
    ThreadInfo thread();

    long nanos();

    int depth();
}
