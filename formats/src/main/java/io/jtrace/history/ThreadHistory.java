package io.jtrace.history;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TraceIndex;
import io.jtrace.replay.Cancellation;
import io.jtrace.replay.CurrentValues;
import io.jtrace.replay.FrameStack;
import io.jtrace.replay.ThreadReplay;

import java.util.ArrayList;
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
    /** Segments built so far (their entries, and {@code first[built]}, are final once published here). */
    private volatile int built;
    private volatile boolean done;
    private volatile RuntimeException failure;
    private final Object progress = new Object();
    /** The types of the exceptions thrown in the events indexed so far (what 'find throw' can find). */
    private final java.util.Set<String> thrownTypes = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private ThreadHistory(TraceIndex index, TraceIndex.ThreadBatches batches) {
        this.index = index;
        this.batches = batches;
        int capacity = batches.batches().size() + 1; // a step per batch, one more to close the open frames
        this.states = new ThreadReplay.Checkpoint[capacity];
        this.first = new long[capacity + 1];
        this.firstNanos = new long[capacity];
        this.minLevel = new int[capacity];
    }

    /** Builds the index of {@code thread}'s events by replaying them once. */
    public static ThreadHistory of(TraceIndex index, ThreadInfo thread) {
        ThreadHistory h = building(index, thread);
        h.build();
        return h;
    }

    /**
     * A history to be built by {@link #build} (on another thread, say) and used meanwhile: a
     * question about events not indexed yet waits for them.
     */
    public static ThreadHistory building(TraceIndex index, ThreadInfo thread) {
        return new ThreadHistory(index, index.batchesOf(thread));
    }

    /** Replays the thread once, publishing each batch's entry as soon as it is made. */
    public void build() {
        try {
            Counter counter = new Counter(thrownTypes);
            ThreadReplay replay = new ThreadReplay(index, batches, counter, null, null);
            for (int k = 0; ; k++) {
                ThreadReplay.Checkpoint state = replay.checkpoint();
                counter.minLevel = Integer.MAX_VALUE;
                counter.firstNanos = Long.MIN_VALUE;
                if (!replay.step(Integer.MAX_VALUE)) break;
                if (k == states.length) throw new IllegalStateException("more replay steps than batches");
                states[k] = state;
                minLevel[k] = counter.minLevel;
                firstNanos[k] = counter.firstNanos == Long.MIN_VALUE ? counter.lastNanos : counter.firstNanos;
                first[k + 1] = counter.count;
                built = k + 1;
                if ((k & 15) == 0) signal();
            }
        } catch (RuntimeException | Error e) {
            failure = e instanceof RuntimeException r ? r : new IllegalStateException(e);
            throw e;
        } finally {
            done = true;
            signal();
        }
    }

    private void signal() {
        synchronized (progress) {
            progress.notifyAll();
        }
    }

    /** Waits (cancellably) until {@code ready} or the build is over; false if it ended without it. */
    private boolean await(java.util.function.BooleanSupplier ready) {
        while (!ready.getAsBoolean()) {
            if (done) {
                if (failure != null) throw failure;
                return ready.getAsBoolean();
            }
            Cancellation.check();
            synchronized (progress) {
                if (!done && !ready.getAsBoolean()) {
                    try {
                        progress.wait(20);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new java.util.concurrent.CancellationException("interrupted");
                    }
                }
            }
        }
        return true;
    }

    /** Whether segment {@code k} exists, waiting for it to be built. */
    private boolean segmentReady(int k) {
        return await(() -> built > k);
    }

    /** Whether event {@code n} exists, waiting until it is indexed (or the thread turns out shorter). */
    public boolean exists(long n) {
        return n >= 0 && await(() -> first[built] > n);
    }

    /** Whether every event is indexed. */
    public boolean complete() {
        return done;
    }

    /** Counts events and notes each segment's lowest level and first time. */
    private static final class Counter implements CallVisitor {
        private final java.util.Set<String> thrownTypes;
        long count;
        int minLevel;
        long firstNanos;
        long lastNanos;

        Counter(java.util.Set<String> thrownTypes) {
            this.thrownTypes = thrownTypes;
        }

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
            if (e instanceof io.jtrace.model.ExceptionThrown t && t.exception().type() != null) thrownTypes.add(t.exception().type());
        }
    }

    /**
     * The types of the exceptions thrown in this thread's events indexed so far (all of them once
     * {@link #complete()}), noted while the history is built: no reading of its own.
     */
    public java.util.Set<String> thrownTypes() {
        return java.util.Collections.unmodifiableSet(thrownTypes);
    }

    public ThreadInfo thread() {
        return batches.info();
    }

    /** Number of events (waits for the whole thread to be indexed). */
    public long size() {
        await(() -> false);
        return first[built];
    }

    /** Entries of the sparse index, one per batch (waits for the whole thread to be indexed). */
    public int segments() {
        await(() -> false);
        return built;
    }

    /** Event {@code n} with the frames open at it. */
    public Located at(long n) {
        if (!exists(n)) throw new IndexOutOfBoundsException("event " + n + " of " + size());
        Located[] found = new Located[1];
        replaySegment(segmentOf(n), (e, replay) -> {
            if (e.number != n) return false;
            found[0] = new Located(n, e.toEvent(), stack(e, replay));
            return true;
        });
        return found[0];
    }

    /**
     * The event where the call seen at event {@code n} started: the enter of an exit (its last
     * earlier event at the same level), the event itself otherwise.
     */
    public long callStart(long n) {
        TraceEvent e = at(n).event();
        return e instanceof io.jtrace.model.MethodExit ? findBackward(n, e.depth(), v -> true) : n;
    }

    /** The number of the first event at or after {@code nanos} (recording time), or {@link #size()} if none. */
    public long firstAtOrAfter(long nanos) {
        int k = 0;
        while (segmentReady(k) && firstNanos[k] < nanos) k++; // an empty segment has the time of the event before it
        for (k = Math.max(0, k - 1); segmentReady(k); k++) { // the event may be late in the segment before
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
        return findForward(from, Long.MAX_VALUE, maxLevel, test);
    }

    /** As {@link #findForward(long, int, EventTest)}, only among the events before {@code to}. */
    public long findForward(long from, long to, int maxLevel, EventTest test) {
        if (from >= 0 && !exists(from)) return -1;
        int start = from < 0 ? 0 : segmentOf(from);
        for (int k = start; segmentReady(k) && first[k] < to; k++) {
            if (minLevel[k] > maxLevel || first[k] == first[k + 1]) continue;
            long found = scanSegment(k, from, maxLevel, e -> e.number < to && test.test(e), true);
            if (found >= 0) return found;
        }
        return -1;
    }

    /** The last event before {@code from} whose level is at most {@code maxLevel} and that passes {@code test}, or -1. */
    public long findBackward(long from, int maxLevel, EventTest test) {
        return findBackward(from, 0, maxLevel, test);
    }

    /** As {@link #findBackward(long, int, EventTest)}, only among the events numbered {@code downTo} or more. */
    public long findBackward(long from, long downTo, int maxLevel, EventTest test) {
        if (from <= 0 || from <= downTo) return -1;
        long last = exists(from - 1) ? from - 1 : size() - 1;
        if (last < 0) return -1;
        for (int k = segmentOf(last); k >= 0 && first[k + 1] > downTo; k--) {
            if (minLevel[k] > maxLevel || first[k] == first[k + 1]) continue;
            long found = scanSegment(k, from, maxLevel, e -> e.number >= downTo && test.test(e), false);
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
        if (from >= to || !exists(Math.max(0, from))) return;
        for (int k = segmentOf(Math.max(0, from)); segmentReady(k) && first[k] < to; k++) {
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
        int hi = built - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (first[mid] <= n) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /** Receives each event of a replayed segment with the replay (for its open frames); true stops early. */
    private interface SegmentProbe {
        boolean test(EventView e, ThreadReplay replay);
    }

    private void replaySegment(int k, SegmentProbe probe) {
        Numbering numbering = new Numbering(first[k], probe);
        ThreadReplay replay = ThreadReplay.from(index, batches, numbering, states[k], numbering.values);
        numbering.replay = replay;
        replay.step(Integer.MAX_VALUE);
    }

    /** Numbers the events of a segment and shows each to a probe. */
    private static final class Numbering implements CallVisitor {
        private final EventView view = new EventView();
        final CurrentValues values = new CurrentValues();
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
            view.call(EventView.Kind.ENTER, t, nanos, depth, m, 0, null, null, values.get());
            show();
        }

        @Override
        public void enteredBeforeTracing(ThreadInfo t, long nanos, int depth, MethodInfo m) {
            view.call(EventView.Kind.ENTER, t, nanos, depth, m, 0, null, null, null);
            view.enteredBeforeTracing = true;
            show();
        }

        @Override
        public void exit(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
            view.call(EventView.Kind.EXIT, t, nanos, depth, m, d, k, x, values.get());
            show();
        }

        @Override
        public void call(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
            view.call(EventView.Kind.CALL, t, nanos, depth, m, d, k, x, values.get());
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
