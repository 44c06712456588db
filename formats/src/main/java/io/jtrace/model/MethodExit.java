package io.jtrace.model;

/**
 * A frame opened by a {@link MethodEnter} ended; {@code durationNanos} is its inclusive time.
 * {@code values}: its arguments and return value, if {@code run --args} recorded them (else null).
 */
public record MethodExit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos,
                         ExitKind kind, ExceptionRef exception, CallValues values) implements TraceEvent {
    /** Without recorded values. */
    public MethodExit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos,
                      ExitKind kind, ExceptionRef exception) {
        this(thread, nanos, depth, method, durationNanos, kind, exception, null);
    }
}
