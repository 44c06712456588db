package io.jtrace.replay;

import io.jtrace.analysis.FrameContext;
import io.jtrace.model.CallValues;
import io.jtrace.model.MethodInfo;

import java.util.Arrays;

/**
 * The open frames of one thread during a replay, outermost first: method, enter time, whether
 * the enter was untimed, and the arguments {@code run --args} recorded (or null) per frame. The
 * replay engine's frame context, also kept by writers that follow a thread's frames (the expanded
 * JFR recording's stack traces); an unknown frame has the method {@link #UNKNOWN} unless told otherwise.
 */
public final class FrameStack extends FrameContext {
    /** The method of an unknown frame (entered in lost records). */
    public static final MethodInfo UNKNOWN = MethodInfo.unknown(0);

    private MethodInfo[] methods = new MethodInfo[64];
    private long[] enterNanos = new long[64];
    /** The frame's enter was written without a clock read: its enter time is the record before's. */
    private boolean[] untimed = new boolean[64];
    private CallValues[] values = new CallValues[64];

    /** What stands for an unknown frame here. */
    private final MethodInfo unknown;

    public FrameStack() {
        this(UNKNOWN);
    }

    /** Unknown frames stand as {@code unknown} (a writer that tells them by null). */
    public FrameStack(MethodInfo unknown) {
        super(64);
        this.unknown = unknown;
    }

    @Override
    protected void grow(int capacity) {
        methods = Arrays.copyOf(methods, capacity);
        enterNanos = Arrays.copyOf(enterNanos, capacity);
        untimed = Arrays.copyOf(untimed, capacity);
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    protected void cut(int level) {
        methods[level] = null;
        values[level] = null;
    }

    @Override
    protected void unknown(int level, long nanos) {
        set(level, unknown, nanos, false, null);
    }

    public void push(MethodInfo m, long nanos) {
        push(m, nanos, false, null);
    }

    public void push(MethodInfo m, long nanos, boolean untimedEnter) {
        push(m, nanos, untimedEnter, null);
    }

    public void push(MethodInfo m, long nanos, boolean untimedEnter, CallValues v) {
        set(pushLevel(), m, nanos, untimedEnter, v);
    }

    private void set(int level, MethodInfo m, long nanos, boolean untimedEnter, CallValues v) {
        methods[level] = m;
        enterNanos[level] = nanos;
        untimed[level] = untimedEnter;
        values[level] = v;
    }

    /** Whether the frame at this level was entered without a clock read (an untimed call). */
    public boolean untimed(int level) {
        return untimed[level];
    }

    /** Pops the innermost frame (read it with {@link #method}, {@link #enterNanos}, {@link #untimed} and {@link #values} before). */
    public void pop() {
        cut(popLevel());
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
        int depth = depth();
        return depth > 0 ? methods[depth - 1] : null;
    }
}
