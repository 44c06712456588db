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

    /** Records written on the calling thread since its last flush, plus batches flushed by then. */
    public static boolean hasRecorded() {
        return !Tracer.current().isEmpty() || TraceRuntime.records() > 0;
    }
}
