package io.jtrace.read;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.runtime.RecordDecoder;
import io.jtrace.runtime.RecordFormat;

import java.util.Arrays;

/**
 * Replays one thread's records into a {@link CallVisitor}: the same events as
 * {@link ThreadTimeline}, in the same order, but pushed, and with no object per enter, exit or
 * call. Enter and exit records are decoded inline; an enter is held back until the next record
 * shows whether it was a call with no traced callees. That next record may be in the following
 * batch, never across a gap (what follows lost records cannot be the exit of a call before them).
 */
final class ThreadReplay {
    private final TraceIndex index;
    private final TraceIndex.ThreadBatches batches;
    private final ThreadInfo thread;
    private final long origin;
    /** Method definitions by id (ids missing here go through the symbol table). */
    private final MethodInfo[] methods;
    private final RawRecord raw = new RawRecord();
    private final RecordDecoder decoder = new RecordDecoder();
    private CallVisitor visitor;

    private MethodInfo[] frames = new MethodInfo[64];
    private long[] enterNanos = new long[64];
    private int depth;
    /** An enter whose next record has not been seen yet. */
    private MethodInfo pending;
    private long pendingNanos;
    private long lastNanos;

    ThreadReplay(TraceIndex index, TraceIndex.ThreadBatches batches) {
        this.index = index;
        this.batches = batches;
        this.thread = batches.info;
        this.origin = index.nanoOrigin;
        this.methods = index.symbols.methodsById();
    }

    void run(CallVisitor v) {
        visitor = v;
        byte[] buffer = null;
        long expectedSequence = 0;
        for (TraceIndex.BatchRef b : batches.batches) {
            if (b.sequence() != expectedSequence) lost(b, b.sequence() - expectedSequence);
            expectedSequence = b.sequence() + 1;
            buffer = index.payload(b, buffer);
            replayBatch(buffer, b.length(), b.baseNanos());
        }
        flushPending();
        while (depth > 0) {
            depth--;
            visitor.exit(thread, lastNanos, depth, frames[depth], lastNanos - enterNanos[depth], ExitKind.UNFINISHED, null);
            frames[depth] = null;
        }
    }

    /** Frames opened in the lost records are unknown: the stack is rebuilt to the batch's depth. */
    private void lost(TraceIndex.BatchRef b, long count) {
        flushPending();
        Arrays.fill(frames, 0, depth, null);
        depth = 0;
        long t = b.baseNanos() - origin;
        MethodInfo unknown = MethodInfo.unknown(0);
        for (int i = 0; i < b.startDepth(); i++) push(unknown, t);
        visitor.other(new RecordsLost(thread, t, b.startDepth(), count));
    }

    private void replayBatch(byte[] data, int end, long clock) {
        int pos = 0;
        while (pos < end) {
            int start = pos;
            // header varint (kind in the low 4 bits, aux above), then the time delta varint
            long header = 0;
            int shift = 0;
            int unit;
            do {
                if (pos >= end || shift > 63) return; // a record torn at shutdown: the rest of the batch is unusable
                unit = data[pos++];
                header |= (long) (unit & RecordFormat.MASK) << shift;
                shift += RecordFormat.BITS;
            } while ((unit & RecordFormat.MORE) != 0);
            long delta = 0;
            shift = 0;
            do {
                if (pos >= end || shift > 63) return;
                unit = data[pos++];
                delta |= (long) (unit & RecordFormat.MASK) << shift;
                shift += RecordFormat.BITS;
            } while ((unit & RecordFormat.MORE) != 0);
            int kind = (int) (header & 0xf);
            if (kind == RecordFormat.ENTER) {
                clock += delta;
                int id = (int) (header >>> 4);
                enter(id < methods.length && methods[id] != null ? methods[id] : index.symbols.method(id), clock - origin);
            } else if (kind == RecordFormat.EXIT) {
                clock += delta;
                exit(clock - origin, ExitKind.RETURN, null);
            } else {
                pos = otherRecord(data, start, end, clock);
                if (pos < 0) return; // a record torn at shutdown: the rest of the batch is unusable
                clock = raw.nanos;
            }
        }
    }

    /** Decodes and passes on a record other than enter and exit; returns the position after it, or -1 if it is torn. */
    private int otherRecord(byte[] data, int start, int end, long clock) {
        decoder.reset(data, start, end - start);
        try {
            raw.read(decoder, clock);
        } catch (RawRecord.UnsupportedRecordException e) {
            throw e;
        } catch (IllegalStateException cutOff) {
            return -1;
        }
        long t = raw.nanos - origin;
        if (raw.kind == RecordFormat.EXIT_EXCEPTIONAL) {
            exit(t, ExitKind.EXCEPTION, new ExceptionRef(index.symbols.type(raw.typeId), raw.identity));
        } else if (raw.kind == RecordFormat.RESYNC) {
            flushPending();
            lastNanos = t;
            resync(t);
        } else {
            flushPending();
            lastNanos = t;
            visitor.other(OtherRecords.event(raw, thread, t, depth, depth > 0 ? frames[depth - 1] : null, index.symbols));
        }
        return decoder.position();
    }

    /**
     * The tracer lost records here (it ran out of stack or memory) and says which frames are open
     * now: the frames it still lists keep their enter times, the rest of the stack is replaced.
     * The same rule as {@link ThreadTimeline}.
     */
    private void resync(long t) {
        int common = 0;
        while (common < depth && common < raw.frameCount && frames[common].id() == raw.frames[common]) common++;
        Arrays.fill(frames, common, depth, null);
        depth = common;
        for (int i = common; i < raw.frameCount; i++) push(index.symbols.method(raw.frames[i]), t);
        visitor.other(new RecordsLost(thread, t, depth, 0));
    }

    private void enter(MethodInfo m, long t) {
        flushPending();
        pending = m;
        pendingNanos = t;
        lastNanos = t;
    }

    private void exit(long t, ExitKind kind, ExceptionRef exception) {
        lastNanos = t;
        if (pending != null) {
            MethodInfo m = pending;
            pending = null;
            visitor.call(thread, pendingNanos, depth, m, t - pendingNanos, kind, exception);
            return;
        }
        if (depth == 0) return; // its enter is in a lost batch
        depth--;
        visitor.exit(thread, t, depth, frames[depth], t - enterNanos[depth], kind, exception);
        frames[depth] = null;
    }

    /** The held-back enter turned out to have callees (or to be the last record): an open frame. */
    private void flushPending() {
        if (pending == null) return;
        MethodInfo m = pending;
        pending = null;
        visitor.enter(thread, pendingNanos, depth, m);
        push(m, pendingNanos);
    }

    private void push(MethodInfo m, long t) {
        if (depth == frames.length) {
            frames = Arrays.copyOf(frames, depth * 2);
            enterNanos = Arrays.copyOf(enterNanos, depth * 2);
        }
        frames[depth] = m;
        enterNanos[depth] = t;
        depth++;
    }
}
