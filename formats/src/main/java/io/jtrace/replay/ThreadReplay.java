package io.jtrace.replay;

import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.Descriptors;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.model.VariableInfo;
import io.jtrace.read.BatchDecoder;
import io.jtrace.read.EncodedRecord;
import io.jtrace.read.OtherRecords;
import io.jtrace.read.RawRecord;
import io.jtrace.read.SymbolTable;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.UnreadableRecordingException;
import io.jtrace.runtime.RecordFormat;

import java.util.ArrayList;
import java.util.List;

/**
 * The replay engine: replays one thread's records, batch by batch in sequence order, into a
 * {@link CallVisitor} (its base, {@link BatchDecoder}, the only code on the reading side that knows
 * the record layout, decodes them into {@link #enter}, {@link #exit} and {@link #record}): it keeps the
 * stack of open frames (so every event has its depth and every exit its duration), merges a call
 * with no traced callees into one {@code call}, reports lost batches and RESYNC points, and
 * closes frames still open at the end as {@link ExitKind#UNFINISHED}. Enter and exit records come
 * with no object per call; an enter is held back until the next record shows
 * whether it was a call with no traced callees. That next record may be in the following batch,
 * never across a gap (what follows lost records cannot be the exit of a call before them).
 *
 * <p>The values of {@code run --args} ride on the calls: the ARGUMENT records after an enter join
 * the held-back enter (and stay with its frame until its exit), a RETURN record waits for the EXIT
 * right after it; the visitor reads them from {@link CurrentValues} while it is given the call.
 * Such a record with nothing to join (its enter or exit was lost) is dropped.
 *
 * <p>{@link #step} replays one batch, so a cursor can pull a thread's events a batch at a time.
 */
public final class ThreadReplay extends BatchDecoder {
    /** The file's index and this thread's batches in it; null when batches are handed in as they arrive (live). */
    private final TraceIndex index;
    private final TraceIndex.ThreadBatches batches;
    private final SymbolTable symbols;
    private final ThreadInfo thread;
    /** Method definitions by id (ids missing here go through the symbol table). */
    private MethodInfo[] methods;
    private final CallVisitor visitor;
    /** Null unless the caller wants each other record as encoded (to copy it verbatim). */
    private final CurrentRecord current;
    /** Where the visitor reads the values of the call it is given; null if no one reads them. */
    private final CurrentValues values;

    private final FrameStack frames = new FrameStack();
    /** An enter whose next record has not been seen yet. */
    private MethodInfo pending;
    private long pendingNanos;
    /** The held-back enter was written without a clock read. */
    private boolean pendingUntimed;
    /** The arguments recorded after the held-back enter so far (null: none), and their records as encoded (filter). */
    private List<Argument> pendingArguments;
    private List<EncodedRecord> pendingArgumentRecords;
    /** A return value waiting for the EXIT right after it, and its record as encoded (filter). */
    private Value pendingReturn;
    private EncodedRecord pendingReturnRecord;
    private long lastNanos;
    private int nextBatch;
    /** The batch before which this replay stops (a first part, see {@link #until}); -1: the last one. */
    private int endBatch = -1;
    private long expectedSequence;
    private boolean finished;

    /** A second part met what it cannot replay without the first part's frames (a RESYNC naming them). */
    static final class NeedsFirstPart extends RuntimeException {
        NeedsFirstPart() {
            super(null, null, false, false);
        }
    }

    /**
     * Where a replay stands between two batches: enough for another replay to start there
     * ({@code history.ThreadHistory} keeps one per batch). {@code frames} is the innermost open frame.
     */
    public record Checkpoint(int nextBatch, long expectedSequence, OpenFrame frames, MethodInfo pending, long pendingNanos,
                      boolean pendingUntimed, long lastNanos, List<Argument> pendingArguments, Value pendingReturn) {}

    /** An open frame at a checkpoint, linked to its caller: checkpoints share the frames they have in common. */
    record OpenFrame(MethodInfo method, long enterNanos, boolean untimed, CallValues values, int depth, OpenFrame caller) {}

    /** The frames of the last checkpoint taken, by depth, to share with the next one. */
    private OpenFrame[] checkpointFrames = new OpenFrame[0];

    /** Replays {@code batches} of a finished recording, reading their payloads through {@code index}. */
    ThreadReplay(TraceIndex index, TraceIndex.ThreadBatches batches, CallVisitor visitor, CurrentRecord current) {
        this(index, batches, visitor, current, null);
    }

    /** As above; {@code values}: where the visitor reads each call's recorded values (null: nobody does). */
    public ThreadReplay(TraceIndex index, TraceIndex.ThreadBatches batches, CallVisitor visitor, CurrentRecord current,
                        CurrentValues values) {
        super(index.nanoOrigin());
        this.index = index;
        this.batches = batches;
        this.symbols = index.symbols();
        this.thread = batches.info();
        this.methods = symbols.methodsById();
        this.visitor = visitor;
        this.current = current;
        this.values = values;
    }

    /**
     * The first part of a replay in two parts: batches before {@code end}. It stops there with its
     * frames open (a held-back enter is given as an enter), readable from {@link #frames}.
     */
    static ThreadReplay until(TraceIndex index, TraceIndex.ThreadBatches batches, CallVisitor visitor, int end) {
        ThreadReplay r = new ThreadReplay(index, batches, visitor, null, null);
        r.endBatch = end;
        return r;
    }

    /**
     * The second part: batches from {@code start} on. Unless a gap comes first (then the replay
     * reports it as usual), the frames open there are {@link CallTreeBuilder#RESUMED_FRAME}s entered at the batch's
     * base time, as many as the batch says; their exits come to the visitor like any other.
     */
    static ThreadReplay resumedAt(TraceIndex index, TraceIndex.ThreadBatches batches, CallVisitor visitor, int start) {
        ThreadReplay r = new ThreadReplay(index, batches, visitor, null, null);
        TraceIndex.BatchRef b = batches.batches().get(start);
        r.nextBatch = start;
        r.expectedSequence = batches.batches().get(start - 1).sequence() + 1;
        r.lastNanos = b.baseNanos() - r.origin;
        if (b.sequence() == r.expectedSequence) {
            for (int i = 0; i < b.startDepth(); i++) r.frames.push(CallTreeBuilder.RESUMED_FRAME, r.lastNanos);
        }
        return r;
    }

    /** Replays {@code batches} from a checkpoint that an earlier replay of them took. */
    public static ThreadReplay from(TraceIndex index, TraceIndex.ThreadBatches batches, CallVisitor visitor, Checkpoint from,
                                    CurrentValues values) {
        ThreadReplay r = new ThreadReplay(index, batches, visitor, null, values);
        r.nextBatch = from.nextBatch();
        r.expectedSequence = from.expectedSequence();
        r.pending = from.pending();
        r.pendingNanos = from.pendingNanos();
        r.pendingUntimed = from.pendingUntimed();
        r.lastNanos = from.lastNanos();
        r.pendingArguments = from.pendingArguments() == null ? null : new ArrayList<>(from.pendingArguments());
        r.pendingReturn = from.pendingReturn();
        OpenFrame[] open = new OpenFrame[from.frames() == null ? 0 : from.frames().depth() + 1];
        for (OpenFrame f = from.frames(); f != null; f = f.caller()) open[f.depth()] = f;
        for (OpenFrame f : open) r.frames.push(f.method(), f.enterNanos(), f.untimed(), f.values());
        r.checkpointFrames = open;
        return r;
    }

    /**
     * Where this replay stands; only between batches (after a whole {@link #step}). Frames that
     * the previous checkpoint also had open are shared with it, so a thousand checkpoints of a deep
     * stack cost one copy of its unchanged part.
     */
    public Checkpoint checkpoint() {
        if (batchOpen()) throw new IllegalStateException("a checkpoint inside a batch");
        int depth = frames.depth();
        OpenFrame[] open = new OpenFrame[depth];
        OpenFrame caller = null;
        for (int i = 0; i < depth; i++) {
            OpenFrame before = i < checkpointFrames.length ? checkpointFrames[i] : null;
            if (before != null && before.caller() == caller && before.method() == frames.method(i)
                    && before.enterNanos() == frames.enterNanos(i) && before.untimed() == frames.untimed(i)
                    && before.values() == frames.values(i)) {
                caller = before;
            } else {
                caller = new OpenFrame(frames.method(i), frames.enterNanos(i), frames.untimed(i), frames.values(i), i, caller);
            }
            open[i] = caller;
        }
        checkpointFrames = open;
        return new Checkpoint(nextBatch, expectedSequence, caller, pending, pendingNanos, pendingUntimed, lastNanos,
                pendingArguments == null ? null : List.copyOf(pendingArguments), pendingReturn);
    }

    /** The open frames, outermost first; while the visitor is called, the frames around its event. */
    public FrameStack frames() {
        return frames;
    }

    /**
     * Replays batches handed in with {@link #arrived} as a recording is being written (live): a
     * definition may come after its first use, so a missing one is not taken as missing for good.
     */
    ThreadReplay(SymbolTable symbols, long origin, ThreadInfo thread, CallVisitor visitor, CurrentValues values) {
        super(origin);
        this.index = null;
        this.batches = null;
        this.symbols = symbols;
        this.thread = thread;
        this.methods = symbols.methodsById();
        this.visitor = visitor;
        this.current = null;
        this.values = values;
    }

    /**
     * Live: replays a batch that has just arrived (one older than one already shown is dropped),
     * then shows a held-back enter as an open frame: its exit may be seconds away.
     */
    void arrived(long sequence, long baseNanos, int startDepth, byte[] payload) {
        if (sequence < expectedSequence) return;
        methods = symbols.methodsById(); // definitions that came since
        open(sequence, baseNanos, startDepth, payload, payload.length);
        replayBatch(Integer.MAX_VALUE);
        flushPending();
    }

    @Override
    protected MethodInfo method(int id) {
        MethodInfo m = id >= 0 && id < methods.length ? methods[id] : null;
        if (m != null) return m;
        return index != null ? symbols.method(id) : symbols.definedOrUnknown(id);
    }

    ThreadInfo thread() {
        return thread;
    }

    /** Replays every remaining record. */
    void run() {
        while (step(Integer.MAX_VALUE)) {
            // one batch at a time
        }
    }

    /**
     * Replays up to {@code records} more records, at most to the end of the open batch (or, after
     * the last batch, closes the open frames); false once all is done. A merge by time steps in small
     * amounts so that each thread's waiting events stay in the processor's cache.
     */
    public boolean step(int records) {
        if (finished) return false;
        if (batchOpen()) {
            replayBatch(records);
            return true;
        }
        if (nextBatch == batches.batches().size() || nextBatch == endBatch) {
            flushPending();
            if (nextBatch == endBatch) { // a first part: its open frames are the next part's
                finished = true;
                release();
                return true;
            }
            // a frame still open ran at least until the recording ended, not only until its thread's
            // last record (a thread blocked in a call has no record after its enter)
            long end = index != null && index.lastNanos() != Long.MIN_VALUE ? Math.max(lastNanos, index.lastNanos() - origin) : lastNanos;
            while (frames.depth() > 0) {
                int d = frames.depth() - 1;
                MethodInfo m = frames.method(d);
                long enter = frames.enterNanos(d);
                publish(frames.values(d), null);
                frames.pop();
                visitor.exit(thread, end, d, m, end - enter, ExitKind.UNFINISHED, null);
            }
            finished = true;
            release();
            return true;
        }
        Cancellation.check();
        TraceIndex.BatchRef b = batches.batches().get(nextBatch++);
        open(b.sequence(), b.baseNanos(), b.startDepth(), index.payload(b, buffer()), b.length());
        replayBatch(records);
        return true;
    }

    /** Opens a batch: a gap before it is reported (its frames are unknown), then its records are next. */
    private void open(long sequence, long baseNanos, int startDepth, byte[] payload, int length) {
        if (sequence != expectedSequence) lost(baseNanos, startDepth, sequence - expectedSequence);
        expectedSequence = sequence + 1;
        openBatch(payload, length, baseNanos);
    }

    /** Frames opened in the lost records are unknown: the stack is rebuilt to the batch's depth. */
    private void lost(long baseNanos, int startDepth, long count) {
        flushPending();
        dropReturn();
        RecordsLost gap = new RecordsLost(thread, baseNanos - origin, startDepth, count);
        frames.lost(gap);
        if (current != null) current.set(null);
        visitor.other(gap);
    }

    /** A record other than an enter or a normal return, read into {@link #raw}. */
    @Override
    protected void record() {
        long t = raw.nanos - origin;
        if (raw.kind == RecordFormat.ARGUMENT) {
            argument();
            return;
        }
        if (raw.kind == RecordFormat.RETURN) {
            pendingReturn = OtherRecords.value(raw, symbols);
            pendingReturnRecord = current == null ? null : encoded();
            return;
        }
        dropReturn(); // only the EXIT right after it takes a return value
        if (raw.kind == RecordFormat.EXIT_EXCEPTIONAL) {
            exit(t, ExitKind.EXCEPTION, new ExceptionRef(symbols.type(raw.typeId), raw.identity));
        } else if (raw.kind == RecordFormat.RESYNC) {
            flushPending();
            lastNanos = t;
            resync(t);
        } else {
            flushPending();
            lastNanos = t;
            if (current != null) current.set(encoded());
            TraceEvent event;
            try {
                event = OtherRecords.event(raw, thread, t, frames.depth(), frames.top(), symbols);
            } catch (RawRecord.UnsupportedRecordException e) {
                throw unreadable(e);
            }
            visitor.other(event);
        }
    }

    /** An ARGUMENT record: joins the held-back enter, if there is one (else its enter was lost: dropped). */
    private void argument() {
        if (pending == null) return;
        int index = (int) raw.aux;
        VariableInfo p = symbols.parameter(pending.id(), index);
        String name;
        String type;
        if (p != null) {
            name = p.name();
            type = p.type();
        } else { // no definition (a damaged file): named by position, typed by the descriptor
            List<String> types = Descriptors.parameterTypes(pending.descriptor());
            name = "arg" + index;
            type = index < types.size() ? types.get(index) : "Ljava/lang/Object;";
        }
        if (pendingArguments == null) pendingArguments = new ArrayList<>(4);
        pendingArguments.add(new Argument(name, type, OtherRecords.value(raw, symbols)));
        if (current != null) {
            if (pendingArgumentRecords == null) pendingArgumentRecords = new ArrayList<>(4);
            pendingArgumentRecords.add(encoded());
        }
    }

    private void dropReturn() {
        pendingReturn = null;
        pendingReturnRecord = null;
    }

    /** The return value waiting for this exit of {@code m}, as an argument named "return"; null if none. */
    private Argument takeReturn(MethodInfo m) {
        Value v = pendingReturn;
        if (v == null) return null;
        dropReturn();
        VariableInfo r = symbols.returnValue(m.id());
        return new Argument("return", r != null ? r.type() : Descriptors.returnType(m.descriptor()), v);
    }

    /** Hands the values of the call about to be delivered to whoever reads them. */
    private void publish(CallValues v, EncodedRecord[] records) {
        if (values != null) values.set(v);
        if (current != null) current.setValues(records);
    }

    /** A record this reader does not know: the user's error (a damaged file, or a newer jtrace's), one line. */
    @Override
    protected UnreadableRecordingException unreadable(RawRecord.UnsupportedRecordException e) {
        String file = index != null ? "cannot read " + index.file() + ": " : "";
        return new UnreadableRecordingException(file + "thread " + thread.label() + " has " + e.getMessage());
    }

    /**
     * The tracer lost records here (it ran out of stack or memory) and says which frames are open
     * now: the frames we know that it still lists keep their enter times; the rest of the stack is
     * dropped and its new frames start here.
     */
    private void resync(long t) {
        if (raw.aux != 0 && frames.depth() > 0 && frames.method(0) == CallTreeBuilder.RESUMED_FRAME) throw new NeedsFirstPart();
        if (raw.aux == 0) { // not a loss (a real RESYNC counts its failures): calls running before an attach
            for (int i = 0; i < raw.frameCount; i++) {
                MethodInfo m = method(raw.frames[i]);
                publish(null, null);
                visitor.enteredBeforeTracing(thread, t, frames.depth(), m);
                frames.push(m, t);
            }
            if (current != null) current.set(null);
            return;
        }
        int common = 0;
        while (common < frames.depth() && common < raw.frameCount && frames.method(common).id() == raw.frames[common]) common++;
        frames.truncate(common);
        for (int i = common; i < raw.frameCount; i++) frames.push(method(raw.frames[i]), t);
        if (current != null) current.set(null);
        visitor.other(new RecordsLost(thread, t, frames.depth(), 0, common));
    }

    @Override
    protected void enter(MethodInfo m, long t, boolean untimed) {
        flushPending();
        dropReturn();
        pending = m;
        pendingNanos = t;
        pendingUntimed = untimed;
        lastNanos = t;
    }

    /** A normal return whose call's enter had no time is an untimed call: its duration is unknown. */
    private static ExitKind untimedIf(boolean enterUntimed, ExitKind kind) {
        return enterUntimed && kind == ExitKind.RETURN ? ExitKind.RETURN_UNTIMED : kind;
    }

    @Override
    protected void exit(long t, ExitKind kind, ExceptionRef exception) {
        lastNanos = t;
        if (!kind.returned()) dropReturn(); // only a normal return, timed or not, has a value
        if (pending != null) {
            MethodInfo m = pending;
            pending = null;
            if (pendingArguments != null || pendingReturn != null) {
                EncodedRecord[] records = valueRecords();
                publish(new CallValues(pendingArguments == null ? List.of() : pendingArguments, takeReturn(m)), records);
                pendingArguments = null;
                pendingArgumentRecords = null;
            } else {
                publish(null, null);
            }
            visitor.call(thread, pendingNanos, frames.depth(), m, t - pendingNanos, untimedIf(pendingUntimed, kind), exception);
            return;
        }
        if (frames.depth() == 0) { // its enter is in a lost batch
            dropReturn();
            return;
        }
        int d = frames.depth() - 1;
        MethodInfo m = frames.method(d);
        long enter = frames.enterNanos(d);
        boolean enterUntimed = frames.untimed(d);
        CallValues arguments = frames.values(d);
        frames.pop();
        if (pendingReturn != null) {
            EncodedRecord[] records = valueRecords();
            Argument returned = takeReturn(m);
            publish(arguments == null ? new CallValues(List.of(), returned) : arguments.returning(returned), records);
        } else {
            publish(arguments, null);
        }
        visitor.exit(thread, t, d, m, t - enter, untimedIf(enterUntimed, kind), exception);
    }

    /** The held-back enter turned out to have callees (or to be the last record): an open frame. */
    private void flushPending() {
        if (pending == null) return;
        MethodInfo m = pending;
        pending = null;
        CallValues arguments = null;
        EncodedRecord[] records = null;
        if (pendingArguments != null) {
            arguments = new CallValues(pendingArguments, null);
            records = current == null || pendingArgumentRecords == null ? null : pendingArgumentRecords.toArray(new EncodedRecord[0]);
            pendingArguments = null;
            pendingArgumentRecords = null;
        }
        publish(arguments, records);
        visitor.enter(thread, pendingNanos, frames.depth(), m);
        frames.push(m, pendingNanos, pendingUntimed, arguments);
    }

    /** The held-back enter's ARGUMENT records and the waiting RETURN record, as encoded (filter); null if none or not kept. */
    private EncodedRecord[] valueRecords() {
        if (current == null) return null;
        List<EncodedRecord> all = new ArrayList<>(4);
        if (pendingArgumentRecords != null) all.addAll(pendingArgumentRecords);
        if (pendingReturnRecord != null) all.add(pendingReturnRecord);
        return all.isEmpty() ? null : all.toArray(new EncodedRecord[0]);
    }
}
