package io.jtrace.runtime;

/**
 * Writes the exception records of one thread (THROW, CATCH, FINALLY, SUPPRESSED, UNCAUGHT and
 * ORIGIN, see {@link RecordFormat}) into its {@link ThreadTrace}, in the same stream as its calls
 * so that their order is exact. Called by {@link Tracer}, which catches anything thrown here.
 *
 * <p>While a record is built the trace is marked busy: reading a JDK exception's message may run
 * code, and nothing it does may be recorded in the middle of our record.
 */
final class ExceptionEvents {
    private ExceptionEvents() {}

    private static final int THROW_ROOM = RecordFormat.MAX_FIXED_RECORD + ThreadTrace.stringRoom(RecordFormat.MAX_MESSAGE);
    private static final int ORIGIN_ROOM = THROW_ROOM + 3 * ThreadTrace.stringRoom(RecordFormat.MAX_NAME);

    /** An {@code athrow} in traced code, just before it executes. */
    static void thrown(ThreadTrace tt, Throwable ex, int line, int methodId) {
        if (ex == null) return; // 'throw null' raises a NullPointerException, recorded where it surfaces
        ExceptionTrail trail = tt.trail();
        int d = tt.depth;
        int slot = trail.find(ex);
        int flags = 0;
        if (slot >= 0) {
            if (trail.state(slot) == ExceptionTrail.UNWINDING && trail.depth(slot) == d) {
                trail.set(slot, ExceptionTrail.THROWN, d); // the end of a finally block: it unwinds on
                return;
            }
            flags = RecordFormat.THROW_RETHROW;
        }
        boolean record = recordable(tt);
        if (record) {
            boolean wasBusy = tt.busy;
            tt.busy = true;
            try {
                String message = safeMessage(ex);
                long cause = ThreadTrace.identity(safeCause(ex));
                tt.begin(RecordFormat.THROW, methodId, System.nanoTime(), THROW_ROOM);
                tt.putVarLong(Math.max(0, line));
                tt.putVarLong(TypeRegistry.idOf(ex));
                tt.putVarLong(ThreadTrace.identity(ex));
                tt.putVarLong(flags);
                tt.putVarLong(cause);
                tt.putString(message, RecordFormat.MAX_MESSAGE);
                tt.recordOpen = false;
            } finally {
                tt.busy = wasBusy;
            }
        }
        if (slot >= 0) {
            trail.set(slot, ExceptionTrail.THROWN, d);
            if (record) trail.markRecorded(slot);
        } else {
            trail.add(ex, ExceptionTrail.THROWN, d, record);
        }
    }

    /** A typed handler of {@code methodId} starts with {@code ex}. */
    static void caught(ThreadTrace tt, Throwable ex, int methodId, int line, int declaredTypeId) {
        if (ex == null) return;
        int slot = handlerEntered(tt, ex, methodId, ExceptionTrail.CAUGHT);
        if (!recordable(tt)) return;
        tt.begin(RecordFormat.CATCH, methodId, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
        tt.putVarLong(Math.max(0, line));
        tt.putVarLong(Math.max(0, declaredTypeId));
        tt.putVarLong(ThreadTrace.identity(ex));
        tt.putVarLong(TypeRegistry.idOf(ex));
        tt.recordOpen = false;
        tt.trail().markRecorded(slot);
    }

    /** A finally handler (or a try-with-resources close step) of {@code methodId} starts with {@code ex}. */
    static void unwinding(ThreadTrace tt, Throwable ex, int methodId, int line, int what) {
        if (ex == null) return;
        int slot = handlerEntered(tt, ex, methodId, ExceptionTrail.UNWINDING);
        if (!recordable(tt)) return;
        tt.begin(RecordFormat.FINALLY, methodId, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
        tt.putVarLong(Math.max(0, line));
        tt.putVarLong(ThreadTrace.identity(ex));
        tt.putVarLong(TypeRegistry.idOf(ex));
        tt.putVarLong(what);
        tt.recordOpen = false;
        tt.trail().markRecorded(slot);
    }

    /** {@code primary.addSuppressed(suppressed)} is about to run in traced code. */
    static void suppressed(ThreadTrace tt, Object primary, Throwable suppressed, int line, int methodId) {
        if (!(primary instanceof Throwable) || suppressed == null || primary == suppressed) return;
        ensureSeen(tt, suppressed, methodId);
        if (!recordable(tt)) return;
        tt.begin(RecordFormat.SUPPRESSED, methodId, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
        tt.putVarLong(Math.max(0, line));
        tt.putVarLong(ThreadTrace.identity(primary));
        tt.putVarLong(ThreadTrace.identity(suppressed));
        tt.putVarLong(TypeRegistry.idOf(suppressed));
        tt.putVarLong(TypeRegistry.idOf(primary));
        tt.recordOpen = false;
    }

    /** Before the exceptional-exit record of {@code methodId}: an exception first seen here gets its origin. */
    static void beforeExceptionalExit(ThreadTrace tt, Throwable ex, int methodId) {
        if (ex != null) ensureSeen(tt, ex, methodId);
    }

    /** After the exceptional exit: the exception now unwinds in the caller, at the new depth. */
    static void afterExceptionalExit(ThreadTrace tt, Throwable ex) {
        ExceptionTrail trail = tt.trail;
        if (trail == null) return;
        int slot = trail.find(ex);
        if (slot >= 0) trail.set(slot, ExceptionTrail.THROWN, tt.depth);
        trail.dropAbove(tt.depth);
    }

    /**
     * The thread is about to die of {@code ex} (called as the JDK dispatches it to the thread's
     * uncaught exception handler, whose class name is {@code handler}; null if unknown).
     */
    static void uncaught(ThreadTrace tt, Throwable ex, String handler) {
        if (ex == null) return;
        ensureSeen(tt, ex, 0);
        int handlerId = handler == null ? 0 : TypeRegistry.idOfName(handler);
        tt.begin(RecordFormat.UNCAUGHT, handlerId, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
        tt.putVarLong(ThreadTrace.identity(ex));
        tt.putVarLong(TypeRegistry.idOf(ex));
        tt.recordOpen = false;
    }

    /**
     * The JDK caught {@code ex}, a task's exception, to keep it for a Future: a caught step at the
     * JDK method that caught it (the caller of the hooked JDK method), declared as Throwable; only
     * if this thread's traced code threw or saw it.
     */
    /** With class references: JDK 25's StackFrame.getDescriptor() asks for them. */
    private static final StackWalker CATCHER_WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    static void keptByFuture(ThreadTrace tt, Throwable ex) {
        // only a journey that traced code began here: an exception that never met traced code
        // (the JDK's own tasks, untraced libraries) would be noise, and its origin costs a stack walk
        if (ex == null || tt.trail == null || tt.trail.find(ex) < 0) return;
        StackWalker.StackFrame catcher = CATCHER_WALKER.walk(s -> s
                .dropWhile(f -> f.getClassName().startsWith("io.jtrace.runtime.")).skip(1).findFirst()).orElse(null);
        if (catcher == null) return;
        int line = Math.max(0, catcher.getLineNumber());
        caught(tt, ex, JdkSites.idOf(catcher), line, TypeRegistry.idOfName("java.lang.Throwable"));
    }

    /**
     * Common start of a handler: the origin if the exception is new to us, then the repair of
     * frames that vanished without an exit record, then the trail entry moves to this frame.
     */
    private static int handlerEntered(ThreadTrace tt, Throwable ex, int methodId, byte state) {
        ensureSeen(tt, ex, methodId);
        tt.caught(methodId, ex);
        ExceptionTrail trail = tt.trail();
        int slot = trail.find(ex);
        if (slot < 0) slot = trail.add(ex, state, tt.depth, false);
        trail.set(slot, state, tt.depth);
        trail.dropAbove(tt.depth);
        return slot;
    }

    /** Writes an ORIGIN record for an exception this thread has no record of yet. */
    private static void ensureSeen(ThreadTrace tt, Throwable ex, int methodId) {
        ExceptionTrail trail = tt.trail();
        int slot = trail.find(ex);
        if (slot >= 0 && trail.recorded(slot)) return;
        boolean record = recordable(tt);
        if (record) writeOrigin(tt, ex, methodId, slot >= 0);
        if (slot < 0) {
            trail.add(ex, ExceptionTrail.THROWN, tt.depth, record);
        } else if (record) {
            trail.markRecorded(slot);
        }
    }

    private static void writeOrigin(ThreadTrace tt, Throwable ex, int methodId, boolean unrecordedThrow) {
        boolean wasBusy = tt.busy;
        tt.busy = true;
        try {
            StackTraceElement[] stack;
            try {
                // Out of memory, a stack trace cannot be made (and the JVM's own may be empty):
                // the error surfaced where we see it.
                stack = ex instanceof OutOfMemoryError ? null : ExceptionFields.stackTrace(ex);
            } catch (Throwable e) {
                stack = null;
            }
            int site = siteIndex(stack, ex.getClass());
            int surface = surfaceIndex(stack, methodId);
            int flags = (site >= 0 && site == surface ? RecordFormat.ORIGIN_AT_SURFACE : 0)
                    | (unrecordedThrow ? RecordFormat.ORIGIN_UNRECORDED_THROW : 0);
            StackTraceElement s = site >= 0 ? stack[site] : null;
            String message = safeMessage(ex);
            long cause = ThreadTrace.identity(safeCause(ex));
            tt.begin(RecordFormat.ORIGIN, methodId, System.nanoTime(), ORIGIN_ROOM);
            tt.putVarLong(flags);
            tt.putVarLong(TypeRegistry.idOf(ex));
            tt.putVarLong(ThreadTrace.identity(ex));
            tt.putVarLong(cause);
            tt.putString(message, RecordFormat.MAX_MESSAGE);
            tt.putString(s == null ? null : s.getClassName(), RecordFormat.MAX_NAME);
            tt.putString(s == null ? null : s.getMethodName(), RecordFormat.MAX_NAME);
            tt.putString(s == null ? null : s.getFileName(), RecordFormat.MAX_NAME);
            tt.putZigZag(s == null ? 0 : s.getLineNumber());
            tt.putVarLong(surface >= 0 ? Math.max(0, stack[surface].getLineNumber()) : 0);
            tt.recordOpen = false;
        } finally {
            tt.busy = wasBusy;
        }
    }

    /**
     * The frame that raised the exception: the first one that is not code of the exception's
     * own class or its superclasses (static factories such as NumberFormatException.forInputString).
     */
    private static int siteIndex(StackTraceElement[] stack, Class<?> type) {
        if (stack == null) return -1;
        for (int i = 0; i < stack.length; i++) {
            if (!isOwnCode(stack[i].getClassName(), type)) return i;
        }
        return stack.length > 0 ? 0 : -1;
    }

    private static boolean isOwnCode(String className, Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (c.getName().equals(className)) return true;
        }
        return false;
    }

    /** The innermost frame of the traced method where the exception surfaced, or -1. */
    private static int surfaceIndex(StackTraceElement[] stack, int methodId) {
        if (stack == null || methodId <= 0) return -1;
        String cls = MethodRegistry.className(methodId);
        String name = MethodRegistry.methodName(methodId);
        if (cls == null) return -1;
        for (int i = 0; i < stack.length; i++) {
            if (cls.equals(stack[i].getClassName()) && name.equals(stack[i].getMethodName())) return i;
        }
        return -1;
    }

    private static boolean recordable(ThreadTrace tt) {
        return tt.depth == 0 || tt.depth - 1 < Tracer.maxDepth;
    }

    private static String safeMessage(Throwable ex) {
        try {
            return ExceptionFields.message(ex);
        } catch (Throwable e) {
            return null;
        }
    }

    private static Throwable safeCause(Throwable ex) {
        try {
            return ExceptionFields.cause(ex);
        } catch (Throwable e) {
            return null;
        }
    }
}
