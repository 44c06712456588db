package io.jtrace.model;

/**
 * Records of this thread are missing here: {@code batches} batches lost to a JFR overflow or a
 * killed JVM, or (0) records the tracer could not write because it ran out of stack or memory
 * (a StackOverflowError or OutOfMemoryError in the program). The trace resumes at
 * {@code depth}; consumers treat the frames below it as unknown.
 */
public record RecordsLost(ThreadInfo thread, long nanos, int depth, long batches) implements TraceEvent {}
