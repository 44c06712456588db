package io.jtrace.runtime;

/**
 * The wire format of a {@code jtrace.TraceBatch} payload, shared by the writer in the target
 * ({@link ThreadTrace}) and the reader in the CLI ({@link RecordDecoder}).
 *
 * <p>Why a packed payload instead of one JFR event per call: one custom event costs ~115 ns and
 * 12-13 bytes; packing a thread's records into one event per few thousand records costs 4-7
 * bytes per call and leaves the clock as the main cost (see DESIGN.md, measured facts).
 *
 * <p>JFR writes a long {@code String} field as a char array with each char as a varint, so chars
 * below 128 cost one byte. The payload therefore uses 7-bit units: each unit carries 6 value bits
 * and a continuation bit ({@link #MORE}). A record is:
 * <pre>
 *   header  = varint((aux &lt;&lt; 4) | kind)
 *   delta   = varint(nanoTime - previous record's nanoTime)   (first record: - batch baseNanos)
 *   body    = kind-specific varints / strings
 * </pre>
 */
public final class RecordFormat {
    private RecordFormat() {}

    /** Continuation bit of a 7-bit unit. */
    public static final int MORE = 0x40;
    /** Value bits per unit. */
    public static final int BITS = 6;
    public static final int MASK = 0x3f;

    // --- record kinds (4 bits). Numbers are part of the file format: never reuse one. ---
    /** aux = method id. Body: none. */
    public static final int ENTER = 0;
    /** aux = 0; the innermost open frame returned normally. Body: none. */
    public static final int EXIT = 1;
    /**
     * aux = 0; the innermost open frame was left by an exception.
     * Body: exception identity (identityHashCode), exception type id (0 = unknown).
     */
    public static final int EXIT_EXCEPTIONAL = 2;
    /** Reserved for exception events: throw (issue: exception tracking). */
    public static final int THROW = 3;
    /** Reserved: handler entered. */
    public static final int CATCH = 4;
    /** Reserved: finally block run while unwinding. */
    public static final int FINALLY = 5;
    /**
     * A source line started executing (a "sequence point"): aux = line number. Body: none. The
     * line belongs to the innermost open frame (line probes only run in traced methods).
     */
    public static final int LINE = 6;
    /**
     * A variable was read or written: aux = access-site id (a {@code jtrace.VariableDefinition}
     * gives the method, variable kind, name, declared type, line and read/write of the site).
     * Body:
     * <pre>
     *   tag     = varint(valueTag | FLAG_OWNER? | FLAG_ELEMENT?)        (one unit)
     *   owner   = varint(identity of the object whose field it is)     if FLAG_OWNER
     *   element = varint(identity of the array), varint(index)         if FLAG_ELEMENT
     *   value   = by valueTag:
     *     VALUE_INT       zigzag varint (boolean, byte, char, short, int, long)
     *     VALUE_FLOAT     varint(Float.floatToRawIntBits, as unsigned 32 bits)
     *     VALUE_DOUBLE    varint(Double.doubleToRawLongBits)
     *     VALUE_NULL      nothing
     *     VALUE_STRING    varint(full length), string (at most the configured chars; see ThreadTrace.putString)
     *     VALUE_OBJECT    varint(type id), varint(identity)
     *     VALUE_TEXT      varint(type id), varint(identity), varint(full length), string:
     *                     a boxed primitive, an enum constant's name, or toString() (opt-in)
     *     VALUE_REDACTED  nothing (the name matched the redaction list: the value never left the app)
     * </pre>
     */
    public static final int VARIABLE = 7;
    /** Reserved: exception left the thread (uncaught). */
    public static final int UNCAUGHT = 8;
    /** Reserved: exception first seen in traced code after being raised elsewhere. */
    public static final int ORIGIN = 9;

    // --- value tags of VARIABLE records (low 4 bits of the tag unit) and their flags ---
    public static final int VALUE_INT = 0;
    public static final int VALUE_FLOAT = 1;
    public static final int VALUE_DOUBLE = 2;
    public static final int VALUE_NULL = 3;
    public static final int VALUE_STRING = 4;
    public static final int VALUE_OBJECT = 5;
    public static final int VALUE_TEXT = 6;
    public static final int VALUE_REDACTED = 7;
    public static final int VALUE_TAG_MASK = 0x0f;
    /** The owner's identity follows the tag (instance fields). */
    public static final int FLAG_OWNER = 0x10;
    /** The array's identity and the index follow the tag (array elements). */
    public static final int FLAG_ELEMENT = 0x20;

    /** Upper bound of the bytes one fixed-size record can take (header + delta + body). */
    public static final int MAX_FIXED_RECORD = 64;

    public static String kindName(int kind) {
        switch (kind) {
            case ENTER: return "enter";
            case EXIT: return "exit";
            case EXIT_EXCEPTIONAL: return "exit-exceptional";
            case THROW: return "throw";
            case CATCH: return "catch";
            case FINALLY: return "finally";
            case LINE: return "line";
            case VARIABLE: return "variable";
            case UNCAUGHT: return "uncaught";
            case ORIGIN: return "origin";
            default: return "kind-" + kind;
        }
    }
}
