package io.jtrace.runtime;

/** Test access to the calling thread's trace state (package-private in the runtime). */
public final class RuntimeAccess {
    private RuntimeAccess() {}

    private static boolean started;

    /** Starts the tracer once per test JVM (no JFR recording needed: batches are then dropped). */
    public static synchronized void startOnce() {
        if (!started) {
            TraceRuntime.start("test", "", 0);
            started = true;
        }
    }

    /** Traced frames open on the calling thread. */
    public static int depth() {
        return Tracer.current().depth;
    }

    /**
     * Records written so far: those in the calling thread's buffer plus those of every batch
     * handed over; it only grows (a flush moves records from the first count to the second), so
     * two readings around a run tell whether that run recorded anything.
     */
    public static long recordsWritten() {
        return Tracer.current().bufferedRecords() + TraceRuntime.records();
    }
}
