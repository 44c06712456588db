package io.jtrace.runtime;

import static io.jtrace.runtime.RecordFormat.FLAG_ELEMENT;
import static io.jtrace.runtime.RecordFormat.FLAG_OWNER;
import static io.jtrace.runtime.RecordFormat.VALUE_DOUBLE;
import static io.jtrace.runtime.RecordFormat.VALUE_FLOAT;
import static io.jtrace.runtime.RecordFormat.VALUE_INT;
import static io.jtrace.runtime.RecordFormat.VALUE_REDACTED;

/**
 * The static entry points for line and variable records ({@code --lines}, {@code --vars}).
 * Instrumented code passes the value it just read or wrote and the access-site id; one overload
 * per value kind so nothing is boxed. Like {@link Tracer}, every method is total: it never
 * throws into the application and ignores calls made while the tracer runs on the same thread.
 * What is recorded of a value: {@link ValueRecords}, shared with arguments and return values.
 */
public final class VariableTracer {
    private VariableTracer() {}

    /** Called by the agent before tracing starts: strings copied up to {@code maxChars}; {@code toString}: --values=tostring. */
    public static void configure(int maxChars, boolean toString) {
        ValueRecords.maxStringChars = maxChars > 0 ? maxChars : 100;
        ValueRecords.callToString = toString;
    }

    // ---------------------------------------------------------------- lines

    public static void line(int line) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = target();
            if (t != null) {
                t.begin(RecordFormat.LINE, line, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
                t.recordOpen = false;
            }
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    // ---------------------------------------------------------------- locals, parameters, statics

    public static void value(int v, int site) {
        value((long) v, site);
    }

    public static void value(long v, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_INT);
            if (t != null) t.putZigZag(v);
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void value(float v, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_FLOAT);
            if (t != null) t.putVarLong(Float.floatToRawIntBits(v) & 0xffffffffL);
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void value(double v, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_DOUBLE);
            if (t != null) t.putVarLong(Double.doubleToRawLongBits(v));
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void value(Object v, int site) {
        if (!Tracer.active) return;
        try {
            object(site, 0, null, null, 0, v);
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void redacted(int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_REDACTED);
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    // ---------------------------------------------------------------- instance fields

    public static void field(Object owner, int v, int site) {
        field(owner, (long) v, site);
    }

    public static void field(Object owner, long v, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_INT | FLAG_OWNER);
            if (t == null) return;
            t.putVarLong(ThreadTrace.identity(owner));
            t.putZigZag(v);
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void field(Object owner, float v, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_FLOAT | FLAG_OWNER);
            if (t == null) return;
            t.putVarLong(ThreadTrace.identity(owner));
            t.putVarLong(Float.floatToRawIntBits(v) & 0xffffffffL);
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void field(Object owner, double v, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_DOUBLE | FLAG_OWNER);
            if (t == null) return;
            t.putVarLong(ThreadTrace.identity(owner));
            t.putVarLong(Double.doubleToRawLongBits(v));
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void field(Object owner, Object v, int site) {
        if (!Tracer.active) return;
        try {
            object(site, FLAG_OWNER, owner, null, 0, v);
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void fieldRedacted(Object owner, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_REDACTED | FLAG_OWNER);
            if (t != null) t.putVarLong(ThreadTrace.identity(owner));
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    // ---------------------------------------------------------------- array elements

    public static void element(Object array, int index, int v, int site) {
        element(array, index, (long) v, site);
    }

    public static void element(Object array, int index, long v, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_INT | FLAG_ELEMENT);
            if (t == null) return;
            ValueRecords.putElement(t, array, index);
            t.putZigZag(v);
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void element(Object array, int index, float v, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_FLOAT | FLAG_ELEMENT);
            if (t == null) return;
            ValueRecords.putElement(t, array, index);
            t.putVarLong(Float.floatToRawIntBits(v) & 0xffffffffL);
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void element(Object array, int index, double v, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_DOUBLE | FLAG_ELEMENT);
            if (t == null) return;
            ValueRecords.putElement(t, array, index);
            t.putVarLong(Double.doubleToRawLongBits(v));
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void element(Object array, int index, Object v, int site) {
        if (!Tracer.active) return;
        try {
            object(site, FLAG_ELEMENT, null, array, index, v);
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    public static void elementRedacted(Object array, int index, int site) {
        if (!Tracer.active) return;
        try {
            ThreadTrace t = start(site, VALUE_REDACTED | FLAG_ELEMENT);
            if (t != null) ValueRecords.putElement(t, array, index);
            if (t != null) t.recordOpen = false;
        } catch (Throwable e) {
            TraceRuntime.internalError(e);
        }
    }

    // ---------------------------------------------------------------- encoding

    /** The thread's trace if this record is to be written (not busy, within the depth limit). */
    private static ThreadTrace target() {
        ThreadTrace t = Tracer.current();
        return t == null || t.depth > Tracer.maxDepth ? null : t;
    }

    /** Writes the header, time and tag of a fixed-size variable record; null if not recorded. */
    private static ThreadTrace start(int site, int tag) {
        ThreadTrace t = target();
        if (t == null) return null;
        ValueRecords.beginFixed(t, RecordFormat.VARIABLE, site, System.nanoTime(), tag);
        return t;
    }

    private static void object(int site, int flags, Object owner, Object array, int index, Object v) {
        ThreadTrace t = target();
        if (t != null) ValueRecords.object(t, RecordFormat.VARIABLE, site, true, flags, owner, array, index, v);
    }
}
