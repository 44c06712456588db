package io.jtrace.compare;

import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.Arrays;

/**
 * A run of one thread's steps as columns, a row per step: what a walk compares while the two runs
 * agree, with no object per call (the events and {@link Step}s are built only where a walk needs
 * them: a divergence, a region, the context lines). Both halves of a leaf call are in the same
 * block. A block is filled by {@link ComparedThread}, read by one walk, then cleared for reuse.
 */
final class StepBlock {
    /** What a row is: {@link Step.Part} with the whole events split by what they do to the frames. */
    static final byte ENTER = 0;
    static final byte EXIT = 1;
    static final byte CALL_ENTER = 2;
    static final byte CALL_EXIT = 3;
    static final byte OTHER = 4;

    final ThreadInfo thread;
    /** Rows filled. */
    int n;
    byte[] part;
    /** The method's number in both recordings ({@link MethodNumbers}); -1 for other events. */
    int[] method;
    MethodInfo[] info;
    int[] depth;
    long[] nanos;
    long[] duration;
    ExitKind[] kind;
    ExceptionRef[] exception;
    CallValues[] values;
    /** The event's number in its thread ({@link Step#number}). */
    long[] number;
    /** The event, for other events; for calls, built when first asked for ({@link #event}). */
    TraceEvent[] event;
    /**
     * What a walk compares first, an int per row ({@link #key}): the other side's keys are all it
     * reads of a block filled on another core while the runs agree (bench/README.md, "The walk in columns").
     */
    int[] key;
    /** The key of a row that needs a closer look: a different one on each side, so it never matches. */
    private final int closer;

    /** {@code closer}: a negative key, not the other side's. */
    StepBlock(ThreadInfo thread, int capacity, int closer) {
        if (closer >= 0) throw new IllegalArgumentException("a closer look's key is negative, not " + closer);
        this.closer = closer;
        if (capacity < 2) throw new IllegalArgumentException("a block holds a call's two halves, not " + capacity + " rows");
        this.thread = thread;
        part = new byte[capacity];
        method = new int[capacity];
        info = new MethodInfo[capacity];
        depth = new int[capacity];
        nanos = new long[capacity];
        duration = new long[capacity];
        kind = new ExitKind[capacity];
        exception = new ExceptionRef[capacity];
        values = new CallValues[capacity];
        number = new long[capacity];
        event = new TraceEvent[capacity];
        key = new int[capacity];
    }

    int capacity() {
        return part.length;
    }

    /** Empties the block for reuse: no event of its last use stays reachable from it. */
    void clear() {
        Arrays.fill(event, 0, n, null);
        Arrays.fill(values, 0, n, null);
        Arrays.fill(exception, 0, n, null);
        n = 0;
    }

    /** Adds a row; the block grows if full (a thread's end closes all its open frames at once). */
    void add(byte p, int m, MethodInfo mi, int d, long t, long dur, ExitKind k, ExceptionRef x, CallValues v, long num,
             TraceEvent e) {
        if (n == part.length) grow();
        int i = n++;
        part[i] = p;
        method[i] = m;
        info[i] = mi;
        depth[i] = d;
        nanos[i] = t;
        duration[i] = dur;
        kind[i] = k;
        exception[i] = x;
        values[i] = v;
        number[i] = num;
        event[i] = e;
        key[i] = key(p, m, k, v);
    }

    /**
     * Equal keys on two rows: the same step ({@link StepComparison#same}). The key says a frame's
     * enter or plain return and the method; every other step (an exception's way out, recorded
     * values, another event) has {@link #closer} and is compared by {@link #sameRows}.
     */
    private int key(byte p, int m, ExitKind k, CallValues v) {
        if (v != null) return closer;
        if (p == ENTER || p == CALL_ENTER) return m << 1;
        if ((p == EXIT || p == CALL_EXIT) && k.returned()) return m << 1 | 1;
        return closer;
    }

    private void grow() {
        int c = part.length * 2;
        part = Arrays.copyOf(part, c);
        method = Arrays.copyOf(method, c);
        info = Arrays.copyOf(info, c);
        depth = Arrays.copyOf(depth, c);
        nanos = Arrays.copyOf(nanos, c);
        duration = Arrays.copyOf(duration, c);
        kind = Arrays.copyOf(kind, c);
        exception = Arrays.copyOf(exception, c);
        values = Arrays.copyOf(values, c);
        number = Arrays.copyOf(number, c);
        event = Arrays.copyOf(event, c);
        key = Arrays.copyOf(key, c);
    }

    boolean entersFrame(int i) {
        return part[i] == ENTER || part[i] == CALL_ENTER;
    }

    boolean leavesFrame(int i) {
        return part[i] == EXIT || part[i] == CALL_EXIT;
    }

    /** Row {@code i}'s event: both halves of a leaf call give the same {@link MethodCall}. */
    TraceEvent event(int i) {
        TraceEvent e = event[i];
        if (e != null) return e;
        switch (part[i]) {
            case ENTER -> e = new MethodEnter(thread, nanos[i], depth[i], info[i], values[i]);
            case EXIT -> e = new MethodExit(thread, nanos[i], depth[i], info[i], duration[i], kind[i], exception[i], values[i]);
            case CALL_ENTER -> {
                e = new MethodCall(thread, nanos[i], depth[i], info[i], duration[i], kind[i], exception[i], values[i]);
                event[i + 1] = e;
            }
            case CALL_EXIT -> e = event(i - 1);
            default -> throw new IllegalStateException("row " + i + " has no event");
        }
        return event[i] = e;
    }

    /**
     * Whether row {@code i} of {@code a} and row {@code j} of {@code b} are the same step, by
     * {@link StepComparison}'s rule, read off the columns: no event or step is built for a frame's
     * enter or exit (an exception's way out, recorded values).
     */
    static boolean sameRows(StepBlock a, int i, StepBlock b, int j) {
        if (a.entersFrame(i)) return b.entersFrame(j) && StepComparison.sameEnter(a.method[i], a.values[i], b.method[j], b.values[j]);
        if (a.leavesFrame(i)) {
            return b.leavesFrame(j) && StepComparison.sameExit(a.method[i], a.kind[i], a.exception[i], a.values[i],
                    b.method[j], b.kind[j], b.exception[j], b.values[j]);
        }
        return b.part[j] == OTHER && StepComparison.sameEvent(a.event[i], b.event[j]);
    }

    /** Row {@code i} as a step. */
    Step step(int i) {
        Step.Part p = part[i] == CALL_ENTER ? Step.Part.CALL_ENTER : part[i] == CALL_EXIT ? Step.Part.CALL_EXIT : Step.Part.WHOLE;
        return new Step(event(i), p, method[i], number[i]);
    }
}
