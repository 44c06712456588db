package io.jtrace.read;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's events, numbered from 0, with random access by number and by time and searches
 * forward and backward: what an interactive cursor moves on. Nothing per event stays in memory:
 * a sparse index keeps, per batch, where the replay stood before it (a checkpoint), the number and
 * time of the first event it produced and the lowest level among its events. Reaching any event
 * replays one batch; a search for an event at or above a level skips the batches whose events
 * are all deeper without reading them.
 *
 * <p>Building the index replays the thread once; it stops with a
 * {@link java.util.concurrent.CancellationException} if the building thread is interrupted.
 */
public final class ThreadHistory {
    /** A frame open at an event: its method and when it was entered. */
    public record Frame(MethodInfo method, long enterNanos) {}

    /** An event with the frames open at it, outermost first (for a call event, its own frame last). */
    public record Located(long number, TraceEvent event, List<Frame> stack) {}

    /** A search's test; the view is valid only during the call. */
    public interface EventTest {
        boolean test(EventView e);
    }

    private final TraceIndex index;
    private final TraceIndex.ThreadBatches batches;
    /** Segment k holds the events a replay started from {@code states[k]} produces in one step. */
    private final ThreadReplay.Checkpoint[] states;
    /** Number of segment k's first event; {@code first[segments]} is the number of events. */
    private final long[] first;
    private final long[] firstNanos;
    private final int[] minLevel;
    private final int segments;

    private ThreadHistory(TraceIndex index, TraceIndex.ThreadBatches batches, List<ThreadReplay.Checkpoint> states,
                          long[] first, long[] firstNanos, int[] minLevel) {
        this.index = index;
        this.batches = batches;
        this.states = states.toArray(new ThreadReplay.Checkpoint[0]);
        this.segments = this.states.length;
        this.first = first;
        this.firstNanos = firstNanos;
        this.minLevel = minLevel;
    }

    /** Builds the index of {@code thread}'s events by replaying them once. */
    public static ThreadHistory of(TraceIndex index, ThreadInfo thread) {
        TraceIndex.ThreadBatches batches = index.batchesOf(thread);
        Counter counter = new Counter();
        ThreadReplay replay = new ThreadReplay(index, batches, counter, null);
        List<ThreadReplay.Checkpoint> states = new ArrayList<>();
        int n = batches.batches.size() + 2;
        long[] first = new long[n + 1];
        long[] firstNanos = new long[n];
        int[] minLevel = new int[n];
        while (true) {
            ThreadReplay.Checkpoint state = replay.checkpoint();
            int k = states.size();
            if (k == first.length - 1) { // more steps than batches + 2 cannot happen; grow anyway
                first = Arrays.copyOf(first, first.length * 2);
                firstNanos = Arrays.copyOf(firstNanos, firstNanos.length * 2);
                minLevel = Arrays.copyOf(minLevel, minLevel.length * 2);
            }
            first[k] = counter.count;
            counter.minLevel = Integer.MAX_VALUE;
            counter.firstNanos = Long.MIN_VALUE;
            if (!replay.step(Integer.MAX_VALUE)) break;
            states.add(state);
            minLevel[k] = counter.minLevel;
            firstNanos[k] = counter.firstNanos == Long.MIN_VALUE ? counter.lastNanos : counter.firstNanos;
        }
        first[states.size()] = counter.count;
        return new ThreadHistory(index, batches, states, first, firstNanos, minLevel);
    }

    /** Counts events and notes each segment's lowest level and first time. */
    private static final class Counter implements CallVisitor {
        long count;
        int minLevel;
        long firstNanos;
        long lastNanos;

        private void event(int level, long nanos) {
            count++;
            if (level < minLevel) minLevel = level;
            if (firstNanos == Long.MIN_VALUE) firstNanos = nanos;
            lastNanos = nanos;
        }

        @Override
        public void enter(ThreadInfo t, long nanos, int depth, MethodInfo m) {
            event(depth, nanos);
        }

        @Override
        public void exit(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
            event(depth, nanos);
        }

        @Override
        public void call(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
            event(depth, nanos);
        }

        @Override
        public void other(TraceEvent e) {
            event(e.depth(), e.nanos());
        }
    }

    public ThreadInfo thread() {
        return batches.info;
    }

    /** Number of events. */
    public long size() {
        return first[segments];
    }

    /** Entries of the sparse index (one per batch, about). */
    public int segments() {
        return segments;
    }

    /** Event {@code n} with the frames open at it. */
    public Located at(long n) {
        checkNumber(n);
        Located[] found = new Located[1];
        replaySegment(segmentOf(n), (e, replay) -> {
            if (e.number != n) return false;
            found[0] = new Located(n, e.toEvent(), stack(e, replay));
            return true;
        });
        return found[0];
    }

    /** The number of the first event at or after {@code nanos} (recording time), or {@link #size()} if none. */
    public long firstAtOrAfter(long nanos) {
        int lo = 0;
        int hi = segments; // first segment whose first event is at or after nanos
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (firstNanos[mid] >= nanos) hi = mid; // an empty segment has the time of the event before it
            else lo = mid + 1;
        }
        int k = Math.max(0, lo - 1); // the event may be late in the segment before
        for (; k < segments; k++) {
            long found = scanSegment(k, -1, Integer.MAX_VALUE, e -> e.nanos >= nanos, true);
            if (found >= 0) return found;
        }
        return size();
    }

    /**
     * The first event after {@code from} whose level is at most {@code maxLevel} and that passes
     * {@code test}, or -1. Batches whose events are all deeper are skipped unread.
     */
    public long findForward(long from, int maxLevel, EventTest test) {
        int start = from < 0 ? 0 : segmentOf(Math.min(from, Math.max(0, size() - 1)));
        for (int k = start; k < segments; k++) {
            if (minLevel[k] > maxLevel || first[k] == first[k + 1]) continue;
            long found = scanSegment(k, from, maxLevel, test, true);
            if (found >= 0) return found;
        }
        return -1;
    }

    /** The last event before {@code from} whose level is at most {@code maxLevel} and that passes {@code test}, or -1. */
    public long findBackward(long from, int maxLevel, EventTest test) {
        if (from <= 0) return -1;
        for (int k = segmentOf(Math.min(from, size()) - 1); k >= 0; k--) {
            if (minLevel[k] > maxLevel || first[k] == first[k + 1]) continue;
            long found = scanSegment(k, from, maxLevel, test, false);
            if (found >= 0) return found;
        }
        return -1;
    }

    /** Passes events {@code from} to {@code to} (exclusive) to {@code visitor}, in order, until it returns true. */
    public void scan(long from, long to, EventTest visitor) {
        scan(from, to, Integer.MAX_VALUE, visitor);
    }

    /** As {@link #scan(long, long, EventTest)}, only the events at {@code maxLevel} or above, skipping batches of deeper ones. */
    public void scan(long from, long to, int maxLevel, EventTest visitor) {
        if (from >= to || size() == 0) return;
        for (int k = segmentOf(Math.max(0, from)); k < segments && first[k] < to; k++) {
            if (minLevel[k] > maxLevel) continue;
            boolean[] stop = new boolean[1];
            replaySegment(k, (e, replay) -> {
                if (stop[0] || e.number < from || e.number >= to || e.depth > maxLevel) return false;
                stop[0] = visitor.test(e);
                return false;
            });
            if (stop[0]) return;
        }
    }

    /** One segment's matching event after (forward) or before (backward) {@code from}: the first or the last. */
    private long scanSegment(int k, long from, int maxLevel, EventTest test, boolean forward) {
        long[] found = {-1};
        replaySegment(k, (e, replay) -> {
            if (forward ? e.number <= from || found[0] >= 0 : e.number >= from) return false;
            if (e.depth <= maxLevel && test.test(e)) found[0] = e.number;
            return false;
        });
        return found[0];
    }

    /** Segment that holds event {@code n}: the last one whose first event is at or before it, skipping empty ones. */
    private int segmentOf(long n) {
        int lo = 0;
        int hi = segments - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (first[mid] <= n) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    private void checkNumber(long n) {
        if (n < 0 || n >= size()) throw new IndexOutOfBoundsException("event " + n + " of " + size());
    }

    /** Receives each event of a replayed segment with the replay (for its open frames); true stops early. */
    private interface SegmentProbe {
        boolean test(EventView e, ThreadReplay replay);
    }

    private void replaySegment(int k, SegmentProbe probe) {
        Numbering numbering = new Numbering(first[k], probe);
        ThreadReplay replay = ThreadReplay.from(index, batches, numbering, states[k]);
        numbering.replay = replay;
        replay.step(Integer.MAX_VALUE);
    }

    /** Numbers the events of a segment and shows each to a probe. */
    private static final class Numbering implements CallVisitor {
        private final EventView view = new EventView();
        private final SegmentProbe probe;
        private long next;
        ThreadReplay replay;
        private boolean done;

        Numbering(long first, SegmentProbe probe) {
            this.next = first;
            this.probe = probe;
        }

        private void show() {
            view.number = next++;
            if (!done) done = probe.test(view, replay);
        }

        @Override
        public void enter(ThreadInfo t, long nanos, int depth, MethodInfo m) {
            view.call(EventView.Kind.ENTER, t, nanos, depth, m, 0, null, null);
            show();
        }

        @Override
        public void enteredBeforeTracing(ThreadInfo t, long nanos, int depth, MethodInfo m) {
            view.call(EventView.Kind.ENTER, t, nanos, depth, m, 0, null, null);
            view.enteredBeforeTracing = true;
            show();
        }

        @Override
        public void exit(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
            view.call(EventView.Kind.EXIT, t, nanos, depth, m, d, k, x);
            show();
        }

        @Override
        public void call(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
            view.call(EventView.Kind.CALL, t, nanos, depth, m, d, k, x);
            show();
        }

        @Override
        public void other(TraceEvent e) {
            view.other(e);
            show();
        }
    }

    /** The frames open at the event the replay is showing: its callers, then its own frame for a call event. */
    private static List<Frame> stack(EventView e, ThreadReplay replay) {
        FrameStack frames = replay.frames();
        int callers = Math.min(e.depth, frames.depth());
        List<Frame> stack = new ArrayList<>(callers + 1);
        for (int i = 0; i < callers; i++) stack.add(new Frame(frames.method(i), frames.enterNanos(i)));
        switch (e.kind) {
            case ENTER -> stack.add(new Frame(e.method, e.nanos));
            case EXIT, CALL -> stack.add(new Frame(e.method, e.kind == EventView.Kind.CALL ? e.nanos : e.nanos - e.durationNanos));
            case OTHER -> { }
        }
        return List.copyOf(stack);
    }
}
