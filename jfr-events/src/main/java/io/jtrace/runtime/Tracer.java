package io.jtrace.runtime;

/**
 * The static entry points that instrumented code calls. Every method here is total: it never
 * throws into the application (failures are counted in {@link TraceRuntime}) and ignores calls
 * made while the tracer itself runs on the same thread.
 */
public final class Tracer {
    private Tracer() {}

    /** Set once the recording runs; cleared when it stops. */
    static volatile boolean active;
    /** Records deeper than this many traced frames are not written (Spyder's depth cut-off). */
    static int maxDepth = Integer.MAX_VALUE;

    private static final ThreadLocal<ThreadTrace> TRACES = new ThreadLocal<>();

    /** The calling thread's trace, created on first use; null while the tracer is busy on it. */
    static ThreadTrace current() {
        ThreadTrace t = TRACES.get();
        if (t == null) {
            t = TraceRuntime.newThreadTrace(Thread.currentThread());
            TRACES.set(t);
        }
        return t.busy ? null : t;
    }

    public static void enter(int methodId) {
        if (!active) return;
        try {
            ThreadTrace t = current();
            if (t != null) t.enter(methodId);
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void exit(int methodId) {
        if (!active) return;
        try {
            ThreadTrace t = current();
            if (t != null) t.exit(methodId);
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    /** Called from the catch-all handler that wraps every traced method; the caller rethrows. */
    public static void exitExceptional(Throwable thrown, int methodId) {
        if (!active) return;
        try {
            ThreadTrace t = current();
            if (t != null) t.exitExceptional(methodId, thrown);
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    /**
     * Called at the start of each exception handler of a traced method, with the caught
     * exception. Frames above the handler's frame are gone; closes any left open.
     */
    public static void caught(Throwable caught, int methodId) {
        if (!active) return;
        try {
            ThreadTrace t = current();
            if (t != null) t.caught(methodId, caught);
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }
}
