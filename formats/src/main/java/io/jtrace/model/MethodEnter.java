package io.jtrace.model;

/**
 * A traced method was entered and calls traced methods before it exits. {@code values}: its
 * arguments, if {@code run --args} recorded them (else null).
 */
public record MethodEnter(ThreadInfo thread, long nanos, int depth, MethodInfo method, CallValues values)
        implements TraceEvent {
    /** Without recorded values. */
    public MethodEnter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
        this(thread, nanos, depth, method, null);
    }
}
