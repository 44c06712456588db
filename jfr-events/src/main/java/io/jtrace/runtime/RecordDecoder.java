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
