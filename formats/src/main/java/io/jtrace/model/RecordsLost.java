package io.jtrace.model;

/**
 * Records of this thread are missing here: {@code batches} batches lost to a JFR overflow or a
 * killed JVM, or (0) records the tracer could not write because it ran out of stack or memory
 * (a StackOverflowError or OutOfMemoryError in the program; its RESYNC record lists the frames
 * open after the loss). The trace resumes at {@code depth}. The outermost {@code kept} frames are
 * the same frames as before the loss and go on (a RESYNC that still lists them; 0 after lost
 * batches); consumers treat the frames between {@code kept} and {@code depth} as unknown.
 */
public record RecordsLost(ThreadInfo thread, long nanos, int depth, long batches, int kept) implements TraceEvent {
    /** Lost batches: nothing below the gap is known. */
    public RecordsLost(ThreadInfo thread, long nanos, int depth, long batches) {
        this(thread, nanos, depth, batches, 0);
    }

    /** This gap with the frames seen by a view: {@code depth} and {@code kept} counted in it. */
    public RecordsLost at(int shownDepth, int shownKept) {
        return new RecordsLost(thread, nanos, shownDepth, batches, shownKept);
    }
}
