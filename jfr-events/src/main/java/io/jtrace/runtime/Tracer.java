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
    /** Whether throw, catch, finally, origin and uncaught records are written (agent option exceptions). */
    static boolean exceptions;
    /**
     * Tracing started in a running JVM (attach): an exit with no open frame is a call that was
     * running before tracing started, recorded as such (see {@link ThreadTrace#enteredBeforeTracing}).
     */
    static volatile boolean attached;

    private static final ThreadLocal<ThreadTrace> TRACES = new ThreadLocal<>();
    /**
     * The traces again, by the low bits of their thread's id: every enter and exit looks its
     * thread's trace up here first. {@code ThreadLocal.get} is a call the JIT does not inline (its
     * compiled code is larger than what C2 inlines once compiled), and a call looks up twice: the
     * table saves most of that (bench/README.md, "each thread's trace found without
     * ThreadLocal.get"). A slot holds one
     * thread's trace; a thread whose slot another live thread holds finds its trace through
     * {@link #TRACES}, as before. Plain loads and stores: a stale or lost entry only sends a thread
     * the slow way once, and the owner check keeps a thread from another's trace.
     */
    private static final ThreadTrace[] BY_ID = new ThreadTrace[4096];

    /**
     * Bumped when an operation failed before it found its thread's trace (out of stack at the
     * first call, say): every trace then checks its stack against the real one (see
     * {@link ThreadTrace#repairStack}). A plain increment: it must work even out of stack.
     */
    static volatile int failureEpoch;

    /** The calling thread's trace, created on first use; null while the tracer is busy on it. */
    static ThreadTrace current() {
        return current(false);
    }

    /** {@code entering}: for {@link #enter}, whose caller's frame is not open yet. */
    private static ThreadTrace current(boolean entering) {
        Thread me = Thread.currentThread();
        int slot = slot(me);
        ThreadTrace t = BY_ID[slot];
        if (t == null || t.owner != me || t.generation != TraceRuntime.generation) t = lookUp(me, slot);
        if (t.busy) return null;
        if (t.stale || t.seenFailureEpoch != failureEpoch) t.repairStack(entering);
        return t;
    }

    private static int slot(Thread thread) {
        return (int) thread.getId() & (BY_ID.length - 1);
    }

    /** The slow way: the thread-local, a new trace if there is none yet or it is left over from an earlier attach. */
    private static ThreadTrace lookUp(Thread me, int slot) {
        ThreadTrace t = TRACES.get();
        if (t == null || t.generation != TraceRuntime.generation) {
            t = TraceRuntime.newThreadTrace(me);
            TRACES.set(t);
        }
        ThreadTrace held = BY_ID[slot];
        if (held == null || held.generation != t.generation || !held.owner.isAlive()) BY_ID[slot] = t;
        return t;
    }

    /** The trace of a thread that has ended leaves the table (it is written and forgotten). */
    static void forget(ThreadTrace t) {
        int slot = slot(t.owner);
        if (BY_ID[slot] == t) BY_ID[slot] = null;
    }

    /** Test only: whether {@code t} is the one its thread's slot holds. */
    static boolean inTable(ThreadTrace t) {
        return BY_ID[slot(t.owner)] == t;
    }

    /** Tracing stopped: no trace is looked up again (a later attach makes new ones). */
    static void forgetAll() {
        java.util.Arrays.fill(BY_ID, null);
    }

    /**
     * An operation on {@code t} failed (null if before the thread's trace was found): counted;
     * its stack is rebuilt and the next record starts with a RESYNC record (see {@link ThreadTrace#stale}).
     */
    static void failed(ThreadTrace t, Throwable e) {
        if (t != null) t.failures++;
        TraceRuntime.internalError(e);
    }

    public static void enter(int methodId) {
        if (!active) return;
        ThreadTrace t = null;
        try {
            t = current(true);
            if (t != null) t.enter(methodId);
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }

    public static void exit(int methodId) {
        if (!active) return;
        ThreadTrace t = null;
        try {
            t = current();
            if (t != null) t.exit(methodId);
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }

    /** Called from the catch-all handler that wraps every traced method; the caller rethrows. */
    public static void exitExceptional(Throwable thrown, int methodId) {
        if (!active) return;
        ThreadTrace t = null;
        try {
            t = current();
            if (t != null) t.checkAfter(thrown);
            if (t != null) {
                if (exceptions) ExceptionEvents.beforeExceptionalExit(t, thrown, methodId);
                t.exitExceptional(methodId, thrown);
                if (exceptions) ExceptionEvents.afterExceptionalExit(t, thrown);
            }
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }

    /**
     * Called at the start of each exception handler of a traced method, with the caught
     * exception. Frames above the handler's frame are gone; closes any left open.
     */
    public static void caught(Throwable caught, int methodId) {
        if (!active) return;
        ThreadTrace t = null;
        try {
            t = current();
            if (t != null) t.checkAfter(caught);
            if (t != null) t.caught(methodId, caught);
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }

    // ---------------------------------------------------------------- exceptions

    /** Before an {@code athrow} in traced code, with the exception on the stack (may be null). */
    public static void thrown(Throwable thrown, int line, int methodId) {
        if (!active) return;
        ThreadTrace t = null;
        try {
            t = current();
            if (t != null) ExceptionEvents.thrown(t, thrown, line, methodId);
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }

    /** At the start of a typed handler; {@code declaredTypeId} names the declared type(s). */
    public static void caughtAs(Throwable caught, int methodId, int line, int declaredTypeId) {
        if (!active) return;
        ThreadTrace t = null;
        try {
            t = current();
            if (t != null) t.checkAfter(caught);
            if (t != null) ExceptionEvents.caught(t, caught, methodId, line, declaredTypeId);
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }

    /**
     * At the start of a catch-any handler of a finally block, or of try-with-resources' close
     * step ({@code what}: {@link RecordFormat#FINALLY_BLOCK}, {@link RecordFormat#FINALLY_RESOURCE_CLOSE}).
     */
    public static void unwinding(Throwable thrown, int methodId, int line, int what) {
        if (!active) return;
        ThreadTrace t = null;
        try {
            t = current();
            if (t != null) t.checkAfter(thrown);
            if (t != null) ExceptionEvents.unwinding(t, thrown, methodId, line, what);
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }

    /** Before {@code primary.addSuppressed(suppressed)} in traced code. */
    public static void suppressed(Object primary, Throwable suppressed, int line, int methodId) {
        if (!active) return;
        ThreadTrace t = null;
        try {
            t = current();
            if (t != null) ExceptionEvents.suppressed(t, primary, suppressed, line, methodId);
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }

    /**
     * {@code thread} dies of {@code thrown}: called from the JDK's
     * {@code Thread.dispatchUncaughtException} (the agent adds the call), before the thread's
     * uncaught exception handler runs, whichever it is. Public for that call only.
     */
    public static void threadDies(Thread thread, Throwable thrown) {
        if (!active || !exceptions || thread != Thread.currentThread()) return;
        ThreadTrace t = null;
        try {
            t = current();
            if (t != null) ExceptionEvents.uncaught(t, thrown, UncaughtHandlers.of(thread));
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }

    /**
     * Called at the start of {@code FutureTask.setException} and {@code CompletableFuture.completeThrowable}
     * (JDK code the agent hooks, see UncaughtDispatchHook): the JDK caught a task's exception and
     * keeps it for the Future's {@code get()}; recorded as caught where the JDK caught it.
     * {@code which}: 0 FutureTask, 1 CompletableFuture (both the same today; kept for the record).
     */
    public static void keptByFuture(Throwable thrown, int which) {
        if (!active || !exceptions) return;
        ThreadTrace t = null;
        try {
            t = current();
            if (t != null) ExceptionEvents.keptByFuture(t, thrown);
        } catch (Throwable e) {
            // Plain stores first: out of stack, any call may fail again.
            if (t != null) t.stale = true;
            else failureEpoch++;
            failed(t, e);
        }
    }
}
