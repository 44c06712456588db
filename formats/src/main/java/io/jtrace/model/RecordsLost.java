package io.jtrace.model;

/**
 * Records of this thread are missing here (a batch lost to a JFR overflow or a killed JVM):
 * the trace resumes at {@code depth} with the frames below it unknown.
 */
public record RecordsLost(ThreadInfo thread, long nanos, int depth, long batches) implements TraceEvent {}
