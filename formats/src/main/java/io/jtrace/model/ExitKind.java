package io.jtrace.model;

/** How a frame ended. */
public enum ExitKind {
    /** Returned normally. */
    RETURN,
    /** Left by an exception. */
    EXCEPTION,
    /** Still open when the recording (or the thread's records) ended, e.g. System.exit from inside it. */
    UNFINISHED
}
