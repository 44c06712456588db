package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Time and calls per method and per thread, from each thread's events in order.
 *
 * <p>Self time is a call's time minus the time of its traced callees. Total time counts only the
 * outermost active call of a method on its thread, so recursion is not counted twice (the sum
 * of a recursive method's nested calls would exceed the time that passed). Average and maximum
 * are over every call's own inclusive time.
 *
 * <p>Memory: one row per method, plus, per thread whose events are being added, its open frames
 * and a self-time slot per method it ran; {@link #endThread} drops the thread's slots once its
 * busiest methods are known. It does not grow with the number of events.
 */
public final class MethodStatistics {
    /** One method's figures over the whole recording (or the threads given). */
    public static final class MethodRow {
        private final MethodInfo method;
        long calls;
        long totalNanos;
        long selfNanos;
        long sumNanos;
        long maxNanos;
        long exceptional;
        long unfinished;
        /** Calls whose duration was not measured (see {@link ExitKind#RETURN_UNTIMED}). */
        long untimed;
        /** Of the figures below, the part estimated for untimed calls (set by {@link #estimate}). */
        long estimatedNanos;
        /** The estimate of one untimed call (set by {@link #estimate}). */
        long estimateEachNanos;
        long selfMovedNanos;
        /**
         * A running mean of the latest timed calls, each clipped at twice the mean so far (fixed
         * point: 32 times the mean; -1 before the first), and its value at the first untimed call
         * (the estimate of each).
         */
        long recent32 = -1;
        /** The same over timed leaf calls only: an untimed leaf call's estimate (a method may go untimed in its leaf calls alone). */
        long recentLeaf32 = -1;
        long untimedEach = -1;
        /** Untimed calls not nested in a call of the same method: their estimates add to the total. */
        long untimedOutermost;

        MethodRow(MethodInfo method) {
            this.method = method;
        }

        public MethodInfo method() { return method; }
        public long calls() { return calls; }
        /** Calls recorded without a duration (shorter than the clock's own cost); their time is estimated. */
        public long untimedCalls() { return untimed; }
        /**
         * The time estimated for the untimed calls (their method's mean timed call, each), in self;
         * in total only that of the calls not nested in a call of the same method.
         */
        public long estimatedNanos() { return estimatedNanos; }
        /** The time estimated for each untimed call (0 without untimed calls). */
        public long untimedEstimateNanos() { return estimateEachNanos; }
        /** Inclusive time, counting only the outermost of nested (recursive) calls. */
        public long totalNanos() { return totalNanos; }
        /** Time in the method itself, not in traced callees. */
        public long selfNanos() { return selfNanos; }
        /** The sum of the timed calls' inclusive times, as measured (no estimate in it). */
        public long measuredSumNanos() { return sumNanos - estimatedNanos; }
        /** Mean inclusive time of one call (an untimed call counts as its estimate). */
        public long averageNanos() { return calls == 0 ? 0 : sumNanos / calls; }
        /** Self time moved out to untimed callees' estimates (they ran inside this method's measured self time). */
        public long selfMovedNanos() { return selfMovedNanos; }
        public long maxNanos() { return maxNanos; }
        /** Calls left by an exception. */
        public long exceptionalExits() { return exceptional; }
        /** Calls still running when the recording ended. */
        public long unfinished() { return unfinished; }
    }

    /** A method's self time on one thread. */
    public record MethodTime(MethodInfo method, long selfNanos) {}

    /** One thread's figures. */
    public record ThreadRow(ThreadInfo thread, long events, long calls, long tracedNanos, long firstNanos,
                            long lastNanos, List<MethodTime> busiest) {}

    /** Per thread: open frames (their methods' slots) and self time per method id. */
    private static final class ThreadState extends FrameContext {
        final ThreadInfo thread;
        int[] methods = new int[64];
        /**
         * Time in traced callees: of the open frame at depth {@code d} at {@code d + 1}; at 0, of
         * the calls at the thread's top, its traced time. One rule for a frame's callees and the
         * thread's (a branch on "is this the outermost frame" cost the JIT a recompilation of the
         * replay each time a thread's outermost call returned, late in a recording).
         */
        long[] childNanos = new long[65];
        /**
         * Per method id, side by side (one cache line per call, not three): at {@code 2 * id} the
         * open calls (total time is added only when the outermost one ends), at {@code 2 * id + 1}
         * the self time in this thread.
         */
        long[] perMethod = new long[128];
        long events;
        long calls;
        /**
         * The thread's first event and last end. From its first event on, so that the comparisons
         * that move them are taken one way in any sane recording (times do not go back in a
         * thread): a branch first taken late costs the JIT a recompilation of the replay.
         */
        long first;
        long last;

        ThreadState(ThreadInfo thread, long now) {
            super(64);
            this.thread = thread;
            this.first = now;
            this.last = now;
        }

        @Override
        protected void grow(int capacity) {
            methods = Arrays.copyOf(methods, capacity);
            childNanos = Arrays.copyOf(childNanos, capacity + 1);
        }

        /** A frame a gap cut off: no longer open, and no row's call (its time is unknown). */
        @Override
        protected void cut(int level) {
            perMethod[2 * methods[level]]--;
        }

        /** A placeholder (slot 0) that owns no row. */
        @Override
        protected void unknown(int level, long nanos) {
            methods[level] = 0;
            childNanos[level + 1] = 0;
            perMethod[0]++;
            if (nanos >= last) last = nanos;
        }
    }

    private final int busiestPerThread;
    private MethodRow[] rows = new MethodRow[256];
    private final Map<Long, ThreadState> open = new HashMap<>();
    /** The thread of the previous event: events come in runs of one thread, spare the map look-up. */
    private ThreadState current;
    private final List<ThreadRow> threadRows = new ArrayList<>();
    private long enters, exits, leafCalls, exceptionalExits, unfinished, lost, lostBatches;
    private final Map<String, Long> otherKinds = new LinkedHashMap<>();
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;
    /**
     * Untimed calls by caller and callee method ((caller id << 32) | callee id): their time stayed
     * in the caller's self time, from which {@link #estimate} moves their estimate.
     */
    private final LongCounts untimedUnder = new LongCounts();
    /** The shortest timed leaf call: the tracer's own time between its two clock reads, which every measured call carries. */
    private long shortestLeaf = Long.MAX_VALUE;
    private long untimedCalls;
    private boolean estimated;

    public MethodStatistics(int busiestPerThread) {
        this.busiestPerThread = busiestPerThread;
    }

    public void accept(TraceEvent e) {
        CallVisitor.dispatch(e, visitor);
    }

    /** The same as {@link #accept} for each event, without the events. */
    public CallVisitor visitor() {
        return visitor;
    }

    private final CallVisitor visitor = new CallVisitor() {
        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            ThreadState t = state(thread, nanos);
            enters++;
            t.calls++;
            push(t, method, nanos);
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            ThreadState t = state(thread, nanos);
            exits++;
            count(kind);
            pop(t, method, durationNanos, kind);
            ended(t, nanos);
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            ThreadState t = state(thread, nanos);
            leafCalls++;
            t.calls++;
            count(kind);
            leaf(t, method, durationNanos, kind);
            ended(t, nanos + durationNanos);
        }

        @Override
        public void other(TraceEvent e) {
            long now = e.nanos();
            ThreadState t = state(e.thread(), now);
            if (e instanceof RecordsLost l) {
                lost++;
                lostBatches += l.batches();
                // those a RESYNC still lists (kept) go on and count their time as theirs
                t.lost(l);
            } else {
                otherKinds.merge(io.jtrace.text.EventKinds.name(e), 1L, Long::sum);
            }
            ended(t, now);
        }
    };

    /** The thread's state, counting one more event at {@code now}. */
    private ThreadState state(ThreadInfo thread, long now) {
        ThreadState t = current;
        if (t == null || t.thread.id() != thread.id()) {
            t = open.get(thread.id());
            if (t == null) {
                t = new ThreadState(thread, now);
                open.put(thread.id(), t);
            }
            current = t;
        }
        t.events++;
        if (now < t.first) t.first = now;
        return t;
    }

    /** An event that ends at {@code end} (a leaf call's exit; else its own time) moves the thread's last time on. */
    private void ended(ThreadState t, long end) {
        if (end >= t.last) t.last = end;
    }

    private void count(ExitKind kind) {
        if (kind == ExitKind.EXCEPTION) exceptionalExits++;
        else if (kind == ExitKind.UNFINISHED) unfinished++;
    }

    private void push(ThreadState t, MethodInfo m, long now) {
        int level = t.pushLevel();
        int id = slot(m);
        grow(t, id);
        t.methods[level] = id; // as ThreadState.unknown, inline: the hottest path (C1 inlines little)
        t.childNanos[level + 1] = 0;
        t.perMethod[2 * id]++;
        if (now >= t.last) t.last = now;
    }

    /** Ends the innermost open frame. */
    private void pop(ThreadState t, MethodInfo method, long duration, ExitKind kind) {
        int level = t.popLevel();
        if (level < 0) return;
        int id = t.methods[level];
        t.perMethod[2 * id]--;
        // an untimed call with timed callees measured a span (between its neighbours' records), which
        // comes out of the caller's self time as a callee's duration; one with none left it all there
        if (kind == ExitKind.RETURN_UNTIMED && duration == 0) untimedIn(t, id);
        long inCallees = t.childNanos[level + 1];
        long self = duration - inCallees;
        // no time in callees: none, or only untimed ones, which the tracer counts as a leaf call too
        record(t, id, method, duration, Math.max(0, self), kind, inCallees == 0);
        t.childNanos[level] += duration;
    }

    private void leaf(ThreadState t, MethodInfo m, long duration, ExitKind kind) {
        int id = slot(m);
        grow(t, id);
        if (kind == ExitKind.RETURN_UNTIMED) {
            untimedIn(t, id);
        } else if (kind == ExitKind.RETURN && duration < shortestLeaf) {
            shortestLeaf = duration;
        }
        record(t, id, m, duration, duration, kind, true);
        t.childNanos[t.depth()] += duration;
    }

    /** An untimed call of method {@code id} ended (a leaf or not): its time stayed in its caller's self time. */
    private void untimedIn(ThreadState t, int id) {
        int depth = t.depth();
        if (id != 0 && depth > 0 && t.methods[depth - 1] != 0) untimedUnder.add(((long) t.methods[depth - 1] << 32) | id);
    }

    /** {@code leafCall}: a call with no time in traced callees (none, or only untimed ones), as the tracer decides. */
    private void record(ThreadState t, int id, MethodInfo method, long duration, long self, ExitKind kind, boolean leafCall) {
        if (id == 0) return; // a placeholder for frames lost in a gap
        MethodRow r = row(id, method);
        r.calls++;
        if (kind == ExitKind.RETURN_UNTIMED) { // not measured: estimated at the end
            // a leaf call from its method's timed leaf calls: a method whose leaf calls alone went
            // untimed (a recursion's base case) has other calls that are much longer
            long m32 = leafCall && r.recentLeaf32 >= 0 ? r.recentLeaf32 : r.recent32;
            if (r.untimedEach < 0 && m32 >= 0) r.untimedEach = m32 >> 5;
            r.untimed++;
            if (t.perMethod[2 * id] == 0) r.untimedOutermost++;
            untimedCalls++;
            return;
        }
        // the calls just before a method goes untimed are the tracer's view of its compiled code:
        // their mean, but a call counts for at most twice the mean so far, so that the few slowed
        // by a GC pause or a page fault do not make a getter a microsecond call (a plain mean did:
        // H2's SessionLocal.getDatabase(), 234,000 untimed calls, a third of a second). The clip
        // rarely applies, so its branch is predicted; a running median's went either way.
        r.recent32 = runningMean32(r.recent32, duration);
        if (leafCall && kind == ExitKind.RETURN) r.recentLeaf32 = runningMean32(r.recentLeaf32, duration);
        r.sumNanos += duration;
        r.selfNanos += self;
        if (duration > r.maxNanos) r.maxNanos = duration;
        if (t.perMethod[2 * id] == 0) r.totalNanos += duration;
        if (kind == ExitKind.EXCEPTION) r.exceptional++;
        else if (kind == ExitKind.UNFINISHED) r.unfinished++;
        t.perMethod[2 * id + 1] += self;
    }

    /** The running mean {@code m32} (32 times the mean, -1 before the first call) after one more call. */
    private static long runningMean32(long m32, long duration) {
        if (m32 < 0) return duration << 5;
        long m = m32 >> 5;
        return m32 - m + Math.min(duration, 2 * m + 64);
    }

    private MethodRow row(int id, MethodInfo method) {
        if (id >= rows.length) rows = Arrays.copyOf(rows, Math.max(id + 1, rows.length * 2));
        MethodRow r = rows[id];
        if (r == null) {
            r = new MethodRow(method);
            rows[id] = r;
        }
        return r;
    }

    /** Method ids beyond this are a damaged record's (the agent hands them out densely from 1). */
    private static final int MAX_SLOT = 1 << 20;

    /**
     * A method's slot in the per-method arrays: its id, or 0 (not counted, like the frames lost in
     * a gap) for an id no recording has: a damaged record's, which must not size the arrays.
     */
    private static int slot(MethodInfo m) {
        int id = m.id();
        return id > 0 && id < MAX_SLOT ? id : 0;
    }

    private static void grow(ThreadState t, int id) {
        if (2 * id + 1 < t.perMethod.length) return;
        t.perMethod = Arrays.copyOf(t.perMethod, Math.max(2 * id + 2, t.perMethod.length * 2));
    }

    /** Closes a thread: keeps its row with its busiest methods and frees its per-method slots. */
    public void endThread(ThreadInfo thread) {
        ThreadState t = open.remove(thread.id());
        if (t == null) return;
        if (current == t) current = null;
        first = Math.min(first, t.first);
        last = Math.max(last, t.last);
        List<MethodTime> times = new ArrayList<>();
        for (int id = 1; 2 * id + 1 < t.perMethod.length; id++) {
            long self = t.perMethod[2 * id + 1];
            if (self > 0) times.add(new MethodTime(rows[id].method(), self)); // a method with self time has its row
        }
        times.sort(Comparator.comparingLong(MethodTime::selfNanos).reversed());
        threadRows.add(new ThreadRow(t.thread, t.events, t.calls, t.childNanos[0],
                t.first, t.last,
                List.copyOf(times.subList(0, Math.min(busiestPerThread, times.size())))));
    }

    /** Ends every thread still open. */
    public void endAll() {
        for (ThreadState t : new ArrayList<>(open.values())) endThread(t.thread);
    }

    /**
     * Gives each untimed call an estimate (total, self and sum): the running mean (outliers
     * clipped) of its method's last timed calls before its first untimed one (of its timed leaf
     * calls, if that one was a leaf call: a method may go untimed in its leaf calls alone, and
     * its other calls then stay timed and take much longer; the tracer decided
     * from those calls that the method is shorter than the clock; a method with none then takes the
     * mean of its timed calls), less the recording's shortest timed leaf call, which is the
     * tracer's own time between its two clock reads rather than the method's (an untimed call does
     * not pay it). The untimed calls' estimates then come out of their callers' self time, where
     * the clock left their time (an untimed call's own untimed callees come out of its estimate: it
     * measured them when timed). Once, when the rows are first asked for.
     */
    private void estimate() {
        if (estimated || untimedCalls == 0) return;
        estimated = true;
        for (MethodRow r : rows) {
            if (r == null || r.untimed == 0) continue;
            long timed = r.calls - r.untimed;
            long measured = r.untimedEach >= 0 ? r.untimedEach : timed == 0 ? 0 : r.sumNanos / timed;
            long each = Math.max(0, measured - (shortestLeaf == Long.MAX_VALUE ? 0 : shortestLeaf));
            r.estimateEachNanos = each;
            r.estimatedNanos = each * r.untimed;
            r.totalNanos += each * r.untimedOutermost; // a nested call's time is in the outer call's
            r.selfNanos += r.estimatedNanos;
            r.sumNanos += r.estimatedNanos;
            if (each > r.maxNanos) r.maxNanos = each;
        }
        untimedUnder.forEach((key, count) -> {
            int callerId = (int) (key >>> 32);
            int calleeId = (int) (long) key;
            // a caller whose frame was dropped at a gap may never have finished a call: no row
            if (callerId >= rows.length || calleeId >= rows.length) return;
            MethodRow caller = rows[callerId];
            MethodRow callee = rows[calleeId];
            if (caller == null || callee == null) return;
            long moved = Math.min(caller.selfNanos, count * (callee.untimed == 0 ? 0 : callee.estimatedNanos / callee.untimed));
            caller.selfNanos -= moved;
            caller.selfMovedNanos += moved;
        });
    }

    /**
     * The time estimated for each untimed call of {@code method} (the rule of {@link #estimate}),
     * 0 if it has none; after every call was given.
     */
    public long untimedEstimateNanos(MethodInfo method) {
        estimate();
        int id = slot(method);
        MethodRow r = id < rows.length ? rows[id] : null;
        return r == null || id == 0 ? 0 : r.estimateEachNanos;
    }

    /** Untimed calls in all (their durations were not measured; see {@link MethodRow#untimedCalls}). */
    public long untimedCalls() { return untimedCalls; }

    public List<MethodRow> methods() {
        estimate();
        List<MethodRow> list = new ArrayList<>();
        for (MethodRow r : rows) if (r != null) list.add(r);
        return list;
    }

    public List<ThreadRow> threads() {
        return threadRows;
    }

    public long enters() { return enters; }
    public long exits() { return exits; }
    public long leafCalls() { return leafCalls; }
    /** Every traced call: entered frames plus leaf calls. */
    public long calls() { return enters + leafCalls; }
    public long exceptionalExits() { return exceptionalExits; }
    public long unfinished() { return unfinished; }
    public long lostMarkers() { return lost; }
    public long lostBatches() { return lostBatches; }
    /** Counts of event kinds this class has no figures for, by kind name. */
    public Map<String, Long> otherKinds() { return otherKinds; }
    public long events() {
        long n = enters + exits + leafCalls + lost;
        for (long v : otherKinds.values()) n += v;
        return n;
    }
    /** Time of the first event, or 0 without events. */
    public long firstNanos() {
        long f = first;
        for (ThreadState t : open.values()) f = Math.min(f, t.first);
        return f == Long.MAX_VALUE ? 0 : f;
    }
    /** Time of the last event's end (a leaf call's exit), or 0 without events. */
    public long lastNanos() {
        long l = last;
        for (ThreadState t : open.values()) l = Math.max(l, t.last);
        return l == Long.MIN_VALUE ? 0 : l;
    }
}
