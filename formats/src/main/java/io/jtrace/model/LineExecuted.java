package io.jtrace.model;

/** A source line of {@code method} started executing (a sequence point, {@code --lines}). */
public record LineExecuted(ThreadInfo thread, long nanos, int depth, MethodInfo method, int line) implements TraceEvent {}
