package io.jtrace.runtime;

import static io.jtrace.runtime.RecordFormat.FLAG_ELEMENT;
import static io.jtrace.runtime.RecordFormat.FLAG_OWNER;
import static io.jtrace.runtime.RecordFormat.VALUE_NULL;
import static io.jtrace.runtime.RecordFormat.VALUE_OBJECT;
import static io.jtrace.runtime.RecordFormat.VALUE_STRING;
import static io.jtrace.runtime.RecordFormat.VALUE_TEXT;

/**
 * The one copy of the value rules, for every record that carries a value: variable accesses
 * ({@link VariableTracer}), arguments and return values ({@link ArgumentTracer}). What is recorded
 * of a reference, and how a value is laid out after its record's header (see
 * {@link RecordFormat#VARIABLE}).
 *
 * <p>References are recorded as type + identity ({@code System.identityHashCode}), never by
 * calling the application: strings are copied (truncated), boxed primitives and enum constants
 * are rendered by the JDK's own final methods, and {@code toString()} is only called when the
 * user opted in, guarded so a throwing or recursing {@code toString} cannot escape.
 */
final class ValueRecords {
    private ValueRecords() {}

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

    /**
     * Starts a record whose value has a fixed size (a primitive, or none): header, time and
     * {@code tag}. The caller appends the value and sets {@code recordOpen = false}.
     */
    static void beginFixed(ThreadTrace t, int kind, long aux, long now, int tag) {
        t.begin(kind, aux, now, RecordFormat.MAX_FIXED_RECORD);
        t.putVarLong(tag);
    }

    /** As {@link #beginFixed}, for a call's value: untimed (see {@link ThreadTrace#beginValue}). */
    static void beginFixedValue(ThreadTrace t, int kind, long aux, int tag) {
        t.beginValue(kind, aux, RecordFormat.MAX_FIXED_RECORD);
        t.putVarLong(tag);
    }

    /**
     * A whole record holding a reference value {@code v}: header, time ({@code clock}: read now;
     * else none, for a call's value, see {@link ThreadTrace#beginValue}), tag with {@code flags},
     * the owner's identity or the array's identity and index as the flags say, then the value.
     */
    static void object(ThreadTrace t, int kind, long aux, boolean clock, int flags, Object owner, Object array, int index,
                       Object v) {
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
        if (clock) t.begin(kind, aux, System.nanoTime(), room);
        else t.beginValue(kind, aux, room);
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

    static void putElement(ThreadTrace t, Object array, int index) {
        t.putVarLong(ThreadTrace.identity(array));
        t.putZigZag(index);
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
