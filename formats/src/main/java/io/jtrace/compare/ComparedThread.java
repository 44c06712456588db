package io.jtrace.compare;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.CallValues;
import io.jtrace.model.EventKind;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recorded;
import io.jtrace.recording.Selection;
import io.jtrace.replay.CurrentValues;
import io.jtrace.replay.ThreadReplay;

import java.util.Iterator;

/**
 * One thread's steps as a comparison reads them, replayed a block at a time straight into the
 * block's columns ({@link StepBlock}: no event object per call; memory: one block). Left out:
 * ignored methods' calls with everything under them, frames deeper than the depth limit, variable
 * reads (a different value read follows from a write or an argument), and kinds of events that
 * only one of the two recordings holds.
 */
final class ComparedThread implements StepStream.Source, CallVisitor {
    /**
     * Rows a block is filled to (it grows past them only at the thread's end, where every open frame
     * closes): enough that handing blocks between two threads costs little beside filling them
     * (bench/README.md, "The walk in columns"); few enough that its columns are young objects (under the
     * launcher's PretenureSizeThreshold of 100 KB), so each thread pair's blocks are collected as
     * young garbage after it.
     */
    static final int BLOCK_ROWS = 12 * 1024;
    /** Records replayed per step of the replay. */
    private static final int STEP = 256;

    private final ThreadInfo thread;
    /** Replays the thread into this visitor; null when the events are given ({@link #ofEvents}). */
    private final ThreadReplay replay;
    private final CurrentValues values;
    private final Iterator<TraceEvent> given;
    private final int rows;
    private final Selection selection;
    private final boolean exceptions;
    private final boolean variables;
    private final boolean lines;
    /** The left-out frame being skipped. */
    private final IgnoredFrame leftOutFrame = new IgnoredFrame();
    /** This recording's methods, numbered as in the other recording. */
    private final MethodNumbers.Side methods;
    /** The block being filled. */
    private StepBlock block;
    /** Events replayed, left-out ones too: the next event's number in the thread. */
    private long events;
    /** A failure met while filling a block that held steps already: given at the next block. */
    private RuntimeException failure;

    /** {@code thread} of the recording {@code index} reads. */
    ComparedThread(TraceIndex index, ThreadInfo thread, Selection selection, Recorded both, MethodNumbers.Side methods) {
        this(thread, index, null, BLOCK_ROWS, selection, both, methods);
    }

    /** A thread's events given in order, in blocks of {@code rows} rows (tests: blocks of a few rows test the walk across blocks). */
    static ComparedThread ofEvents(ThreadInfo thread, Iterable<TraceEvent> events, int rows, Selection selection, Recorded both,
                                   MethodNumbers.Side methods) {
        return new ComparedThread(thread, null, events.iterator(), rows, selection, both, methods);
    }

    private ComparedThread(ThreadInfo thread, TraceIndex index, Iterator<TraceEvent> given, int rows, Selection selection,
                           Recorded both, MethodNumbers.Side methods) {
        this.thread = thread;
        this.values = index == null ? null : new CurrentValues();
        this.replay = index == null ? null : new ThreadReplay(index, index.batchesOf(thread), this, null, values);
        this.given = given;
        this.rows = rows;
        this.methods = methods;
        this.selection = selection;
        this.exceptions = both.has(EventKind.EXCEPTIONS) && selection.reads(EventKind.EXCEPTIONS);
        this.variables = both.has(EventKind.VARIABLES) && selection.reads(EventKind.VARIABLES);
        this.lines = both.has(EventKind.LINES) && selection.reads(EventKind.LINES);
    }

    @Override
    public StepBlock nextBlock(StepBlock reuse) {
        if (failure != null) {
            RuntimeException f = failure;
            failure = null;
            throw f;
        }
        StepBlock b = reuse != null ? reuse : new StepBlock(thread, rows, methods.closerKey);
        b.clear();
        block = b;
        try {
            while (b.n + 2 <= rows && more(rows - b.n)) {
                // a replay step may add no row (left-out events), or more than asked (a thread's end)
            }
        } catch (RuntimeException e) {
            if (b.n == 0) throw e;
            failure = e; // the steps read before it first, as a thread read step by step gives them
        } finally {
            block = null;
        }
        return b.n == 0 ? null : b;
    }

    /**
     * Replays a little more into {@link #block}, about {@code room} rows at most (a record adds at
     * most two, but for a thread's end), so that a block keeps its size; false at the thread's end.
     */
    private boolean more(int room) {
        if (replay != null) return replay.step(Math.max(1, Math.min(STEP, room / 2)));
        if (!given.hasNext()) return false;
        TraceEvent e = given.next();
        if (e instanceof MethodEnter m) enter(m.nanos(), m.depth(), m.method(), m.values());
        else if (e instanceof MethodExit m) exit(m.nanos(), m.depth(), m.method(), m.durationNanos(), m.kind(), m.exception(), m.values());
        else if (e instanceof MethodCall m) call(m.nanos(), m.depth(), m.method(), m.durationNanos(), m.kind(), m.exception(), m.values());
        else other(e);
        return true;
    }

    private CallValues current() {
        return values == null ? null : values.get();
    }

    @Override
    public void enter(ThreadInfo t, long nanos, int depth, MethodInfo method) {
        enter(nanos, depth, method, current());
    }

    @Override
    public void exit(ThreadInfo t, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        exit(nanos, depth, method, durationNanos, kind, exception, current());
    }

    @Override
    public void call(ThreadInfo t, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        call(nanos, depth, method, durationNanos, kind, exception, current());
    }

    private void enter(long nanos, int depth, MethodInfo m, CallValues v) {
        long number = events++;
        if (leftOutFrame.open()) return;
        if (leftOut(m, depth)) {
            leftOutFrame.enter(depth);
            return;
        }
        block.add(StepBlock.ENTER, methods.number(m), m, depth, nanos, 0, null, null, v, number, null);
    }

    private void exit(long nanos, int depth, MethodInfo m, long duration, ExitKind kind, ExceptionRef x, CallValues v) {
        long number = events++;
        if (leftOutFrame.open()) {
            leftOutFrame.exit(depth);
            return;
        }
        block.add(StepBlock.EXIT, methods.number(m), m, depth, nanos, duration, kind, x, v, number, null);
    }

    private void call(long nanos, int depth, MethodInfo m, long duration, ExitKind kind, ExceptionRef x, CallValues v) {
        long number = events++;
        if (leftOutFrame.open() || leftOut(m, depth)) return;
        int n = methods.number(m);
        block.add(StepBlock.CALL_ENTER, n, m, depth, nanos, duration, kind, x, v, number, null);
        block.add(StepBlock.CALL_EXIT, n, m, depth, nanos, duration, kind, x, v, number, null);
    }

    @Override
    public void other(TraceEvent e) {
        long number = events++;
        if (counts(e)) block.add(StepBlock.OTHER, -1, null, e.depth(), 0, 0, null, null, null, number, e);
    }

    private boolean counts(TraceEvent e) {
        if (leftOutFrame.open()) return e instanceof RecordsLost l && leftOutFrame.gap(l);
        if (e instanceof RecordsLost) return true;
        // an event inside a frame at depth - 1: within the limit if that frame is
        if (e.depth() > 0 && !selection.withinDepth(e.depth() - 1)) return false;
        if (e instanceof ExceptionEvent) return exceptions;
        if (e instanceof VariableAccess v) return variables && v.variable().write();
        if (e instanceof LineExecuted) return lines;
        return true;
    }

    private boolean leftOut(MethodInfo m, int depth) {
        return !selection.withinDepth(depth) || selection.ignored() != null && methods.ignored(m);
    }
}
