package io.jtrace.write.jfr;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer in JFR's encodings: integers as 7-bit groups, low group first, the high
 * bit of each byte saying another follows, at most 9 bytes (the ninth carries 8 bits: the reader
 * in {@code io.jtrace.read.jfr.JfrInput} and the JDK's both stop there); strings as an encoding
 * byte then the UTF-8 bytes; the chunk header's fields as raw big-endian numbers.
 */
final class JfrBytes {
    static final int STRING_NULL = 0;
    static final int STRING_EMPTY = 1;
    static final int STRING_POOL = 2;
    static final int STRING_UTF8 = 3;
    static final int STRING_LATIN1 = 5;

    private byte[] bytes;
    private int size;

    JfrBytes(int capacity) {
        bytes = new byte[capacity];
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    /** Moves the end to {@code newSize}: drops the bytes after it, or (back to the old end) takes them again. */
    void truncate(int newSize) {
        size = newSize;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
    }

    void writeByte(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    void writeBoolean(boolean b) {
        writeByte(b ? 1 : 0);
    }

    void writeVarLong(long v) {
        ensure(9);
        byte[] b = bytes;
        int i = size;
        for (int group = 0; group < 8; group++) {
            if ((v & ~0x7fL) == 0) {
                b[i++] = (byte) v;
                size = i;
                return;
            }
            b[i++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[i++] = (byte) v;
        size = i;
    }

    void writeVarInt(int v) {
        writeVarLong(v & 0xffffffffL);
    }

    /** How many bytes {@link #writeVarLong} takes for {@code v}. */
    static int varLongSize(long v) {
        int n = 1;
        while ((v & ~0x7fL) != 0 && n < 9) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    /** A string written in place (not a pool reference). */
    void writeString(String s) {
        if (s == null) {
            writeByte(STRING_NULL);
        } else if (s.isEmpty()) {
            writeByte(STRING_EMPTY);
        } else {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            writeByte(STRING_UTF8);
            writeVarInt(utf8.length);
            write(utf8, 0, utf8.length);
        }
    }

    /** A string of one byte per char (ISO-8859-1), written in place from {@code from}'s bytes. */
    void writeLatin1(byte[] from, int offset, int length) {
        if (length == 0) {
            writeByte(STRING_EMPTY);
            return;
        }
        writeByte(STRING_LATIN1);
        writeVarInt(length);
        write(from, offset, length);
    }

    /** A reference to the chunk's string pool. */
    void writeStringRef(long key) {
        writeByte(STRING_POOL);
        writeVarLong(key);
    }

    void write(byte[] from, int offset, int length) {
        ensure(length);
        System.arraycopy(from, offset, bytes, size, length);
        size += length;
    }

    void write(JfrBytes from) {
        write(from.bytes, 0, from.size);
    }

    void writeRawShort(int v) {
        writeByte(v >>> 8);
        writeByte(v);
    }

    void writeRawInt(int v) {
        writeRawShort(v >>> 16);
        writeRawShort(v);
    }

    void writeRawLong(long v) {
        writeRawInt((int) (v >>> 32));
        writeRawInt((int) v);
    }

    /**
     * Starts an event (or the metadata or constant-pool event): a one-byte size placeholder, then
     * its type id. Returns where it starts, for {@link #endEvent}.
     */
    int beginEvent(long typeId) {
        int start = size;
        writeByte(0);
        writeVarLong(typeId);
        return start;
    }

    /**
     * Writes the size of the event begun at {@code start}, which counts its own bytes: in the
     * placeholder when it fits one byte (most events), else moving the event up to make room.
     */
    void endEvent(int start) {
        int body = size - start - 1;
        if (body < 0x7f) {
            bytes[start] = (byte) (body + 1);
            return;
        }
        int sizeBytes = 1;
        while (varLongSize(body + sizeBytes) != sizeBytes) sizeBytes++;
        if (sizeBytes > 1) {
            ensure(sizeBytes - 1);
            System.arraycopy(bytes, start + 1, bytes, start + sizeBytes, body);
        }
        int end = start + sizeBytes + body;
        size = start;
        writeVarLong(body + sizeBytes);
        size = end;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    /** The bytes written, as a buffer over this one's array (valid until the next write). */
    java.nio.ByteBuffer asByteBuffer() {
        return java.nio.ByteBuffer.wrap(bytes, 0, size);
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, size);
    }
}
