package io.jtrace.model;

/**
 * A call with no traced callees (a leaf), enter and exit in one: {@code nanos} is the enter
 * time and {@code durationNanos} the time to its exit. {@code values}: its arguments and return
 * value, if {@code run --args} recorded them (else null).
 */
public record MethodCall(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos,
                         ExitKind kind, ExceptionRef exception, CallValues values) implements TraceEvent {
    /** Without recorded values. */
    public MethodCall(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos,
                      ExitKind kind, ExceptionRef exception) {
        this(thread, nanos, depth, method, durationNanos, kind, exception, null);
    }
}
