package io.jtrace.model;

/** How a frame ended. */
public enum ExitKind {
    /** Returned normally. */
    RETURN,
    /**
     * Returned normally; its duration was not measured: the tracer leaves the clock out of calls
     * it measured to be shorter than the clock's own cost ({@code jtrace run --timing full} times
     * every call). The event's duration is then only what the times of its neighbours allow (0
     * for a leaf call), never to be shown as measured.
     */
    RETURN_UNTIMED,
    /** Left by an exception. */
    EXCEPTION,
    /** Still open when the recording (or the thread's records) ended, e.g. System.exit from inside it. */
    UNFINISHED;

    /** Returned normally, timed or not. */
    public boolean returned() {
        return this == RETURN || this == RETURN_UNTIMED;
    }
}
