package io.jtrace.model;

/**
 * A call with no traced callees (a leaf), enter and exit in one: {@code nanos} is the enter
 * time and {@code durationNanos} the time to its exit.
 */
public record MethodCall(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos,
                         ExitKind kind, ExceptionRef exception) implements TraceEvent {}
