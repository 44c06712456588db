package io.jtrace.read;

import io.jtrace.model.CallValues;
import io.jtrace.model.MethodInfo;

import java.util.Arrays;

/**
 * The open frames of one thread during a replay, outermost first: method, enter time, whether
 * the enter was untimed, and the arguments {@code run --args} recorded (or null) per frame. The
 * replay engine's one copy of this bookkeeping, also kept by writers that follow a thread's frames
 * (the expanded JFR recording's stack traces).
 */
public final class FrameStack {
    private MethodInfo[] methods = new MethodInfo[64];
    private long[] enterNanos = new long[64];
    /** The frame's enter was written without a clock read: its enter time is the record before's. */
    private boolean[] untimed = new boolean[64];
    private CallValues[] values = new CallValues[64];
    private int depth;

    public int depth() {
        return depth;
    }

    public void push(MethodInfo m, long nanos) {
        push(m, nanos, false, null);
    }

    public void push(MethodInfo m, long nanos, boolean untimedEnter) {
        push(m, nanos, untimedEnter, null);
    }

    public void push(MethodInfo m, long nanos, boolean untimedEnter, CallValues v) {
        if (depth == methods.length) {
            methods = Arrays.copyOf(methods, depth * 2);
            enterNanos = Arrays.copyOf(enterNanos, depth * 2);
            untimed = Arrays.copyOf(untimed, depth * 2);
            values = Arrays.copyOf(values, depth * 2);
        }
        methods[depth] = m;
        enterNanos[depth] = nanos;
        untimed[depth] = untimedEnter;
        values[depth] = v;
        depth++;
    }

    /** Whether the frame at this level was entered without a clock read (an untimed call). */
    public boolean untimed(int level) {
        return untimed[level];
    }

    /** Pops the innermost frame (read it with {@link #method}, {@link #enterNanos}, {@link #untimed} and {@link #values} before). */
    public void pop() {
        methods[--depth] = null;
        values[depth] = null;
    }

    public MethodInfo method(int level) {
        return methods[level];
    }

    public long enterNanos(int level) {
        return enterNanos[level];
    }

    /** The arguments recorded at the frame's enter, or null. */
    public CallValues values(int level) {
        return values[level];
    }

    /** The innermost frame's method, or null if none is open. */
    public MethodInfo top() {
        return depth > 0 ? methods[depth - 1] : null;
    }

    /** Keeps the outermost {@code level} frames. */
    public void truncate(int level) {
        for (int i = level; i < depth; i++) { // not Arrays.fill: see CallBlock.clear
            methods[i] = null;
            values[i] = null;
        }
        depth = level;
    }
}
