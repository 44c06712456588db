package io.jtrace.model;

/** A traced method was entered and calls traced methods before it exits. */
public record MethodEnter(ThreadInfo thread, long nanos, int depth, MethodInfo method) implements TraceEvent {}
