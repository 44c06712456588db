package io.jtrace.runtime;

/**
 * Reads the 7-bit-unit varints of a payload (see {@link RecordFormat}). Works on a byte array
 * so that a reader can hand it a reused buffer; no allocation per value.
 */
public final class RecordDecoder {
    private byte[] data;
    private int pos;
    private int end;

    public RecordDecoder() {}

    public RecordDecoder(byte[] data) {
        reset(data, 0, data.length);
    }

    public void reset(byte[] data, int offset, int length) {
        this.data = data;
        this.pos = offset;
        this.end = offset + length;
        this.format2 = false;
    }

    /** The batch is in format 2 (see {@link RecordFormat}); else format 1. */
    private boolean format2;
    /** Set by {@link #readRecordStart}: the record's kind. */
    public int kind;
    /** Set by {@link #readRecordStart}: the record's aux (method id, line, ...; 0 for a timed exit). */
    public long aux;
    /** Set by {@link #readRecordStart}: the time since the previous record, or -1 if the record has none (untimed). */
    public long delta;

    /** Call at the start of a batch's payload: reads its format unit, if it has one (format 2). */
    public void startBatch() {
        format2 = pos < end && data[pos] == RecordFormat.FORMAT_2;
        if (format2) pos++;
    }

    /**
     * Reads a record's header and time delta in the batch's format into {@link #kind}, {@link #aux}
     * and {@link #delta}; its body, if any, is next. Throws {@link IllegalStateException} on a record
     * cut off by the end, or a format-2 unit that starts no record.
     */
    public void readRecordStart() {
        if (format2) {
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

    /** Format 2: a value whose lowest {@code bits} bits are in {@code v}, the rest next if the bit above them says so. */
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

    /** Unsigned varint. Throws {@link IllegalStateException} on a value cut off by the end. */
    public long readVarLong() {
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
