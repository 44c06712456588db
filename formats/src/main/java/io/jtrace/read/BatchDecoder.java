package io.jtrace.read;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.runtime.RecordDecoder;
import io.jtrace.runtime.RecordFormat;

/**
 * The byte side of {@code replay.ThreadReplay}: decodes one batch's records (formats 1, 2 and 3,
 * RecordFormat's class comment) and hands each to the replay as it goes, enters and exits as
 * plain arguments (no object per call), any other record through {@link #raw}. It keeps where it
 * is inside the open batch, so a replay can stop after a few records and go on later.
 *
 * <p>Kept apart from the replay's frames so that each half reads on its own: this one knows the
 * layout, the replay knows calls. A base class rather than an object of its own: the replay is its
 * only subclass, so the JIT binds these calls as it bound the private methods they were, and
 * compiles the same loops (a decoder object calling back into the replay read measurably slower:
 * bench/README.md, "the replay split in two classes").
 */
public abstract class BatchDecoder {
    /** Units of the longest varint (a long's 64 bits, 6 to a unit). */
    private static final int MAX_VARINT = 11;
    /**
     * Records per call of {@link #replayFormat2} and {@link #replayFormat3}: fewer back-edges per call than lead C2 to compile
     * on the stack first (40,000 back-edges before 600 calls).
     */
    private static final int SLICE = 32;

    /** Recording time 0, as absolute nanoTime: times given to the replay are relative to it. */
    protected final long origin;
    /** The record just read, when it is not an enter or exit read inline. */
    protected final RawRecord raw = new RawRecord();
    /** Over the open batch: {@link #raw}'s body is in it (to copy a record as encoded). */
    final RecordDecoder decoder = new RecordDecoder();
    private byte[] data;
    /** Where the replay is inside the open batch; -1 when none is open. */
    private int pos = -1;
    private int end;
    /** The time of the last record read (absolute nanoTime). */
    private long clock;
    /** The open batch's format: 1, 2 or 3. */
    private int format;
    /** The value the last varint read decoded to (a second result, without an object per record). */
    private long decoded;

    protected BatchDecoder(long origin) {
        this.origin = origin;
    }

    /** The method with this id. */
    protected abstract MethodInfo method(int id);

    /** An enter of {@code m} at {@code t} (recording time). */
    protected abstract void enter(MethodInfo m, long t, boolean untimed);

    /** An exit at {@code t} (recording time). */
    protected abstract void exit(long t, ExitKind kind, ExceptionRef exception);

    /** A record other than an enter or a normal return, in {@link #raw}. */
    protected abstract void record();

    /** A record this reader does not know, as the user's error. */
    protected abstract UnreadableRecordingException unreadable(RawRecord.UnsupportedRecordException e);

    /** Opens a batch of {@code length} bytes of {@code payload}; its records are next. */
    protected final void openBatch(byte[] payload, int length, long baseNanos) {
        data = payload;
        format = RecordDecoder.formatOf(payload, 0, length);
        pos = format == 1 ? 0 : 1;
        end = length;
        clock = baseNanos;
    }

    /** Whether a batch is open with records left to replay. */
    protected final boolean batchOpen() {
        return pos >= 0;
    }

    /** The open batch's bytes (kept to be reused for the next batch's payload). */
    protected final byte[] buffer() {
        return data;
    }

    /** Lets go of the last batch's bytes (the replay is done). */
    protected final void release() {
        data = null;
    }

    /** Replays the open batch's next records, at most {@code limit}; the batch closes at its end. */
    protected final void replayBatch(int limit) {
        if (format == 3) {
            while (limit > SLICE) { // in slices, as format 2 below
                replayFormat3(SLICE);
                if (pos < 0) return;
                limit -= SLICE;
            }
            replayFormat3(limit);
            return;
        }
        if (format == 1) {
            replayFormat1(limit);
            return;
        }
        // In slices: the JIT's counters then ask for replayFormat2 to be compiled as a method (after
        // a few hundred calls) before its loop's back-edges ask for a compilation on the stack. A
        // batch replayed in one call made C2 compile this large method twice, once on the stack and
        // once as a method, in every command (bench/README.md, "definitions read again in every
        // chunk"; docs/design/reading-speed.md).
        while (limit > SLICE) {
            replayFormat2(SLICE);
            if (pos < 0) return;
            limit -= SLICE;
        }
        replayFormat2(limit);
    }

    /** Format 2: a record's first unit says what it is. Exits within 64 ns, the most common record, are one unit. */
    private void replayFormat2(int limit) {
        byte[] data = this.data;
        int end = this.end;
        int pos = this.pos;
        long clock = this.clock;
        this.pos = -1; // closed unless the limit stops the loop first
        for (int n = 0; pos < end; n++) {
            if (n == limit) {
                this.pos = pos;
                this.clock = clock;
                return;
            }
            int unit = data[pos++] & 0xff; // a unit over 127 (a damaged payload) is no record: unreadable
            if (unit < RecordFormat.F2_EXIT_LONG) {
                clock += unit;
                exit(clock - origin, ExitKind.RETURN, null);
            } else if (unit < RecordFormat.F2_ENTER) {
                pos = firstUnitValue(data, pos, end, unit - RecordFormat.F2_EXIT_LONG, RecordFormat.F2_EXIT_LONG_BITS);
                if (pos < 0) return; // a record torn at shutdown (or damaged): the rest of the batch is unusable
                clock += RecordFormat.F2_EXIT_LONG + decoded;
                exit(clock - origin, ExitKind.RETURN, null);
            } else if (unit < RecordFormat.F2_ENTER_UNTIMED) {
                pos = firstUnitValue(data, pos, end, unit - RecordFormat.F2_ENTER, RecordFormat.F2_ENTER_BITS);
                if (pos < 0) return;
                int id = (int) decoded;
                pos = varintFrom(data, pos, end, 0, 0);
                if (pos < 0) return;
                clock += decoded;
                enter(method(id), clock - origin, false);
            } else if (unit < RecordFormat.F2_EXIT_UNTIMED) {
                pos = firstUnitValue(data, pos, end, unit - RecordFormat.F2_ENTER_UNTIMED, RecordFormat.F2_ENTER_UNTIMED_BITS);
                if (pos < 0) return;
                enter(method((int) decoded), clock - origin, true);
            } else if (unit == RecordFormat.F2_EXIT_UNTIMED) {
                exit(clock - origin, ExitKind.RETURN_UNTIMED, null);
            } else if (unit == RecordFormat.F2_OTHER) {
                pos = otherRecord(data, pos, end, clock);
                if (pos < 0) return;
                clock = raw.nanos;
            } else if (unit < RecordFormat.F2_LINE + (2 << RecordFormat.F2_LINE_BITS)) {
                pos = firstUnitValue(data, pos, end, unit - RecordFormat.F2_LINE, RecordFormat.F2_LINE_BITS);
                if (pos < 0) return;
                long line = decoded;
                pos = varintFrom(data, pos, end, 0, 0);
                if (pos < 0) return;
                clock += decoded;
                decoder.reset(data, pos, 0); // a line has no body
                raw.line(line, clock, pos);
                record();
            } else {
                throw unreadable(new RawRecord.UnsupportedRecordException("a record starting with unit " + unit));
            }
        }
    }

    /**
     * Format 3: {@link #replayFormat2} in digits (a char less {@link RecordFormat#F3_ZERO}). Exits
     * within 37 ns are one char.
     */
    private void replayFormat3(int limit) {
        byte[] data = this.data;
        int end = this.end;
        int pos = this.pos;
        long clock = this.clock;
        this.pos = -1; // closed unless the limit stops the loop first
        for (int n = 0; pos < end; n++) {
            if (n == limit) {
                this.pos = pos;
                this.clock = clock;
                return;
            }
            int digit = (data[pos++] & 0xff) - RecordFormat.F3_ZERO; // below 0 or above 94 (a damaged payload): unreadable
            if (digit < 0) {
                throw unreadable(new RawRecord.UnsupportedRecordException("a record starting with unit " + (digit + RecordFormat.F3_ZERO)));
            } else if (digit < RecordFormat.F3_EXIT_LONG) {
                clock += digit;
                exit(clock - origin, ExitKind.RETURN, null);
            } else if (digit < RecordFormat.F3_ENTER) {
                pos = firstDigitValue(data, pos, end, digit - RecordFormat.F3_EXIT_LONG, RecordFormat.F3_EXIT_LONG_BITS);
                if (pos < 0) return; // a record torn at shutdown (or damaged): the rest of the batch is unusable
                clock += RecordFormat.F3_EXIT_LONG + decoded;
                exit(clock - origin, ExitKind.RETURN, null);
            } else if (digit < RecordFormat.F3_ENTER_UNTIMED) {
                pos = firstDigitValue(data, pos, end, digit - RecordFormat.F3_ENTER, RecordFormat.F3_ENTER_BITS);
                if (pos < 0) return;
                int id = (int) decoded;
                pos = digitsFrom(data, pos, end, 0, 0);
                if (pos < 0) return;
                clock += decoded;
                enter(method(id), clock - origin, false);
            } else if (digit < RecordFormat.F3_EXIT_UNTIMED) {
                pos = firstDigitValue(data, pos, end, digit - RecordFormat.F3_ENTER_UNTIMED, RecordFormat.F3_ENTER_UNTIMED_BITS);
                if (pos < 0) return;
                enter(method((int) decoded), clock - origin, true);
            } else if (digit == RecordFormat.F3_EXIT_UNTIMED) {
                exit(clock - origin, ExitKind.RETURN_UNTIMED, null);
            } else if (digit < RecordFormat.F3_OTHER) {
                pos = firstDigitValue(data, pos, end, digit - RecordFormat.F3_LINE, RecordFormat.F3_LINE_BITS);
                if (pos < 0) return;
                long line = decoded;
                pos = digitsFrom(data, pos, end, 0, 0);
                if (pos < 0) return;
                clock += decoded;
                decoder.reset(data, pos, 0, 3); // a line has no body
                raw.line(line, clock, pos);
                record();
            } else if (digit == RecordFormat.F3_OTHER) {
                pos = otherRecord(data, pos, end, clock);
                if (pos < 0) return;
                clock = raw.nanos;
            } else {
                throw unreadable(new RawRecord.UnsupportedRecordException("a record starting with unit " + (digit + RecordFormat.F3_ZERO)));
            }
        }
    }

    /** Format 3: {@link #firstUnitValue} in digits. */
    private int firstDigitValue(byte[] data, int pos, int end, int v, int bits) {
        int more = 1 << bits;
        if ((v & more) == 0) {
            decoded = v;
            return pos;
        }
        return digitsFrom(data, pos, end, v & (more - 1), bits);
    }

    /**
     * Format 3: the varint at {@code pos} whose digits up to bit {@code shift} are {@code value}
     * (read already) into {@link #decoded}; returns the position after it, or -1 if it is torn there,
     * runs longer than a long or holds a char that is no digit.
     */
    private int digitsFrom(byte[] data, int pos, int end, long value, int shift) {
        while (true) {
            if (pos >= end || shift > 63) return -1;
            int digit = (data[pos++] & 0xff) - RecordFormat.F3_ZERO;
            if (digit < RecordFormat.F3_TERMINAL) {
                if (digit < 0) return -1;
                decoded = value | (long) digit << shift;
                return pos;
            }
            if (digit >= RecordFormat.F3_DIGITS) return -1;
            value |= (long) (digit - RecordFormat.F3_TERMINAL) << shift;
            shift += RecordFormat.F3_BITS;
        }
    }

    /**
     * Format 2: the value whose lowest {@code bits} bits are in {@code v} (a record's first unit less
     * its kind's base) into {@link #decoded}, the rest read at {@code pos} if the bit above them says
     * so; returns the position after it, or -1 if it is torn.
     */
    private int firstUnitValue(byte[] data, int pos, int end, int v, int bits) {
        int more = 1 << bits;
        if ((v & more) == 0) {
            decoded = v;
            return pos;
        }
        return varintFrom(data, pos, end, v & (more - 1), bits);
    }

    /** {@link #replayBatch} for a batch in format 1. */
    private void replayFormat1(int limit) {
        byte[] data = this.data;
        int end = this.end;
        int pos = this.pos;
        long clock = this.clock;
        this.pos = -1; // closed unless the limit stops the loop first
        for (int n = 0; pos < end; n++) {
            if (n == limit) {
                this.pos = pos;
                this.clock = clock;
                return;
            }
            int start = pos;
            // header varint (kind in the low 4 bits, aux above), then the time delta varint. Far
            // from the batch's end, the first three units of each are read without a loop (most
            // records: an id under 16,384, a delta under 262 us), and the loops of the rest are in
            // methods of their own: this method has one loop, which the JIT compiles on the stack
            // once (an inner loop here made it do so a second time, for the inner loop's entry).
            boolean far = end - pos >= 2 * MAX_VARINT; // room for any header and delta: no check per unit
            pos = far ? varint(data, pos) : varintFrom(data, pos, end, 0, 0);
            if (pos < 0) return; // a record torn at shutdown (or damaged): the rest of the batch is unusable
            long header = decoded;
            long delta = RecordFormat.packedDelta(header); // a timed exit carries its delta in its header
            if (delta < 0) {
                delta = 0;
                if (!RecordFormat.isUntimed(header)) { // an untimed record has no delta: the previous record's time
                    pos = far ? varint(data, pos) : varintFrom(data, pos, end, 0, 0);
                    if (pos < 0) return;
                    delta = decoded;
                }
            }
            int kind = (int) (header & 0xf);
            if (kind == RecordFormat.ENTER || kind == RecordFormat.ENTER_UNTIMED) {
                clock += delta;
                enter(method((int) (header >>> 4)), clock - origin, kind == RecordFormat.ENTER_UNTIMED);
            } else if (kind == RecordFormat.EXIT) {
                clock += delta;
                exit(clock - origin, header >>> 4 == RecordFormat.EXIT_UNTIMED ? ExitKind.RETURN_UNTIMED : ExitKind.RETURN, null);
            } else {
                pos = otherRecord(data, start, end, clock);
                if (pos < 0) return; // a record torn at shutdown: the rest of the batch is unusable
                clock = raw.nanos;
            }
        }
    }

    /**
     * The varint at {@code pos}, with at least {@link #MAX_VARINT} bytes before the batch's end, into
     * {@link #decoded}; returns the position after it, or -1 if it runs longer than a long. Its first
     * three units are read without a loop, which the JIT inlines into the replay's one loop.
     */
    private int varint(byte[] data, int pos) {
        int unit = data[pos++];
        long value = unit & RecordFormat.MASK;
        if ((unit & RecordFormat.MORE) != 0) {
            unit = data[pos++];
            value |= (long) (unit & RecordFormat.MASK) << RecordFormat.BITS;
            if ((unit & RecordFormat.MORE) != 0) {
                unit = data[pos++];
                value |= (long) (unit & RecordFormat.MASK) << 2 * RecordFormat.BITS;
                if ((unit & RecordFormat.MORE) != 0) return varintFrom(data, pos, data.length, value, 3 * RecordFormat.BITS);
            }
        }
        decoded = value;
        return pos;
    }

    /**
     * The varint at {@code pos} whose units up to bit {@code shift} are {@code value} (read
     * already), each further unit checked against {@code end}, into {@link #decoded}; returns the
     * position after it, or -1 if it is torn there or runs longer than a long. Near the end of a
     * batch the whole varint is read here.
     */
    private int varintFrom(byte[] data, int pos, int end, long value, int shift) {
        int unit;
        do {
            if (pos >= end || shift > 63) return -1;
            unit = data[pos++];
            value |= (long) (unit & RecordFormat.MASK) << shift;
            shift += RecordFormat.BITS;
        } while ((unit & RecordFormat.MORE) != 0);
        decoded = value;
        return pos;
    }

    /** Decodes and hands on a record other than an inline enter and exit; returns the position after it, or -1 if it is torn. */
    private int otherRecord(byte[] data, int start, int end, long clock) {
        decoder.reset(data, start, end - start, format == 3 ? 3 : 1);
        try {
            raw.read(decoder, clock);
        } catch (RawRecord.UnsupportedRecordException e) {
            throw unreadable(e);
        } catch (IllegalStateException cutOff) {
            return -1;
        }
        if (raw.kind == RecordFormat.ENTER || raw.kind == RecordFormat.ENTER_UNTIMED) { // format 1 behind 127: valid, if no writer's choice
            enter(method((int) raw.aux), raw.nanos - origin, raw.kind == RecordFormat.ENTER_UNTIMED);
        } else if (raw.kind == RecordFormat.EXIT) {
            exit(raw.nanos - origin, raw.aux == RecordFormat.EXIT_UNTIMED ? ExitKind.RETURN_UNTIMED : ExitKind.RETURN, null);
        } else {
            record();
        }
        return decoder.position();
    }

    /** The record just read into {@link #raw}, as encoded (its body copied, in format 3 as EncodedRecord's). */
    protected final EncodedRecord encoded() {
        return new EncodedRecord(raw.kind, raw.aux, decoder.bodyInFormat3(raw.bodyStart, raw.bodyEnd));
    }

    /** Time of the last record of one batch (absolute nanoTime), decoding only that batch. */
    static long lastNanosOf(TraceIndex index, TraceIndex.BatchRef b) {
        RecordDecoder d = new RecordDecoder();
        byte[] bytes = index.payload(b, null);
        d.reset(bytes, 0, b.length());
        d.startBatch(); // the first unit of formats 2 and 3, if it is there
        RawRecord r = new RawRecord();
        long clock = b.baseNanos();
        try {
            while (d.hasMore()) {
                r.read(d, clock);
                clock = r.nanos;
            }
        } catch (IllegalStateException e) {
            // torn or unknown record: the time so far is the best we know
        }
        return clock;
    }
}
