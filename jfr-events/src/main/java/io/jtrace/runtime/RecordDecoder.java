package io.jtrace.runtime;

/**
 * Reads the records and varints of a payload in any format (see {@link RecordFormat}). Works on a
 * byte array so that a reader can hand it a reused buffer; no allocation per value.
 */
public final class RecordDecoder {
    private byte[] data;
    private int pos;
    private int end;

    public RecordDecoder() {}

    public RecordDecoder(byte[] data) {
        reset(data, 0, data.length);
    }

    /** Over a payload's bytes from its start ({@link #startBatch} next), or over records in format 1. */
    public void reset(byte[] data, int offset, int length) {
        reset(data, offset, length, 1);
    }

    /**
     * Over records in format 1's layout (header, delta, body) whose varints are in {@code varints}'
     * format: 3 for the records behind {@link RecordFormat#F3_OTHER}, else 1 (formats 1 and 2 share
     * their varints).
     */
    public void reset(byte[] data, int offset, int length, int varints) {
        this.data = data;
        this.pos = offset;
        this.end = offset + length;
        this.format = 1;
        this.digits = varints == 3;
    }

    /** The batch's format (see {@link RecordFormat}): 1, 2 or 3. */
    private int format;
    /** Varints are format 3's digits (see {@link RecordFormat}), else 7-bit units. */
    private boolean digits;
    /** Set by {@link #readRecordStart}: the record's kind. */
    public int kind;
    /** Set by {@link #readRecordStart}: the record's aux (method id, line, ...; 0 for a timed exit). */
    public long aux;
    /** Set by {@link #readRecordStart}: the time since the previous record, or -1 if the record has none (untimed). */
    public long delta;

    /** Call at the start of a batch's payload: reads its format unit, if it has one (formats 2 and 3). */
    public void startBatch() {
        format = formatOf(data, pos, end);
        if (format != 1) pos++;
        digits = format == 3;
    }

    /** The format of the batch whose payload is {@code data[from..to)}: by its first unit (see {@link RecordFormat}). */
    public static int formatOf(byte[] data, int from, int to) {
        if (from >= to) return 1;
        if (data[from] == RecordFormat.FORMAT_3) return 3;
        return data[from] == RecordFormat.FORMAT_2 ? 2 : 1;
    }

    /** The open batch's format, 1 to 3 (after {@link #startBatch}). */
    public int format() {
        return format;
    }

    /**
     * Reads a record's header and time delta in the batch's format into {@link #kind}, {@link #aux}
     * and {@link #delta}; its body, if any, is next. Throws {@link IllegalStateException} on a record
     * cut off by the end, or a unit (format 2) or char (format 3) that starts no record.
     */
    public void readRecordStart() {
        if (format == 3) {
            if (pos >= end) throw new IllegalStateException("record cut off at offset " + pos);
            int digit = (data[pos++] & 0xff) - RecordFormat.F3_ZERO;
            if (digit < 0) {
                throw new IllegalStateException("no record starts with unit " + (digit + RecordFormat.F3_ZERO) + " at offset " + (pos - 1));
            } else if (digit < RecordFormat.F3_EXIT_LONG) {
                set(RecordFormat.EXIT, 0, digit);
            } else if (digit < RecordFormat.F3_ENTER) {
                set(RecordFormat.EXIT, 0, RecordFormat.F3_EXIT_LONG + rest(digit - RecordFormat.F3_EXIT_LONG, RecordFormat.F3_EXIT_LONG_BITS));
            } else if (digit < RecordFormat.F3_ENTER_UNTIMED) {
                long id = rest(digit - RecordFormat.F3_ENTER, RecordFormat.F3_ENTER_BITS);
                set(RecordFormat.ENTER, id, readVarLong());
            } else if (digit < RecordFormat.F3_EXIT_UNTIMED) {
                set(RecordFormat.ENTER_UNTIMED, rest(digit - RecordFormat.F3_ENTER_UNTIMED, RecordFormat.F3_ENTER_UNTIMED_BITS), -1);
            } else if (digit == RecordFormat.F3_EXIT_UNTIMED) {
                set(RecordFormat.EXIT, RecordFormat.EXIT_UNTIMED, -1);
            } else if (digit < RecordFormat.F3_OTHER) {
                long line = rest(digit - RecordFormat.F3_LINE, RecordFormat.F3_LINE_BITS);
                set(RecordFormat.LINE, line, readVarLong());
            } else if (digit == RecordFormat.F3_OTHER) {
                readFormat1Start();
            } else {
                throw new IllegalStateException("no record starts with unit " + (digit + RecordFormat.F3_ZERO) + " at offset " + (pos - 1));
            }
        } else if (format == 2) {
            if (pos >= end) throw new IllegalStateException("record cut off at offset " + pos);
            int unit = data[pos++] & 0xff;
            if (unit < RecordFormat.F2_EXIT_LONG) {
                set(RecordFormat.EXIT, 0, unit);
            } else if (unit < RecordFormat.F2_ENTER) {
                set(RecordFormat.EXIT, 0, RecordFormat.F2_EXIT_LONG + rest(unit - RecordFormat.F2_EXIT_LONG, RecordFormat.F2_EXIT_LONG_BITS));
            } else if (unit < RecordFormat.F2_ENTER_UNTIMED) {
                long id = rest(unit - RecordFormat.F2_ENTER, RecordFormat.F2_ENTER_BITS);
                set(RecordFormat.ENTER, id, readVarLong());
            } else if (unit < RecordFormat.F2_EXIT_UNTIMED) {
                set(RecordFormat.ENTER_UNTIMED, rest(unit - RecordFormat.F2_ENTER_UNTIMED, RecordFormat.F2_ENTER_UNTIMED_BITS), -1);
            } else if (unit == RecordFormat.F2_EXIT_UNTIMED) {
                set(RecordFormat.EXIT, RecordFormat.EXIT_UNTIMED, -1);
            } else if (unit >= RecordFormat.F2_LINE && unit < RecordFormat.F2_LINE + (2 << RecordFormat.F2_LINE_BITS)) {
                long line = rest(unit - RecordFormat.F2_LINE, RecordFormat.F2_LINE_BITS);
                set(RecordFormat.LINE, line, readVarLong());
            } else if (unit == RecordFormat.F2_OTHER) {
                readFormat1Start();
            } else {
                throw new IllegalStateException("no record starts with unit " + unit + " at offset " + (pos - 1));
            }
        } else {
            readFormat1Start();
        }
    }

    private void readFormat1Start() {
        long header = readVarLong();
        long packed = RecordFormat.packedDelta(header);
        if (packed >= 0) {
            set(RecordFormat.EXIT, 0, packed); // a timed exit, as in the form with a delta varint
        } else {
            set((int) (header & 0xf), header >>> 4, RecordFormat.isUntimed(header) ? -1 : readVarLong());
        }
    }

    private void set(int kind, long aux, long delta) {
        this.kind = kind;
        this.aux = aux;
        this.delta = delta;
    }

    /** Formats 2 and 3: a value whose lowest {@code bits} bits are in {@code v}, the rest next if the bit above them says so. */
    private long rest(int v, int bits) {
        int more = 1 << bits;
        if ((v & more) == 0) return v;
        return (v & (more - 1)) | readVarLong() << bits;
    }

    /** Payload bytes not read yet. */
    public int remaining() {
        return end - pos;
    }

    public boolean hasMore() {
        return pos < end;
    }

    public int position() {
        return pos;
    }

    /** A copy of the payload bytes between two positions (e.g. one record's body, to rewrite it verbatim). */
    public byte[] copyRange(int from, int to) {
        return java.util.Arrays.copyOfRange(data, from, to);
    }

    /**
     * The body between two positions (a sequence of varints, as every record's body is) with its
     * varints in format 3, for {@link RecordEncoder#encoded}: a copy if they are already, else
     * each varint re-encoded (a record of an older recording). Leaves the position where it was.
     */
    public byte[] bodyInFormat3(int from, int to) {
        if (digits) return copyRange(from, to);
        int saved = pos;
        int savedEnd = end;
        pos = from;
        end = to;
        try {
            byte[] out = new byte[(to - from) * 2 + RecordFormat.F3_MAX_VARINT]; // a 6-bit unit is at most 2 digits
            int n = 0;
            while (pos < end) n = RecordFormat.putVarLong3(out, n, readVarLong());
            return java.util.Arrays.copyOf(out, n);
        } finally {
            pos = saved;
            end = savedEnd;
        }
    }

    /** Unsigned varint. Throws {@link IllegalStateException} on a value cut off by the end. */
    public long readVarLong() {
        if (digits) return readVarLong3();
        long value = 0;
        int shift = 0;
        while (true) {
            if (pos >= end) throw new IllegalStateException("record cut off at offset " + pos);
            int unit = data[pos++];
            value |= (long) (unit & RecordFormat.MASK) << shift;
            if ((unit & RecordFormat.MORE) == 0) return value;
            shift += RecordFormat.BITS;
            if (shift > 63) throw new IllegalStateException("varint too long at offset " + pos);
        }
    }

    /** Format 3's varint (see {@link RecordFormat}). */
    private long readVarLong3() {
        long value = 0;
        int shift = 0;
        while (true) {
            if (pos >= end) throw new IllegalStateException("record cut off at offset " + pos);
            int digit = (data[pos++] & 0xff) - RecordFormat.F3_ZERO;
            if (digit < 0 || digit >= RecordFormat.F3_DIGITS) throw new IllegalStateException("no digit " + (digit + RecordFormat.F3_ZERO) + " at offset " + (pos - 1));
            if (digit < RecordFormat.F3_TERMINAL) return value | (long) digit << shift;
            value |= (long) (digit - RecordFormat.F3_TERMINAL) << shift;
            shift += RecordFormat.F3_BITS;
            if (shift > 63) throw new IllegalStateException("varint too long at offset " + pos);
        }
    }

    public int readVarInt() {
        return (int) readVarLong();
    }

    public long readZigZag() {
        long v = readVarLong();
        return (v >>> 1) ^ -(v & 1);
    }

    /** A string written by {@link ThreadTrace#putString}: length, then one varint per char. */
    public String readString() {
        int length = readVarInt(); // 0 = null, n + 1 = n chars
        if (length == 0) return null;
        length -= 1;
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) chars[i] = (char) readVarLong();
        return new String(chars);
    }
}
