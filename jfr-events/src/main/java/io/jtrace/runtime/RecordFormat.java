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
    /** Reserved: per-line event, aux = line. */
    public static final int LINE = 6;
    /** Reserved: variable read or write, aux = variable id. */
    public static final int VARIABLE = 7;
    /** Reserved: exception left the thread (uncaught). */
    public static final int UNCAUGHT = 8;
    /** Reserved: exception first seen in traced code after being raised elsewhere. */
    public static final int ORIGIN = 9;

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
