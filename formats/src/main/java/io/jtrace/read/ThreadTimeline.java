package io.jtrace.read;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.runtime.RecordDecoder;
import io.jtrace.runtime.RecordFormat;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Replays one thread's records, batch by batch in sequence order, as model events: rebuilds the
 * stack of open frames to give each event its depth and each exit its duration, merges a call
 * with no traced callees into one {@link MethodCall}, reports lost batches, and closes frames
 * still open at the end as {@link ExitKind#UNFINISHED}. Holds one batch in memory.
 */
public final class ThreadTimeline {
    private final TraceIndex index;
    private final TraceIndex.ThreadBatches batches;
    private final ThreadInfo thread;
    private final RecordDecoder decoder = new RecordDecoder();
    private byte[] buffer;
    private int nextBatch;
    private long expectedSequence;
    private boolean batchOpen;
    private long clock;

    private MethodInfo[] frames = new MethodInfo[64];
    private long[] enterNanos = new long[64];
    private int depth;

    private final RawRecord current = new RawRecord();
    private final RawRecord lookahead = new RawRecord();
    private boolean hasLookahead;
    private final ArrayDeque<TraceEvent> ready = new ArrayDeque<>();
    private boolean finished;
    private long lastNanos;
    /** Null unless {@link #retainRecords()}: the encoded record behind each event not yet taken. */
    private Map<TraceEvent, EncodedRecord> retained;

    ThreadTimeline(TraceIndex index, TraceIndex.ThreadBatches batches) {
        this.index = index;
        this.batches = batches;
        this.thread = batches.info;
    }

    public ThreadInfo thread() {
        return thread;
    }

    /**
     * Keeps, for each line, variable and exception event, its record as encoded in the payload,
     * so that a writer can copy it verbatim ({@link #takeRecord}). Costs a copy per such event.
     */
    public void retainRecords() {
        if (retained == null) retained = new IdentityHashMap<>();
    }

    /**
     * The encoded record behind an event this timeline returned (line, variable and exception
     * events; null for calls and lost records, which writers encode from the event). Take it for
     * every event returned, or the kept copies pile up.
     */
    public EncodedRecord takeRecord(TraceEvent e) {
        return retained == null ? null : retained.remove(e);
    }

    private void retain(TraceEvent e, RawRecord r) {
        if (retained != null) {
            retained.put(e, new EncodedRecord(r.kind, r.aux, decoder.copyRange(r.bodyStart, r.bodyEnd)));
        }
    }

    /** Time of the next event without loading anything if no batch was read yet. */
    long headNanos() {
        if (!batchOpen && ready.isEmpty() && !hasLookahead && nextBatch == 0) {
            return batches.firstNanos() - index.nanoOrigin;
        }
        TraceEvent e = peek();
        return e == null ? Long.MAX_VALUE : e.nanos();
    }

    public TraceEvent peek() {
        fill();
        return ready.peekFirst();
    }

    public TraceEvent next() {
        fill();
        return ready.pollFirst();
    }

    public boolean hasNext() {
        return peek() != null;
    }

    private void fill() {
        while (ready.isEmpty() && !finished) {
            RawRecord r = nextRaw(current);
            if (r == null) {
                closeOpenFrames();
                finished = true;
                buffer = null;
                return;
            }
            handle(r);
        }
    }

    private void handle(RawRecord r) {
        long t = r.nanos - index.nanoOrigin;
        lastNanos = t;
        switch (r.kind) {
            case RecordFormat.ENTER: {
                MethodInfo m = index.symbols.method((int) r.aux);
                RawRecord n = peekRaw();
                if (n != null && (n.kind == RecordFormat.EXIT || n.kind == RecordFormat.EXIT_EXCEPTIONAL)) {
                    hasLookahead = false;
                    lastNanos = n.nanos - index.nanoOrigin;
                    ready.add(new MethodCall(thread, t, depth, m, n.nanos - r.nanos, exitKind(n), exception(n)));
                } else {
                    ready.add(new MethodEnter(thread, t, depth, m));
                    push(m, t);
                }
                break;
            }
            case RecordFormat.EXIT:
            case RecordFormat.EXIT_EXCEPTIONAL: {
                if (depth == 0) break; // its enter is in a lost batch
                depth--;
                ready.add(new MethodExit(thread, t, depth, frames[depth], t - enterNanos[depth], exitKind(r), exception(r)));
                frames[depth] = null;
                break;
            }
            case RecordFormat.LINE:
            case RecordFormat.VARIABLE:
            case RecordFormat.THROW:
            case RecordFormat.CATCH:
            case RecordFormat.FINALLY:
            case RecordFormat.UNCAUGHT:
            case RecordFormat.ORIGIN:
            case RecordFormat.SUPPRESSED: {
                TraceEvent e = OtherRecords.event(r, thread, t, depth, depth > 0 ? frames[depth - 1] : null, index.symbols);
                ready.add(e);
                retain(e, r);
                break;
            }
            case RecordFormat.RESYNC:
                resync(r, t);
                break;
            default:
                throw new RawRecord.UnsupportedRecordException(r.kind);
        }
    }

    /**
     * The tracer failed on this thread (out of stack or memory) and records are missing here:
     * the record tells which frames are open now. Frames we know that it still lists keep their
     * enter times; the rest of our stack is dropped and its new frames start here.
     */
    private void resync(RawRecord r, long t) {
        int common = 0;
        while (common < depth && common < r.frameCount && frames[common].id() == r.frames[common]) common++;
        Arrays.fill(frames, common, depth, null);
        depth = common;
        for (int i = common; i < r.frameCount; i++) push(index.symbols.method(r.frames[i]), t);
        ready.add(new RecordsLost(thread, t, depth, 0));
    }

    private static ExitKind exitKind(RawRecord r) {
        return r.kind == RecordFormat.EXIT_EXCEPTIONAL ? ExitKind.EXCEPTION : ExitKind.RETURN;
    }

    private ExceptionRef exception(RawRecord r) {
        if (r.kind != RecordFormat.EXIT_EXCEPTIONAL) return null;
        return new ExceptionRef(index.symbols.type(r.typeId), r.identity);
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

    private void closeOpenFrames() {
        while (depth > 0) {
            depth--;
            ready.add(new MethodExit(thread, lastNanos, depth, frames[depth], lastNanos - enterNanos[depth],
                    ExitKind.UNFINISHED, null));
        }
    }

    private RawRecord peekRaw() {
        if (hasLookahead) return lookahead;
        RawRecord r = nextRaw(lookahead);
        hasLookahead = r != null;
        return r;
    }

    /**
     * Next raw record into {@code into}, or null at the end. A lookahead ({@code into ==
     * lookahead}) never crosses into a batch after a gap: what comes after lost records cannot
     * be the exit of a call before them.
     */
    private RawRecord nextRaw(RawRecord into) {
        boolean peeking = into == lookahead;
        if (!peeking && hasLookahead) {
            hasLookahead = false;
            copy(lookahead, current);
            return current;
        }
        while (true) {
            if (batchOpen && decoder.hasMore()) {
                try {
                    into.read(decoder, clock);
                    clock = into.nanos;
                    return into;
                } catch (RawRecord.UnsupportedRecordException e) {
                    throw e;
                } catch (IllegalStateException cutOff) {
                    batchOpen = false; // a record torn at shutdown: the rest of this batch is unusable
                    continue;
                }
            }
            if (!openNextBatch(!peeking)) return null;
        }
    }

    private boolean openNextBatch(boolean allowGap) {
        batchOpen = false;
        if (nextBatch >= batches.batches.size()) return false;
        TraceIndex.BatchRef b = batches.batches.get(nextBatch);
        if (b.sequence() != expectedSequence) {
            if (!allowGap) return false;
            long lost = b.sequence() - expectedSequence;
            // Frames opened in the lost records are unknown; rebuild the stack to the batch's depth.
            Arrays.fill(frames, 0, depth, null);
            depth = 0;
            MethodInfo unknown = MethodInfo.unknown(0);
            for (int i = 0; i < b.startDepth(); i++) push(unknown, b.baseNanos() - index.nanoOrigin);
            ready.add(new RecordsLost(thread, b.baseNanos() - index.nanoOrigin, b.startDepth(), lost));
        }
        nextBatch++;
        expectedSequence = b.sequence() + 1;
        buffer = index.payload(b, buffer);
        decoder.reset(buffer, 0, b.length());
        clock = b.baseNanos();
        batchOpen = true;
        return true;
    }

    private static void copy(RawRecord from, RawRecord to) {
        to.kind = from.kind;
        to.aux = from.aux;
        to.nanos = from.nanos;
        to.identity = from.identity;
        to.typeId = from.typeId;
        to.valueTag = from.valueTag;
        to.owner = from.owner;
        to.array = from.array;
        to.index = from.index;
        to.bits = from.bits;
        to.text = from.text;
        to.fullLength = from.fullLength;
        if (from.kind == RecordFormat.RESYNC) {
            to.frames = from.frames.clone();
            to.frameCount = from.frameCount;
        }
        to.bodyStart = from.bodyStart;
        to.bodyEnd = from.bodyEnd;
        from.copyExceptionFieldsTo(to);
    }

    /** Time of the last record of one batch (absolute nanoTime). */
    static long lastNanosOf(TraceIndex index, TraceIndex.BatchRef b) {
        RecordDecoder d = new RecordDecoder();
        byte[] bytes = index.payload(b, null);
        d.reset(bytes, 0, b.length());
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
