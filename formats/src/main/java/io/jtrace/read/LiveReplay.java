package io.jtrace.read;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;
import io.jtrace.runtime.RecordDecoder;
import io.jtrace.runtime.RecordFormat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays batches as they stream in from a recording still being written ({@code --live}), for
 * {@code jtrace run --live} and {@code jtrace attach --live}. Unlike {@link ThreadReplay}, which
 * reads a finished file through its index, definitions and batches arrive here one by one, in
 * the order JFR flushes them: a thread's batches are put back in sequence order within each
 * flush ({@link #flush}), and a call whose exit is in a later batch is shown as an enter and an
 * exit rather than held back. Frames still open are left open (the program is still running).
 */
public final class LiveReplay {
    private final CallVisitor visitor;
    private final SymbolTable symbols = new SymbolTable();
    /** Definitions may arrive after their first use: an unknown id is looked up again each time. */
    private final Map<Integer, MethodInfo> methods = new HashMap<>();
    private final Map<Long, LiveThread> threads = new HashMap<>();
    private final List<Batch> waiting = new ArrayList<>();
    private final RawRecord raw = new RawRecord();
    private final RecordDecoder decoder = new RecordDecoder();
    private long origin = Long.MIN_VALUE;

    public LiveReplay(CallVisitor visitor) {
        this.visitor = visitor;
    }

    /** The clock origin of the session (jtrace.Session): times are shown from it. */
    public void session(long nanoOrigin) {
        if (origin == Long.MIN_VALUE) origin = nanoOrigin;
    }

    public void method(int id, String className, String name, String descriptor, String sourceFile, int line, int modifiers) {
        MethodInfo m = new MethodInfo(id, className, name, descriptor, sourceFile, line, modifiers);
        if (methods.putIfAbsent(id, m) == null) symbols.addMethod(m); // variable and exception records name methods too
    }

    public void type(int id, String name, String superTypes) {
        symbols.addType(id, name, superTypes);
    }

    public void variable(int siteId, int methodId, String kind, String name, String type, int slot, String ownerClass,
                         int line, boolean write, boolean redacted) {
        symbols.addVariable(new VariableInfo(siteId, methodId, VariableKind.parse(kind), name, type, slot,
                ownerClass == null ? "" : ownerClass, line, write, redacted));
    }

    /** A batch as it arrived; replayed at the next {@link #flush}. {@code payload}: one byte per unit. */
    public void batch(long threadId, String threadName, boolean virtual, long sequence, long baseNanos, int startDepth,
                      byte[] payload) {
        waiting.add(new Batch(threadId, threadName, virtual, sequence, baseNanos, startDepth, payload));
    }

    /** Replays the batches received since the last flush, oldest first, each thread's in sequence order. */
    public void flush() {
        List<Batch> todo = new ArrayList<>(waiting);
        waiting.clear();
        todo.sort(Comparator.comparingLong((Batch b) -> b.threadId).thenComparingLong(b -> b.sequence));
        // per thread in sequence order, threads interleaved by each one's first batch time
        Map<Long, List<Batch>> byThread = new java.util.LinkedHashMap<>();
        for (Batch b : todo) byThread.computeIfAbsent(b.threadId, k -> new ArrayList<>()).add(b);
        List<List<Batch>> runs = new ArrayList<>(byThread.values());
        runs.sort(Comparator.comparingLong(l -> l.get(0).baseNanos));
        for (List<Batch> run : runs) for (Batch b : run) replay(b);
    }

    private void replay(Batch b) {
        if (origin == Long.MIN_VALUE) origin = b.baseNanos;
        LiveThread t = threads.computeIfAbsent(b.threadId,
                id -> new LiveThread(new ThreadInfo(id, b.threadName, b.virtual, threads.size())));
        if (b.sequence < t.expected) return; // arrived after a later one was shown: nothing to do with it now
        if (b.sequence > t.expected) {
            t.frames.truncate(0);
            MethodInfo unknown = MethodInfo.unknown(0);
            for (int i = 0; i < b.startDepth; i++) t.frames.push(unknown, b.baseNanos - origin);
            visitor.other(new RecordsLost(t.info, b.baseNanos - origin, b.startDepth, b.sequence - t.expected));
        }
        t.expected = b.sequence + 1;
        decoder.reset(b.payload, 0, b.payload.length);
        long clock = b.baseNanos;
        try {
            while (decoder.hasMore()) {
                raw.read(decoder, clock);
                clock = raw.nanos;
                record(t, raw.nanos - origin);
            }
        } catch (IllegalStateException torn) {
            // a record torn at shutdown: the rest of the batch is unusable
        }
        t.flushPending(visitor);
    }

    private void record(LiveThread t, long nanos) {
        switch (raw.kind) {
            case RecordFormat.ENTER:
                t.flushPending(visitor);
                t.pending = method((int) raw.aux);
                t.pendingNanos = nanos;
                break;
            case RecordFormat.EXIT:
                t.exit(visitor, nanos, ExitKind.RETURN, null);
                break;
            case RecordFormat.EXIT_EXCEPTIONAL:
                t.exit(visitor, nanos, ExitKind.EXCEPTION, new ExceptionRef(symbols.type(raw.typeId), raw.identity));
                break;
            case RecordFormat.RESYNC:
                t.flushPending(visitor);
                if (raw.aux != 0) {
                    t.frames.truncate(0);
                    visitor.other(new RecordsLost(t.info, nanos, 0, 0));
                }
                for (int i = 0; i < raw.frameCount; i++) {
                    MethodInfo m = method(raw.frames[i]);
                    if (raw.aux == 0) visitor.enteredBeforeTracing(t.info, nanos, t.frames.depth(), m);
                    t.frames.push(m, nanos);
                }
                break;
            default:
                t.flushPending(visitor);
                visitor.other(OtherRecords.event(raw, t.info, nanos, t.frames.depth(), t.frames.top(), symbols));
        }
    }

    private MethodInfo method(int id) {
        MethodInfo m = methods.get(id);
        return m != null ? m : MethodInfo.unknown(id);
    }

    private record Batch(long threadId, String threadName, boolean virtual, long sequence, long baseNanos, int startDepth,
                         byte[] payload) {}

    /** One thread's open frames and its enter held back until the next record. */
    private static final class LiveThread {
        final ThreadInfo info;
        final FrameStack frames = new FrameStack();
        long expected;
        MethodInfo pending;
        long pendingNanos;

        LiveThread(ThreadInfo info) {
            this.info = info;
        }

        void flushPending(CallVisitor v) {
            if (pending == null) return;
            v.enter(info, pendingNanos, frames.depth(), pending);
            frames.push(pending, pendingNanos);
            pending = null;
        }

        void exit(CallVisitor v, long nanos, ExitKind kind, ExceptionRef exception) {
            if (pending != null) {
                v.call(info, pendingNanos, frames.depth(), pending, nanos - pendingNanos, kind, exception);
                pending = null;
                return;
            }
            if (frames.depth() == 0) return; // its enter is in a lost batch
            int d = frames.depth() - 1;
            MethodInfo m = frames.method(d);
            long enter = frames.enterNanos(d);
            frames.pop();
            v.exit(info, nanos, d, m, nanos - enter, kind, exception);
        }
    }
}
