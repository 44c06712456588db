package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Numbers the calls of a replay and tells which call each event happened in, then passes every
 * event on: the rows of {@code jtrace query}'s tables, where a call, an exception step or a
 * variable access names its call by number. Every replay of a recording's threads, thread by
 * thread or interleaved by time, gives each call the same number: the n-th call (from 0) that
 * started on the thread of ordinal k, of T threads, is {@code n * T + k + 1}. So numbers grow in
 * the order a thread's calls start, and a table replayed by thread (faster) and one replayed by
 * time (exception journeys) name the same calls.
 *
 * <p>Each call is reported complete when it ends (an exit, or a call with no traced callees),
 * with its caller's number and its self time, as {@link MethodStatistics} counts them: self time
 * is the call's time minus its traced callees' time, never below 0. Frames a gap of lost records
 * leaves unknown (and the frames a RESYNC re-lists) have no number and are not reported; calls
 * that a gap cut off are not reported either. Memory: the open frames of each thread.
 */
public final class NumberedCalls implements CallVisitor {
    /** Receives each call when it ends; {@code parentId} is 0 when the caller is not traced or unknown. */
    public interface Ended {
        /** For a visitor that does not need the calls reported. */
        Ended NONE = (thread, callId, parentId, depth, method, startNanos, durationNanos, selfNanos, kind, exception) -> { };

        void call(ThreadInfo thread, long callId, long parentId, int depth, MethodInfo method, long startNanos,
                  long durationNanos, long selfNanos, ExitKind kind, ExceptionRef exception);
    }

    private final CallVisitor next;
    private final Ended ended;
    private final int threads;
    private long calls;
    private long current;

    /** A thread's open frames: number (0 = unknown frame) and time spent in traced callees so far. */
    private static final class Frames extends FrameContext {
        final long threadId;
        final int ordinal;
        /** The next call's number. */
        long nextId;
        long[] ids = new long[64];
        long[] childNanos = new long[64];

        Frames(long threadId, int ordinal) {
            super(64);
            this.threadId = threadId;
            this.ordinal = ordinal;
            this.nextId = ordinal + 1;
        }

        @Override
        protected void grow(int capacity) {
            ids = Arrays.copyOf(ids, capacity);
            childNanos = Arrays.copyOf(childNanos, capacity);
        }

        @Override
        protected void unknown(int level, long nanos) {
            set(level, 0);
        }

        void push(long id) {
            set(pushLevel(), id);
        }

        private void set(int level, long id) {
            ids[level] = id;
            childNanos[level] = 0;
        }

        long top() {
            int depth = depth();
            return depth == 0 ? 0 : ids[depth - 1];
        }

        /** A callee of the innermost frame took {@code nanos}. */
        void calleeTook(long nanos) {
            int depth = depth();
            if (depth > 0) childNanos[depth - 1] += nanos;
        }
    }

    /** By thread ordinal (threads interleave every few events), with a map for ordinals out of range. */
    private Frames[] byOrdinal = new Frames[16];
    private final Map<Long, Frames> byId = new HashMap<>();

    /** Numbers the calls of a recording of {@code threads} threads (ordinals 0 to {@code threads - 1}). */
    public NumberedCalls(CallVisitor next, Ended ended, int threads) {
        this.next = next;
        this.ended = ended;
        this.threads = Math.max(1, threads);
    }

    /**
     * The call of the event being passed on: the call entered, left or made (enter, exit, call), or
     * else the innermost open call of its thread; 0 outside any call or in an unknown frame.
     */
    public long current() {
        return current;
    }

    /** How many calls have been numbered so far. */
    public long calls() {
        return calls;
    }

    /**
     * Its own bookkeeping is per thread (a call's number does not depend on how threads
     * interleave), so it needs what the visitor after it needs, unless calls are reported as they
     * end (in the order given).
     */
    @Override
    public boolean needsThreadsInterleaved() {
        return ended != Ended.NONE || next.needsThreadsInterleaved();
    }

    private Frames frames(ThreadInfo t) {
        int i = t.ordinal();
        if (i >= 0 && i < byOrdinal.length && byOrdinal[i] != null && byOrdinal[i].threadId == t.id()) return byOrdinal[i];
        if (i < 0 || i >= threads) throw new IllegalArgumentException("thread " + t.label() + " has ordinal " + i + ", not 0 to " + (threads - 1));
        Frames f = byId.computeIfAbsent(t.id(), id -> new Frames(id, i));
        if (i >= 0 && i < 1 << 16) {
            if (i >= byOrdinal.length) byOrdinal = Arrays.copyOf(byOrdinal, Math.max(i + 1, byOrdinal.length * 2));
            byOrdinal[i] = f;
        }
        return f;
    }

    @Override
    public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
        opened(thread);
        next.enter(thread, nanos, depth, method);
    }

    @Override
    public void enteredBeforeTracing(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
        opened(thread);
        next.enteredBeforeTracing(thread, nanos, depth, method);
    }

    private void opened(ThreadInfo thread) {
        Frames f = frames(thread);
        current = number(f);
        f.push(current);
    }

    private long number(Frames f) {
        long id = f.nextId;
        f.nextId += threads;
        calls++;
        return id;
    }

    @Override
    public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        Frames f = frames(thread);
        int level = f.popLevel();
        if (level < 0) { // its enter was lost; the replay drops such exits, this is for other sources
            current = 0;
        } else {
            current = f.ids[level];
            long self = Math.max(0, durationNanos - f.childNanos[level]);
            f.calleeTook(durationNanos);
            if (current != 0) {
                ended.call(thread, current, f.top(), depth, method, nanos - durationNanos, durationNanos, self, kind, exception);
            }
        }
        next.exit(thread, nanos, depth, method, durationNanos, kind, exception);
    }

    @Override
    public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        Frames f = frames(thread);
        current = number(f);
        ended.call(thread, current, f.top(), depth, method, nanos, durationNanos, durationNanos, kind, exception);
        f.calleeTook(durationNanos);
        next.call(thread, nanos, depth, method, durationNanos, kind, exception);
    }

    @Override
    public void other(TraceEvent e) {
        Frames f = frames(e.thread());
        // the frames a gap cut off have no row; those below it are unknown (0)
        if (e instanceof RecordsLost lost) f.lost(lost);
        current = f.top();
        next.other(e);
    }
}
