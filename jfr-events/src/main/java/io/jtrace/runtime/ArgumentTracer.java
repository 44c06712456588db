package io.jtrace.runtime;

import static io.jtrace.runtime.RecordFormat.ARGUMENT;
import static io.jtrace.runtime.RecordFormat.RETURN;
import static io.jtrace.runtime.RecordFormat.VALUE_DOUBLE;
import static io.jtrace.runtime.RecordFormat.VALUE_FLOAT;
import static io.jtrace.runtime.RecordFormat.VALUE_INT;
import static io.jtrace.runtime.RecordFormat.VALUE_REDACTED;

/**
 * The static entry points for argument and return values ({@code run --args}). Instrumented code
 * calls {@code argument} once per parameter right after {@link Tracer#enter}, and
 * {@code returned} with the value about to be returned right before {@link Tracer#exit}; one
 * overload per value kind so nothing is boxed. Values follow the same rules as variables
 * ({@link ValueRecords}); a redacted parameter's value is never passed here. Like {@link Tracer},
 * every method is total: it never throws into the application and ignores calls made while the
 * tracer runs on the same thread.
 *
 * <p>An argument is written only on top of its own frame's ENTER record (the frame is the
 * innermost and within the depth limit), so the reader attaches it to that call; neither kind
 * reads the clock or has a time of its own (see {@link RecordFormat#ARGUMENT}).
 */
public final class ArgumentTracer {
    private ArgumentTracer() {}

    public static void argument(int v, int index, int methodId) {
        argument((long) v, index, methodId);
    }

    public static void argument(long v, int index, int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = enteredFrame(methodId);
            if (t == null) return;
            ValueRecords.beginFixedValue(t, ARGUMENT, index, VALUE_INT);
            t.putZigZag(v);
            t.recordOpen = false;
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    public static void argument(float v, int index, int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = enteredFrame(methodId);
            if (t == null) return;
            ValueRecords.beginFixedValue(t, ARGUMENT, index, VALUE_FLOAT);
            t.putVarLong(Float.floatToRawIntBits(v) & 0xffffffffL);
            t.recordOpen = false;
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    public static void argument(double v, int index, int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = enteredFrame(methodId);
            if (t == null) return;
            ValueRecords.beginFixedValue(t, ARGUMENT, index, VALUE_DOUBLE);
            t.putVarLong(Double.doubleToRawLongBits(v));
            t.recordOpen = false;
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    public static void argument(Object v, int index, int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = enteredFrame(methodId);
            if (t != null) ValueRecords.object(t, ARGUMENT, index, false, 0, null, null, 0, v);
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    /** A parameter whose name matched the redaction rules: its value was never loaded. */
    public static void argumentRedacted(int index, int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = enteredFrame(methodId);
            if (t == null) return;
            ValueRecords.beginFixedValue(t, ARGUMENT, index, VALUE_REDACTED);
            t.recordOpen = false;
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    public static void returned(int v, int methodId) {
        returned((long) v, methodId);
    }

    public static void returned(long v, int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = returningFrame(methodId);
            if (t == null) return;
            ValueRecords.beginFixedValue(t, RETURN, 0, VALUE_INT);
            t.putZigZag(v);
            t.recordOpen = false;
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    public static void returned(float v, int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = returningFrame(methodId);
            if (t == null) return;
            ValueRecords.beginFixedValue(t, RETURN, 0, VALUE_FLOAT);
            t.putVarLong(Float.floatToRawIntBits(v) & 0xffffffffL);
            t.recordOpen = false;
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    public static void returned(double v, int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = returningFrame(methodId);
            if (t == null) return;
            ValueRecords.beginFixedValue(t, RETURN, 0, VALUE_DOUBLE);
            t.putVarLong(Double.doubleToRawLongBits(v));
            t.recordOpen = false;
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    public static void returned(Object v, int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = returningFrame(methodId);
            if (t != null) ValueRecords.object(t, RETURN, 0, false, 0, null, null, 0, v);
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    /** A method whose name matched the redaction rules ({@code getPassword()}): its value was never passed. */
    public static void returnedRedacted(int methodId) {
        if (!Tracer.active) return;
        ThreadTrace t = null;
        try {
            t = returningFrame(methodId);
            if (t == null) return;
            ValueRecords.beginFixedValue(t, RETURN, 0, VALUE_REDACTED);
            t.recordOpen = false;
        } catch (Throwable e) {
            failed(t, e);
        }
    }

    /** The thread's trace if the innermost open frame is {@code methodId}'s and its ENTER was written; else null. */
    private static ThreadTrace enteredFrame(int methodId) {
        ThreadTrace t = Tracer.current();
        return t != null && t.depth <= Tracer.maxDepth && t.currentMethod() == methodId ? t : null;
    }

    /**
     * The thread's trace if {@code methodId}'s frame is open and its EXIT will be written; else
     * null. Frames above it that vanished without an exit (see {@link ThreadTrace#unwindTo}) are
     * closed first, as {@link Tracer#exit} would, so the value lands right before its own EXIT.
     */
    private static ThreadTrace returningFrame(int methodId) {
        ThreadTrace t = Tracer.current();
        if (t == null || t.depth == 0) return null;
        if (t.currentMethod() != methodId && t.unwindTo(methodId, null) < 0) return null;
        return t.depth <= Tracer.maxDepth ? t : null;
    }

    private static void failed(ThreadTrace t, Throwable e) {
        // Plain stores first: out of stack, any call may fail again.
        if (t != null) t.stale = true;
        else Tracer.failureEpoch++;
        Tracer.failed(t, e);
    }
}
