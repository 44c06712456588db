package io.jtrace.runtime;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Encodes records into a {@code jtrace.TraceBatch} payload outside a traced program (e.g. when
 * {@code jtrace filter} writes a new recording), in the format {@link ThreadTrace} writes (format
 * 3, see {@link RecordFormat}), or in format 1 or 2 (older recordings; tests that read them). Kept
 * apart from ThreadTrace so the tracer's hot path stays as it is.
 */
public final class RecordEncoder {
    private byte[] buf = new byte[4096];
    private int pos;
    private int records;
    private long baseNanos;
    private long lastNanos;
    /** 1, 2 or 3 (see {@link RecordFormat}). */
    private final int format;
    private final boolean format2;
    private final boolean format3;

    /** The format the tracer writes, and so this encoder by default. */
    public static final int FORMAT = 3;

    /** Writes format 3, as the tracer does. */
    public RecordEncoder() {
        this(FORMAT);
    }

    /** {@code format}: 1, 2 or 3 (see {@link RecordFormat}). */
    public RecordEncoder(int format) {
        if (format < 1 || format > 3) throw new IllegalArgumentException("no record format " + format);
        this.format = format;
        this.format2 = format == 2;
        this.format3 = format == 3;
    }

    /** The format this encoder writes. */
    public int format() {
        return format;
    }

    /** Starts a new payload; the first record's time is relative to {@code baseNanos}. */
    public void reset(long baseNanos) {
        pos = 0;
        records = 0;
        this.baseNanos = baseNanos;
        this.lastNanos = baseNanos;
        if (format2) buf[pos++] = RecordFormat.FORMAT_2;
        if (format3) buf[pos++] = RecordFormat.FORMAT_3;
    }

    public void enter(int methodId, long nanos) {
        header(RecordFormat.ENTER, methodId, nanos);
    }

    public void exit(long nanos) {
        if (pos + RecordFormat.MAX_FIXED_RECORD > buf.length) buf = Arrays.copyOf(buf, buf.length * 2);
        long delta = RecordFormat.delta(nanos, lastNanos);
        if (format3) pos = RecordFormat.putExit3(buf, pos, delta);
        else if (format2) pos = RecordFormat.putExit(buf, pos, delta);
        else putVarLong(RecordFormat.packedExit(delta));
        lastNanos += delta;
        records++;
    }

    /** An enter without a time (see {@link RecordFormat#ENTER_UNTIMED}): it takes the previous record's time. */
    public void enterUntimed(int methodId) {
        untimedHeader(RecordFormat.ENTER_UNTIMED, methodId);
    }

    /** An exit without a time (an untimed call's). */
    public void exitUntimed() {
        untimedHeader(RecordFormat.EXIT, RecordFormat.EXIT_UNTIMED);
    }

    private void untimedHeader(int kind, long aux) {
        if (pos + RecordFormat.MAX_FIXED_RECORD > buf.length) buf = Arrays.copyOf(buf, buf.length * 2);
        if (format3) pos = RecordFormat.putUntimedStart3(buf, pos, kind, aux);
        else if (format2) pos = RecordFormat.putUntimedStart(buf, pos, kind, aux);
        else putVarLong((aux << 4) | kind);
        records++;
    }

    /** {@code identity}: the exception's identity hash; {@code typeId}: its type id, 0 if unknown. */
    public void exitExceptional(long nanos, long identity, int typeId) {
        header(RecordFormat.EXIT_EXCEPTIONAL, 0, nanos);
        putVarLong(identity);
        putVarLong(typeId);
    }

    /**
     * A record of any kind whose body is already encoded in this encoder's format (copied from
     * another payload, see {@link RecordFormat#transcodeBody}): writes the header and the time (none
     * for an untimed kind), then the body verbatim.
     */
    public void encoded(int kind, long aux, long nanos, byte[] body) {
        if (RecordFormat.isUntimed((aux << 4) | kind)) untimedHeader(kind, aux); // its time is the record before's
        else if (kind == RecordFormat.EXIT && format != 1) exit(nanos);
        else header(kind, aux, nanos);
        if (pos + body.length > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + body.length));
        System.arraycopy(body, 0, buf, pos, body.length);
        pos += body.length;
    }

    /**
     * A {@link RecordFormat#RESYNC} record: the tracer lost records before it (counted as one
     * failure); {@code frames[0..n)} are the method ids of the frames open now, outermost first.
     */
    public void resync(long nanos, int[] frames, int n) {
        header(RecordFormat.RESYNC, 1, nanos);
        if (pos + RecordFormat.MAX_FIXED_RECORD + 10 * n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + RecordFormat.MAX_FIXED_RECORD + 10 * n));
        }
        putVarLong(n);
        for (int i = 0; i < n; i++) putVarLong(frames[i]);
    }

    private void header(int kind, long aux, long nanos) {
        if (pos + RecordFormat.MAX_FIXED_RECORD > buf.length) buf = Arrays.copyOf(buf, buf.length * 2);
        if (format3) pos = RecordFormat.putTimedStart3(buf, pos, kind, aux);
        else if (format2) pos = RecordFormat.putTimedStart(buf, pos, kind, aux);
        else putVarLong((aux << 4) | kind);
        long delta = RecordFormat.delta(nanos, lastNanos);
        putVarLong(delta);
        lastNanos += delta;
        records++;
    }

    /** A record body of these varints in this encoder's format (for {@link #encoded}; bodies are sequences of varints). */
    public byte[] body(long... varints) {
        byte[] b = new byte[varints.length * RecordFormat.F3_MAX_VARINT];
        int n = 0;
        for (long v : varints) n = format3 ? RecordFormat.putVarLong3(b, n, v) : RecordFormat.putVarLong(b, n, v);
        return Arrays.copyOf(b, n);
    }

    private void putVarLong(long v) {
        pos = format3 ? RecordFormat.putVarLong3(buf, pos, v) : RecordFormat.putVarLong(buf, pos, v);
    }

    public int records() {
        return records;
    }

    /** Bytes (= payload chars) so far. */
    public int size() {
        return pos;
    }

    public long baseNanos() {
        return baseNanos;
    }

    /** The last record's time: the time an untimed record written now would have. */
    public long lastNanos() {
        return lastNanos;
    }

    /**
     * The payload's bytes, one per char of {@link #payload}: the first {@link #size} bytes of this
     * array, valid until the next record or {@link #reset}.
     */
    public byte[] payloadBytes() {
        return buf;
    }

    /** The payload as the String field of a TraceBatch event (one char per unit or digit). */
    public String payload() {
        return new String(buf, 0, pos, StandardCharsets.ISO_8859_1);
    }
}
