package io.jtrace.model;

/** A frame opened by a {@link MethodEnter} ended; {@code durationNanos} is its inclusive time. */
public record MethodExit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos,
                         ExitKind kind, ExceptionRef exception) implements TraceEvent {}
