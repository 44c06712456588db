package io.jtrace.read.jfr;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Random-access reading of a JFR file through one fixed window (so memory does not grow with the
 * file): big-endian raw numbers of chunk headers and the LEB128 varints of everything else.
 * Moving forward past data (a payload) costs nothing until something after it is read.
 *
 * <p>Read-ahead adapts like a kernel's: while reads follow each other it doubles (up to 64 KB);
 * after a jump past data (a batch payload, read in place later) it drops to a few hundred bytes,
 * so that walking a recording's events reads their headers, not the payloads between them.
 */
final class JfrInput implements AutoCloseable {
    private final FileChannel channel;
    private final long size;
    private final byte[] window;
    private final ByteBuffer windowBuffer;
    /** File offset of window[0]. */
    private long windowStart;
    private int windowLength;
    private long position;
    /** Bytes the next refill reads (at least what is asked for). */
    private int readAhead;
    private long bytesRead;

    /** Read-ahead after a jump: enough for a batch event's fields before its payload. */
    static final int MIN_READ_AHEAD = 512;
    /**
     * Read-ahead grows no further while reading on: a run of small events (definitions) is
     * often followed by batches, and a bigger read would take their payloads with it.
     */
    private static final int MAX_READ_AHEAD = 64 << 10;

    JfrInput(Path file, int windowSize) throws IOException {
        channel = FileChannel.open(file, StandardOpenOption.READ);
        size = channel.size();
        window = new byte[windowSize];
        windowBuffer = ByteBuffer.wrap(window);
        readAhead = Math.min(windowSize, MAX_READ_AHEAD);
    }

    /** Bytes read from the file so far (refills; what a test of the I/O pattern counts). */
    long bytesRead() {
        return bytesRead;
    }

    long size() {
        return size;
    }

    long position() {
        return position;
    }

    void position(long p) {
        position = p;
    }

    void skip(long n) {
        position += n;
    }

    /** Makes {@code n} bytes at the position available in the window; EOF if the file ends first. */
    private int require(int n) throws IOException {
        long offset = position - windowStart;
        if (offset >= 0 && offset + n <= windowLength) return (int) offset;
        if (position + n > size) throw new EOFException("the file ends at byte " + size + ", inside the data at byte " + position);
        if (n > window.length) throw new IOException("a value of " + n + " bytes does not fit the read window");
        long windowEnd = windowStart + windowLength;
        if (windowLength > 0 && (position < windowStart || position > windowEnd)) {
            readAhead = MIN_READ_AHEAD;
        } else if (windowLength > 0) {
            readAhead = Math.min(Math.min(window.length, MAX_READ_AHEAD), readAhead * 2);
        }
        windowStart = position;
        windowBuffer.clear();
        windowBuffer.limit((int) Math.min(window.length, Math.max(n, Math.min(readAhead, size - position))));
        while (windowBuffer.position() < n) {
            int read = channel.read(windowBuffer, windowStart + windowBuffer.position());
            if (read < 0) break;
        }
        windowLength = windowBuffer.position();
        bytesRead += windowLength;
        if (windowLength < n) throw new EOFException("the file ends at byte " + (windowStart + windowLength));
        return 0;
    }

    int readUnsignedByte() throws IOException {
        int i = require(1);
        position++;
        return window[i] & 0xff;
    }

    short readRawShort() throws IOException {
        int i = require(2);
        position += 2;
        return (short) (((window[i] & 0xff) << 8) | (window[i + 1] & 0xff));
    }

    int readRawInt() throws IOException {
        int i = require(4);
        position += 4;
        return ((window[i] & 0xff) << 24) | ((window[i + 1] & 0xff) << 16) | ((window[i + 2] & 0xff) << 8)
                | (window[i + 3] & 0xff);
    }

    long readRawLong() throws IOException {
        return ((long) readRawInt() << 32) | (readRawInt() & 0xffffffffL);
    }

    /** JFR's compressed integer: 7 bits a byte, low first, the ninth byte carries 8 bits. */
    long readVarLong() throws IOException {
        long offset = position - windowStart;
        if (offset < 0 || offset + 9 > windowLength) return readVarLongSlow();
        int i = (int) offset;
        long value = 0;
        for (int shift = 0; shift < 56; shift += 7) {
            byte b = window[i++];
            value |= (long) (b & 0x7f) << shift;
            if (b >= 0) {
                position = windowStart + i;
                return value;
            }
        }
        value |= (long) (window[i++] & 0xff) << 56;
        position = windowStart + i;
        return value;
    }

    private long readVarLongSlow() throws IOException {
        long value = 0;
        for (int shift = 0; shift < 56; shift += 7) {
            int b = readUnsignedByte();
            value |= (long) (b & 0x7f) << shift;
            if (b < 0x80) return value;
        }
        return value | (long) readUnsignedByte() << 56;
    }

    int readVarInt() throws IOException {
        return (int) readVarLong();
    }

    /**
     * {@code length} chars of one varint each, if they are all ASCII (one byte each) and in the
     * window: read as they lie; else null and nothing read.
     */
    String readAsciiVarintChars(int length) {
        long offset = position - windowStart;
        if (offset < 0 || offset + length > windowLength) return null;
        int from = (int) offset;
        for (int i = from; i < from + length; i++) if (window[i] < 0) return null;
        position += length;
        return new String(window, from, length, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** Copies {@code length} bytes from the position into {@code into}. */
    void readFully(byte[] into, int offset, int length) throws IOException {
        while (length > 0) {
            int n = Math.min(length, window.length);
            int i = require(n);
            System.arraycopy(window, i, into, offset, n);
            position += n;
            offset += n;
            length -= n;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
