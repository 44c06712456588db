package io.jtrace.runtime;

import static io.jtrace.runtime.RecordFormat.FLAG_ELEMENT;
import static io.jtrace.runtime.RecordFormat.FLAG_OWNER;
import static io.jtrace.runtime.RecordFormat.VALUE_DOUBLE;
import static io.jtrace.runtime.RecordFormat.VALUE_FLOAT;
import static io.jtrace.runtime.RecordFormat.VALUE_INT;
import static io.jtrace.runtime.RecordFormat.VALUE_NULL;
import static io.jtrace.runtime.RecordFormat.VALUE_OBJECT;
import static io.jtrace.runtime.RecordFormat.VALUE_REDACTED;
import static io.jtrace.runtime.RecordFormat.VALUE_STRING;
import static io.jtrace.runtime.RecordFormat.VALUE_TEXT;

/**
 * The static entry points for line and variable records ({@code --lines}, {@code --vars}).
 * Instrumented code passes the value it just read or wrote and the access-site id; one overload
 * per value kind so nothing is boxed. Like {@link Tracer}, every method is total: it never
 * throws into the application and ignores calls made while the tracer runs on the same thread.
 *
 * <p>References are recorded as type + identity ({@code System.identityHashCode}), never by
 * calling the application: strings are copied (truncated), boxed primitives and enum constants
 * are rendered by the JDK's own final methods, and {@code toString()} is only called when the
 * user opted in, guarded so a throwing or recursing {@code toString} cannot escape.
 */
public final class VariableTracer {
    private VariableTracer() {}

    /** Longest string copied into a record (the full length is recorded too). */
    static int maxStringChars = 100;
    /** {@code --values=tostring}: render other objects with their own toString(). */
    static boolean callToString;

    /** Threads running a toString() for a value now (only with --values=tostring). */
    private static final java.util.Set<Thread> IN_TO_STRING = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * True if the calling thread is inside a value's toString(): a StackOverflowError the
     * tracer's entry points meet there is that toString() recursing, not a tracer failure.
     */
    static boolean callingToString() {
        return !IN_TO_STRING.isEmpty() && IN_TO_STRING.contains(Thread.currentThread());
    }

    /** Called by the agent before tracing starts. */
    public static void configure(int maxChars, boolean toString) {
        maxStringChars = maxChars > 0 ? maxChars : 100;
        callToString = toString;
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
            putElement(t, array, index);
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
            putElement(t, array, index);
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
            putElement(t, array, index);
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
            if (t != null) putElement(t, array, index);
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
        t.begin(RecordFormat.VARIABLE, site, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
        t.putVarLong(tag);
        return t;
    }

    private static void putElement(ThreadTrace t, Object array, int index) {
        t.putVarLong(ThreadTrace.identity(array));
        t.putZigZag(index);
    }

    private static void object(int site, int flags, Object owner, Object array, int index, Object v) {
        ThreadTrace t = target();
        if (t == null) return;
        int tag;
        String text = null;
        int typeId = 0;
        if (v == null) {
            tag = VALUE_NULL;
        } else if (v instanceof String) {
            tag = VALUE_STRING;
            text = (String) v;
        } else {
            typeId = TypeRegistry.idOf(v);
            text = describe(t, v); // before begin(): a toString() may run code
            tag = text == null ? VALUE_OBJECT : VALUE_TEXT;
        }
        int max = maxStringChars;
        int room = RecordFormat.MAX_FIXED_RECORD + (text == null ? 0 : ThreadTrace.stringRoom(Math.min(text.length(), max)));
        t.begin(RecordFormat.VARIABLE, site, System.nanoTime(), room);
        t.putVarLong(tag | flags);
        if ((flags & FLAG_OWNER) != 0) t.putVarLong(ThreadTrace.identity(owner));
        if ((flags & FLAG_ELEMENT) != 0) putElement(t, array, index);
        switch (tag) {
            case VALUE_STRING:
                t.putVarLong(text.length());
                t.putString(text, max);
                break;
            case VALUE_OBJECT:
                t.putVarLong(typeId);
                t.putVarLong(ThreadTrace.identity(v));
                break;
            case VALUE_TEXT:
                t.putVarLong(typeId);
                t.putVarLong(ThreadTrace.identity(v));
                t.putVarLong(text.length());
                t.putString(text, max);
                break;
            default:
                break;
        }
        t.recordOpen = false;
    }

    /**
     * Text for values the JDK renders without running application code (boxed primitives, enum
     * constant names), or the object's own toString() if the user opted in; else null.
     */
    private static String describe(ThreadTrace t, Object v) {
        Class<?> c = v.getClass();
        if (c == Integer.class || c == Long.class || c == Boolean.class || c == Character.class || c == Double.class
                || c == Float.class || c == Short.class || c == Byte.class) {
            return String.valueOf(v);
        }
        if (v instanceof Enum) return ((Enum<?>) v).name(); // final in java.lang.Enum
        if (!callToString) return null;
        boolean wasBusy = t.busy;
        t.busy = true; // traced code that toString() runs is not recorded (and cannot recurse into us)
        Thread self = Thread.currentThread();
        IN_TO_STRING.add(self);
        try {
            String s = v.toString();
            return s == null ? "null" : s;
        } catch (Throwable e) {
            return "<toString threw " + e.getClass().getName() + ">";
        } finally {
            IN_TO_STRING.remove(self);
            t.busy = wasBusy;
        }
    }
}
