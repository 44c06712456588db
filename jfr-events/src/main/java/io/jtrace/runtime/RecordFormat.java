package io.jtrace.runtime;

/**
 * The wire format of a {@code jtrace.TraceBatch} payload, shared by the writer in the target
 * ({@link ThreadTrace}) and the reader in the CLI ({@link RecordDecoder}).
 *
 * <p>Why a packed payload instead of one JFR event per call: a custom event per enter and per exit
 * costs many times the time and bytes of a packed record; packing a thread's records into one
 * event per few thousand records costs a few bytes per call and leaves the clock as the main cost
 * (docs/design/recording.md, "Why batches").
 *
 * <p>JFR writes a long {@code String} field as a char array with each char as a varint, so chars
 * below 128 cost one byte. The payload therefore uses 7-bit units: each unit carries 6 value bits
 * and a continuation bit ({@link #MORE}). A record in format 1 is:
 * <pre>
 *   header  = varint((aux &lt;&lt; 4) | kind)
 *   delta   = varint(nanoTime - previous record's nanoTime)   (first record: - batch baseNanos)
 *             absent in untimed records ({@link #isUntimed}): they take the previous record's time,
 *             and in an EXIT that carries it in its header ({@link #packedDelta})
 *   body    = kind-specific varints / strings
 * </pre>
 *
 * <p><b>Format 2</b> (the tracer's since 2026-11-26): a batch whose first unit is {@link #FORMAT_2}.
 * Enters and exits are nine in ten records and most carry a few bits (an exit's short delta, a
 * small method id), yet format 1 spends four bits of each record's first unit on its kind. In format 2
 * the first unit of a record says at once what it is and carries the first bits of its value:
 * <pre>
 *   0..63     timed EXIT, delta = the unit (0-63 ns): the whole record is one byte
 *   64..71    timed EXIT, delta = 64 + a varint whose first unit here holds 2 bits (more: 4)
 *   72..103   timed ENTER, id = a varint whose first unit here holds 4 bits (more: 16); then delta
 *   104..111  untimed ENTER, id = a varint whose first unit here holds 2 bits (more: 4)
 *   112       untimed EXIT
 *   113..120  LINE, line = a varint whose first unit here holds 2 bits (more: 4); then delta
 *   121..126  (free)
 *   127       a record in format 1 (header, delta, body) after this unit: the writers put every
 *             kind without a form of its own here (a reader takes any kind)
 * </pre>
 * ("a varint whose first unit holds k bits": those k bits are its lowest, and if the more bit is set
 * the rest follows as a format-1 varint.) No enter, exit or line record is longer than in format 1;
 * the rare kinds behind 127 take one byte more. On a call-heavy program most exits take one byte
 * instead of two (bench/README.md, "the same recordings in record format 2"). Format-1 batches
 * (older recordings, {@code new RecordEncoder(1)}) read
 * as before.
 *
 * <p><b>Format 3</b> (the tracer's since 2026-11-27): a batch whose first char is {@link #FORMAT_3}
 * ({@code '>'}). Formats 1 and 2 use all 128 units 0-127, so the payload held the control characters
 * 0-31 and 127 (ESC, NUL): {@code jfr print} sent them to the terminal and {@code jfr print --xml}
 * wrote XML that does not parse. Format 3 has the records of format 2, spelled in the 95 printable
 * ASCII chars {@code ' '..'~'} only: a char is the digit {@code char - 32} (0-94).
 * <ul>
 *   <li>A varint is continuation digits 63-94, each carrying 5 value bits (lowest first), ended by
 *       a terminal digit 0-62 carrying the rest: values under 63 take one char, under 2,016 two,
 *       under 64,512 three ({@link #F3_TERMINAL}).</li>
 *   <li>A record's first digit, as format 2's first unit (the same forms, fewer values each):
 * <pre>
 *   0..36     timed EXIT, delta = the digit (0-36 ns): the whole record is one char
 *   37..44    timed EXIT, delta = 37 + a value whose first digit here holds 2 bits (more: 4)
 *   45..76    timed ENTER, id = a value whose first digit here holds 4 bits (more: 16); then delta
 *   77..84    untimed ENTER, id = a value whose first digit here holds 2 bits (more: 4)
 *   85        untimed EXIT
 *   86..93    LINE, line = a value whose first digit here holds 2 bits (more: 4); then delta
 *   94        a record in format 1's layout (header, delta, body; its varints in format 3's)
 * </pre></li>
 * </ul>
 * Why these: the candidates were measured on the payloads of a counter, a call-heavy program, Gson
 * and Gson with --vars/--args/--lines re-encoded; this split stays closest to format 2 on all of
 * them (bench/README.md, "Payload format 3"; docs/decisions/2026-11-27-payload-format-3.md).
 * Chars 0xA0-0xFF (191 symbols) would cost less on
 * JDK 25, which stores such a String one byte per char, but JDK 17 writes each of them as a
 * two-byte varint, and a payload no longer one byte per char leaves the reader's in-place read.
 * Chars, JFR and XML: every char is below 128, so JFR writes one byte per char on every JDK; XML
 * 1.0 allows all of them.
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
    /**
     * The innermost open frame returned normally. Body: none. By aux:
     * <ul>
     *   <li>0: a time delta follows, as in every timed record (recordings before 2026-11-25, and
     *       {@link RecordEncoder#encoded} of a record copied as it was);</li>
     *   <li>{@link #EXIT_UNTIMED}: no time delta (an untimed call, see {@link #ENTER_UNTIMED});</li>
     *   <li>{@link #EXIT_PACKED} or more: the time delta is {@code aux - EXIT_PACKED}, and no delta
     *       varint follows (see {@link #packedDelta}).</li>
     * </ul>
     */
    public static final int EXIT = 1;
    /** EXIT's aux for an exit written without reading the clock: the record has no time delta. */
    public static final int EXIT_UNTIMED = 1;
    /**
     * EXIT's aux from this value up carries the time delta in the header. Why: an exit has no body
     * and its header had two value bits to spare; with the delta there an exit takes one byte
     * less for deltas of 64-253 ns, 4.1-16 us and 0.26-1 ms, and never more (see bench/README.md).
     */
    public static final int EXIT_PACKED = 2;
    /**
     * aux = 0; the innermost open frame was left by an exception.
     * Body: exception identity (identityHashCode), exception type id (0 = unknown).
     */
    public static final int EXIT_EXCEPTIONAL = 2;
    /**
     * aux = method id; an {@code athrow} in traced code. Body: line, exception type id,
     * identity, flags ({@link #THROW_RETHROW}), cause identity (0 = none),
     * message (string, at most {@link #MAX_MESSAGE} chars; null if unknown).
     */
    public static final int THROW = 3;
    /**
     * aux = method id; a typed handler of that method was entered. Body: line, declared type id
     * (a {@link TypeRegistry#idOfName name id}; multi-catch: "A | B"), identity, exception type id.
     */
    public static final int CATCH = 4;
    /**
     * aux = method id; a catch-any handler ({@code finally}) or the close step of a
     * try-with-resources was entered while an exception unwinds. Body: line, identity,
     * exception type id, what ({@link #FINALLY_BLOCK} or {@link #FINALLY_RESOURCE_CLOSE}).
     */
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
    /**
     * aux = the {@link TypeRegistry#idOfName name id} of the class of the uncaught exception
     * handler the JDK hands it to (0 = unknown, as in older recordings); the
     * exception ends the thread. Written as the JDK dispatches it, before that handler runs.
     * Body: identity, exception type id.
     */
    public static final int UNCAUGHT = 8;
    /**
     * aux = method id of the traced frame where the exception surfaced; an exception reached
     * traced code without a {@link #THROW} record (raised by the JVM, or thrown in untraced
     * code). Its site comes from its stack trace. Body: flags ({@link #ORIGIN_AT_SURFACE},
     * {@link #ORIGIN_UNRECORDED_THROW}), exception type id, identity, cause identity, message,
     * site class, site method, site source file (strings, null if unknown), site line (zigzag;
     * negative as in StackTraceElement), line in the surfacing method where it came out (0 = unknown).
     */
    public static final int ORIGIN = 9;
    /**
     * aux = method id; {@code primary.addSuppressed(suppressed)} in traced code (also the one
     * javac generates for try-with-resources). Body: line, primary identity, suppressed identity,
     * suppressed type id, primary type id.
     */
    public static final int SUPPRESSED = 10;

    /**
     * The tracer failed on this thread (it ran out of stack or memory, e.g. inside a program's
     * StackOverflowError): records are missing before this one. aux = how many operations
     * failed. Body: n, then the method ids of the n traced frames open now, outermost first.
     */
    public static final int RESYNC = 11;

    /**
     * One argument of the call whose ENTER record it follows ({@code run --args}): aux = the
     * parameter's index (0 = the first declared parameter; {@code this} is not one). The arguments
     * come right after their ENTER record, in parameter order. Untimed: no time delta, a value has
     * the time of the record it belongs to (see {@link #isUntimed}). Body: a value, laid out as the
     * body of a {@link #VARIABLE} record without owner or element (tag, then the value). The
     * parameter's name, declared type and redaction are in the method's
     * {@code jtrace.VariableDefinition} of kind {@code argument} with slot = index.
     */
    public static final int ARGUMENT = 12;
    /**
     * The value the call returns whose EXIT record follows it ({@code run --args}): aux = 0;
     * untimed, like {@link #ARGUMENT}. Body: a value, as in {@link #ARGUMENT}. Constructors and
     * void methods have none; an exceptional exit carries its exception itself.
     */
    public static final int RETURN = 13;

    /**
     * aux = method id; an ENTER written without reading the clock: no time delta, the record takes
     * the previous record's time. The tracer leaves out the clock for methods whose calls it
     * measured to be shorter than the clock's own cost (see MethodTiming); such calls end with an
     * EXIT whose aux is {@link #EXIT_UNTIMED}, and their duration is unknown. Kind 14 is
     * {@link #FORMAT}.
     */
    public static final int ENTER_UNTIMED = 15;

    /**
     * Kind 14, in format 1's header form: the batch's format. A payload starting with the unit
     * {@link #FORMAT_2} (kind 14, aux 2: never the start of a format-1 record) is in format 2.
     */
    public static final int FORMAT = 14;
    /** The first unit of a batch in format 2. */
    public static final int FORMAT_2 = (2 << 4) | FORMAT;

    // --- format 2: what a record's first unit says (see the class comment) ---
    /** Below this, the unit is a timed EXIT's whole delta. */
    public static final int F2_EXIT_LONG = 64;
    /** A timed EXIT's delta from here up is 64 + the varint. */
    public static final int F2_EXIT_LONG_BITS = 2;
    public static final int F2_ENTER = 72;
    public static final int F2_ENTER_BITS = 4;
    public static final int F2_ENTER_UNTIMED = 104;
    public static final int F2_ENTER_UNTIMED_BITS = 2;
    public static final int F2_EXIT_UNTIMED = 112;
    public static final int F2_LINE = 113;
    public static final int F2_LINE_BITS = 2;
    /** First unit of a record in format 1 inside a format-2 batch. */
    public static final int F2_OTHER = 127;

    /** The first char of a batch in format 3 ({@code '>'}: kind 14, aux 3 in format 1's header form). */
    public static final int FORMAT_3 = (3 << 4) | FORMAT;

    // --- format 3: digits are chars less F3_ZERO (see the class comment) ---
    /** The char of digit 0. */
    public static final int F3_ZERO = ' ';
    /** Digits per char: ' '..'~'. */
    public static final int F3_DIGITS = 95;
    /** A varint's digits below this end it (carrying the rest of the value); from here up, 5 bits each and more follows. */
    public static final int F3_TERMINAL = 63;
    public static final int F3_BITS = 5;
    public static final int F3_MASK = 0x1f;
    /** Below this, the digit is a timed EXIT's whole delta. */
    public static final int F3_EXIT_LONG = 37;
    public static final int F3_EXIT_LONG_BITS = 2;
    public static final int F3_ENTER = 45;
    public static final int F3_ENTER_BITS = 4;
    public static final int F3_ENTER_UNTIMED = 77;
    public static final int F3_ENTER_UNTIMED_BITS = 2;
    public static final int F3_EXIT_UNTIMED = 85;
    public static final int F3_LINE = 86;
    public static final int F3_LINE_BITS = 2;
    /** First digit of a record in format 1's layout inside a format-3 batch. */
    public static final int F3_OTHER = 94;

    /** The longest format-3 varint: a long's 64 bits, 5 to a continuation digit, then at most 4 in the terminal one. */
    public static final int F3_MAX_VARINT = 13;

    /**
     * Format 3: writes {@code v} (unsigned) as a varint at {@code p} in {@code b}; returns the position
     * after it. The one copy of the rule for both encoders.
     */
    static int putVarLong3(byte[] b, int p, long v) {
        while (v < 0 || v >= F3_TERMINAL) {
            b[p++] = (byte) (F3_ZERO + F3_TERMINAL + ((int) v & F3_MASK));
            v >>>= F3_BITS;
        }
        b[p++] = (byte) (F3_ZERO + v);
        return p;
    }

    /** Format 3: {@link #putFirst} with digits. */
    private static int putFirst3(byte[] b, int p, int base, int bits, long v) {
        long rest = v >>> bits;
        int low = (int) v & ((1 << bits) - 1);
        if (rest == 0) {
            b[p++] = (byte) (F3_ZERO + base + low);
            return p;
        }
        b[p++] = (byte) (F3_ZERO + base + (1 << bits) + low);
        return putVarLong3(b, p, rest);
    }

    /** Format 3: the start of a timed record other than an exit, before its delta. */
    static int putTimedStart3(byte[] b, int p, int kind, long aux) {
        if (kind == ENTER) return putFirst3(b, p, F3_ENTER, F3_ENTER_BITS, aux);
        if (kind == LINE) return putFirst3(b, p, F3_LINE, F3_LINE_BITS, aux);
        b[p++] = F3_ZERO + F3_OTHER;
        return putVarLong3(b, p, (aux << 4) | kind);
    }

    /** Format 3: the start of an untimed record ({@link #isUntimed}), which has no delta. */
    static int putUntimedStart3(byte[] b, int p, int kind, long aux) {
        if (kind == ENTER_UNTIMED) return putFirst3(b, p, F3_ENTER_UNTIMED, F3_ENTER_UNTIMED_BITS, aux);
        if (kind == EXIT) { // of aux EXIT_UNTIMED
            b[p++] = F3_ZERO + F3_EXIT_UNTIMED;
            return p;
        }
        b[p++] = F3_ZERO + F3_OTHER;
        return putVarLong3(b, p, (aux << 4) | kind);
    }

    /** Format 3: a timed exit, {@code delta} after the record before (one char under 37 ns). */
    static int putExit3(byte[] b, int p, long delta) {
        if (delta < F3_EXIT_LONG) {
            b[p++] = (byte) (F3_ZERO + delta);
            return p;
        }
        return putFirst3(b, p, F3_EXIT_LONG, F3_EXIT_LONG_BITS, delta - F3_EXIT_LONG);
    }

    /**
     * Writes {@code v} as a varint at {@code p} in {@code b} in formats 1 and 2; returns the position
     * after it. The one copy of the rule for both encoders ({@link ThreadTrace}, {@link RecordEncoder}).
     */
    static int putVarLong(byte[] b, int p, long v) {
        while ((v & ~(long) MASK) != 0) {
            b[p++] = (byte) ((v & MASK) | MORE);
            v >>>= BITS;
        }
        b[p++] = (byte) v;
        return p;
    }

    /**
     * Format 2: writes a record's first unit, {@code base} plus the lowest {@code bits} bits of
     * {@code v} (the bit above them set if more follows), then the rest of {@code v} as a varint;
     * returns the position after it.
     */
    private static int putFirst(byte[] b, int p, int base, int bits, long v) {
        long rest = v >>> bits;
        int low = (int) v & ((1 << bits) - 1);
        if (rest == 0) {
            b[p++] = (byte) (base + low);
            return p;
        }
        b[p++] = (byte) (base + (1 << bits) + low);
        return putVarLong(b, p, rest);
    }

    // Format 2's record starts, for both encoders (ThreadTrace, RecordEncoder): which kind has a
    // form of its own and which goes behind F2_OTHER is decided here only.

    /** Format 2: the start of a timed record other than an exit, before its delta. */
    static int putTimedStart(byte[] b, int p, int kind, long aux) {
        if (kind == ENTER) return putFirst(b, p, F2_ENTER, F2_ENTER_BITS, aux);
        if (kind == LINE) return putFirst(b, p, F2_LINE, F2_LINE_BITS, aux);
        b[p++] = F2_OTHER;
        return putVarLong(b, p, (aux << 4) | kind);
    }

    /** Format 2: the start of an untimed record ({@link #isUntimed}), which has no delta. */
    static int putUntimedStart(byte[] b, int p, int kind, long aux) {
        if (kind == ENTER_UNTIMED) return putFirst(b, p, F2_ENTER_UNTIMED, F2_ENTER_UNTIMED_BITS, aux);
        if (kind == EXIT) { // of aux EXIT_UNTIMED
            b[p++] = F2_EXIT_UNTIMED;
            return p;
        }
        b[p++] = F2_OTHER;
        return putVarLong(b, p, (aux << 4) | kind);
    }

    /** Format 2: a timed exit, {@code delta} after the record before (one unit under 64 ns). */
    static int putExit(byte[] b, int p, long delta) {
        if (delta < F2_EXIT_LONG) {
            b[p++] = (byte) delta;
            return p;
        }
        return putFirst(b, p, F2_EXIT_LONG, F2_EXIT_LONG_BITS, delta - F2_EXIT_LONG);
    }

    /** The header of a timed EXIT whose time delta is {@code delta} (never negative, see {@link #delta}). */
    public static long packedExit(long delta) {
        return ((delta + EXIT_PACKED) << 4) | EXIT;
    }

    /** The time delta a header carries itself (an EXIT of aux {@link #EXIT_PACKED} or more), else -1. */
    public static long packedDelta(long header) {
        return (header & 0xf) == EXIT && (header >>> 4) >= EXIT_PACKED ? (header >>> 4) - EXIT_PACKED : -1;
    }

    /**
     * Whether a record with this header has no time of its own (it takes the previous record's
     * time). A packed EXIT is timed: its delta is in the header.
     */
    public static boolean isUntimed(long header) {
        int kind = (int) (header & 0xf);
        return kind == ENTER_UNTIMED || kind == ARGUMENT || kind == RETURN || (kind == EXIT && (header >>> 4) == EXIT_UNTIMED);
    }

    /** THROW flag: the same exception object was caught (or is being handled) on this thread and is thrown again. */
    public static final int THROW_RETHROW = 1;
    /** ORIGIN flag: the top frame of the stack trace is the traced method where it surfaced. */
    public static final int ORIGIN_AT_SURFACE = 1;
    /** ORIGIN flag: traced code threw it, but the throw was not recorded (beyond the depth limit). */
    public static final int ORIGIN_UNRECORDED_THROW = 2;
    /** FINALLY what: a {@code finally} block. */
    public static final int FINALLY_BLOCK = 0;
    /** FINALLY what: try-with-resources closing its resource. */
    public static final int FINALLY_RESOURCE_CLOSE = 1;
    /** Exception messages are cut to this many chars. */
    public static final int MAX_MESSAGE = 200;
    /** Class, method and file names in ORIGIN records are cut to this many chars. */
    public static final int MAX_NAME = 300;

    // --- value tags of VARIABLE, ARGUMENT and RETURN records (low 4 bits of the tag unit) and their flags ---
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

    /**
     * Upper bound of the bytes one fixed-size record can take (header + delta + body); format 3's
     * longest (a VARIABLE record of a double in an array element) takes 58.
     */
    public static final int MAX_FIXED_RECORD = 80;

    /**
     * The time delta written for a record at {@code now} after one at {@code last}, by both
     * encoders ({@link ThreadTrace}, {@link RecordEncoder}): never negative, and the encoder's last
     * time then moves by exactly this much, so a reader summing the deltas has the encoder's time.
     * When the clock steps back, the record keeps the previous time (never ahead of the clock).
     */
    public static long delta(long now, long last) {
        return now > last ? now - last : 0;
    }

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
            case SUPPRESSED: return "suppressed";
            case RESYNC: return "resync";
            case ARGUMENT: return "argument";
            case RETURN: return "return";
            case FORMAT: return "format";
            case ENTER_UNTIMED: return "enter-untimed";
            default: return "kind-" + kind;
        }
    }
}
