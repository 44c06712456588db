package io.jtrace.format;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * Text built as bytes in one reused buffer and written out in large blocks: a trace of tens of
 * millions of lines is formatted without a String, a StringBuilder or a char-to-byte encoder per
 * line. Numbers are written digit by digit; {@link #duration} and {@link #timestamp} write
 * exactly what {@link Durations#format} and {@link Durations#timestamp} return. Text that is not
 * ASCII goes through {@code charset} (names are encoded once by the caller and cached).
 */
final class LineBuffer {
    private static final int FLUSH_AT = 1 << 16;

    private final StopOnFailureOutput bytes;
    private final PrintWriter chars;
    private final Charset charset;
    private byte[] buf = new byte[FLUSH_AT + 1024];
    private int len;
    /** What {@link #timestamp} writes before the fraction, for {@link #prefixSeconds} and {@link #prefixWidth}. */
    private byte[] prefix;
    private long prefixSeconds = -1;
    private int prefixWidth = -1;

    /** Writes to {@code out} as bytes in {@code charset}. */
    LineBuffer(OutputStream out, Charset charset) {
        this.bytes = out instanceof StopOnFailureOutput s ? s : new StopOnFailureOutput(out, null);
        this.chars = null;
        this.charset = charset;
    }

    /** Writes to a character stream (decoded again from {@code charset}, which round-trips). */
    LineBuffer(PrintWriter out, Charset charset) {
        this.bytes = null;
        this.chars = out;
        this.charset = charset;
    }

    byte[] encode(String s) {
        return s.getBytes(charset);
    }

    private void ensure(int n) {
        if (len + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
    }

    LineBuffer append(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, len, b.length);
        len += b.length;
        return this;
    }

    /** The first {@code n} bytes of {@code b}. */
    LineBuffer append(byte[] b, int n) {
        ensure(n);
        System.arraycopy(b, 0, buf, len, n);
        len += n;
        return this;
    }

    /** Writes what is buffered once a block is full (for lines ended without {@link #newline}). */
    void drainIfFull() {
        if (len >= FLUSH_AT) drain();
    }

    LineBuffer append(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) return appendEncoded(s, i);
            buf[len + i] = (byte) c;
        }
        len += n;
        return this;
    }

    private LineBuffer appendEncoded(String s, int asciiPrefix) {
        len += asciiPrefix;
        return append(s.substring(asciiPrefix).getBytes(charset));
    }

    LineBuffer ascii(char c) {
        ensure(1);
        buf[len++] = (byte) c;
        return this;
    }

    /** More spaces than most lines need, copied whole (see {@link #spaces}). */
    private static final byte[] SPACES = new byte[128];

    static {
        Arrays.fill(SPACES, (byte) ' ');
    }

    /** Eight bytes at a time, in and out of byte arrays (plain moves once compiled). */
    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long EIGHT_SPACES = 0x2020202020202020L;

    /**
     * Spaces written as a fixed number of bytes, of which what follows overwrites the surplus: a
     * write of a fixed length runs without the mispredicted branches that a fill of a length
     * varying line to line (the indentation) took.
     */
    LineBuffer spaces(int n) {
        if (n <= 8) {
            ensure(8);
            LONGS.set(buf, len, EIGHT_SPACES);
        } else if (n <= SPACES.length) {
            int copied = n <= 32 ? 32 : SPACES.length;
            ensure(copied);
            System.arraycopy(SPACES, 0, buf, len, copied);
        } else {
            ensure(n);
            Arrays.fill(buf, len, len + n, (byte) ' ');
        }
        len += n;
        return this;
    }

    /** A non-negative number in decimal. */
    LineBuffer number(long v) {
        padded(v, digits(v));
        return this;
    }

    /** A number in decimal with a comma every three digits, as {@link Counts#grouped} writes it. */
    LineBuffer grouped(long v) {
        if (v < 0) return append(Counts.grouped(v));
        if (v < 1000) return number(v);
        grouped(v / 1000);
        ascii(',');
        padded(v % 1000, 3);
        return this;
    }

    /** A share (0..1) as {@link Counts#percent} writes it, without making a String. */
    LineBuffer percent(double share) {
        long tenths = Counts.percentTenths(share);
        if (tenths < 0) return append(Counts.percent(share));
        number(tenths / 10);
        ascii('.');
        return ascii((char) ('0' + tenths % 10));
    }

    /** Two ASCII digits per index 0-99: numbers are written two digits per division. */
    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /** {@code v} (non-negative, below 10^digits) in exactly {@code digits} digits, zero-padded on the left. */
    private void padded(long v, int digits) {
        ensure(digits);
        int start = len;
        int i = len + digits;
        len = i;
        while (v > Integer.MAX_VALUE) {
            long q = v / 100;
            int r = (int) (v - q * 100);
            v = q;
            buf[--i] = PAIRS[2 * r + 1];
            buf[--i] = PAIRS[2 * r];
        }
        int n = (int) v;
        while (i - start >= 2) {
            int q = n / 100;
            int r = n - q * 100;
            n = q;
            buf[--i] = PAIRS[2 * r + 1];
            buf[--i] = PAIRS[2 * r];
        }
        if (i > start) buf[--i] = (byte) ('0' + n);
    }

    /** The last timestamp written, for {@link #lastMicros} and {@link #prefixWidth}. */
    private final byte[] lastStamp = new byte[64];
    private int lastStampLength;
    private long lastMicros = -1;

    /** {@link Durations#timestamp} right-aligned in {@code width} columns. */
    LineBuffer timestamp(long nanos, int width) {
        long micros = Math.max(0, nanos) / 1_000;
        if (micros == lastMicros && width == prefixWidth) {
            // a trace has several records per microsecond: most lines repeat the line before's time
            if (lastStampLength <= 16) { // two moves (what follows overwrites the surplus)
                ensure(16);
                LONGS.set(buf, len, (long) LONGS.get(lastStamp, 0));
                LONGS.set(buf, len + 8, (long) LONGS.get(lastStamp, 8));
            } else {
                ensure(lastStampLength);
                System.arraycopy(lastStamp, 0, buf, len, lastStampLength);
            }
            len += lastStampLength;
            return this;
        }
        int start = len;
        stamp(micros, width);
        lastStampLength = Math.min(len - start, lastStamp.length);
        System.arraycopy(buf, start, lastStamp, 0, lastStampLength);
        lastMicros = lastStampLength == len - start ? micros : -1;
        return this;
    }

    private void stamp(long micros, int width) {
        long seconds = micros / 1_000_000;
        if (seconds != prefixSeconds || width != prefixWidth) {
            // the padding, seconds and point change once a second: made once, copied per line
            int start = len;
            int textLength = digits(seconds) + 7;
            if (textLength < width) spaces(width - textLength);
            number(seconds).ascii('.');
            prefix = Arrays.copyOfRange(buf, start, len);
            len = start;
            prefixSeconds = seconds;
            prefixWidth = width;
        }
        append(prefix);
        padded((int) (micros - seconds * 1_000_000), 6);
    }

    /** 10^0 to 10^18. */
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
    }

    /**
     * The decimal digits of {@code v} (non-negative), without a branch per magnitude: the JIT
     * compiles such branches for the magnitudes it has seen, and a longer number met later (the
     * few durations in seconds of a tree written after millions in microseconds) threw away the
     * compiled writer they were inlined into, to be compiled again.
     */
    static int digits(long v) {
        long u = v | 1; // as many digits as v (no power of ten is odd but 1), and one for 0
        int t = (64 - Long.numberOfLeadingZeros(u)) * 1233 >>> 12; // bits * log10(2): the digits or one less
        return t + (int) ((POWERS_OF_TEN[t] - 1 - u) >>> 63); // + 1 if u >= 10^t
    }

    /** The units' text, " ns", " us", " ms", " s", as one little-endian word each and its length. */
    private static final long[] UNIT_WORDS = {word(" ns"), word(" us"), word(" ms"), word(" s")};
    private static final int[] UNIT_LENGTHS = {3, 3, 3, 2};
    private static final int NANOS = 0;

    private static long word(String text) {
        long w = 0;
        for (int i = text.length() - 1; i >= 0; i--) w = w << 8 | text.charAt(i);
        return w;
    }

    /** A unit with one move (what follows overwrites the surplus): a copy per duration cost more. */
    private LineBuffer unit(int unit) {
        ensure(8);
        LONGS.set(buf, len, UNIT_WORDS[unit]);
        len += UNIT_LENGTHS[unit];
        return this;
    }

    /**
     * {@link Durations#format}: three significant digits and a unit, rounded half up at 2, 1 or
     * 0 decimals, whichever keeps the rounded value under 1000 (divisions by constants only).
     */
    LineBuffer duration(long nanos) {
        if (nanos < 1_000) {
            if (nanos < 0) return append(Durations.format(nanos)); // never in a sane trace: as Durations has it
            return number(nanos).unit(NANOS);
        }
        if (nanos >= 1L << 60) return append(Durations.format(nanos)); // 36 years: as Durations has it (overflow and all)
        // The unit by a loop, not a branch per unit (see digits): durations in seconds are rare.
        long thousandths = nanos;
        int unit = 0;
        while (thousandths >= 999_500 && unit < 2) {
            thousandths /= 1_000;
            unit++;
        }
        return significant(thousandths, unit + 1);
    }

    /**
     * {@code thousandths} of a unit, rounded half up at 2 decimals if that stays under 1000, else at
     * 1, else at none. Above microseconds they are truncated nanoseconds, which rounds the same: what
     * the truncation drops is less than a thousandth, and the half added is a whole number of them.
     */
    private LineBuffer significant(long thousandths, int unit) {
        long hundredths = (thousandths + 5) / 10;
        if (hundredths < 1000) {
            int h = (int) hundredths;
            number(h / 100).ascii('.');
            padded(h % 100, 2);
            return unit(unit);
        }
        long tenths = (thousandths + 50) / 100;
        if (tenths < 1000) {
            int t = (int) tenths;
            number(t / 10).ascii('.');
            padded(t % 10, 1);
            return unit(unit);
        }
        return number((thousandths + 500) / 1000).unit(unit);
    }

    private static final byte[] LINE_SEPARATOR = System.lineSeparator().getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private static final boolean LINE_FEED = LINE_SEPARATOR.length == 1 && LINE_SEPARATOR[0] == '\n';

    LineBuffer newline() {
        if (LINE_FEED) ascii('\n'); // not a copy of one byte
        else append(LINE_SEPARATOR);
        drainIfFull();
        return this;
    }

    /**
     * Writes what is buffered. When the output fails (a closed pipe: {@code jtrace print FILE | head};
     * a full disk) it throws {@link OutputFailedException} once, so that the replay feeding it stops
     * at once; after that, what is written is discarded (a writer's close does not fail again).
     */
    void drain() {
        if (len == 0) return;
        int n = len;
        len = 0;
        if (bytes != null) bytes.write(buf, 0, n);
        else chars.write(new String(buf, 0, n, charset));
    }

    void flush() {
        drain();
        if (bytes != null) bytes.flush();
        else chars.flush();
    }
}
