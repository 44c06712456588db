package io.jtrace.compare;

import io.jtrace.model.TraceEvent;

/**
 * One side's steps as a walk reads them, a block at a time from a {@link Source} (the thread
 * itself, or a {@link PrefetchedSteps} that reads it on another core): row by row where the two
 * runs agree ({@link #block}, {@link #row}, {@link #moveTo}), as {@link Step}s where the walk looks
 * closer ({@link #next}), with one step of look-ahead ({@link #pushBack}).
 */
final class StepStream implements AutoCloseable {
    /** Where blocks of steps come from. */
    interface Source {
        /** The next block, filled into {@code reuse} if not null (a block this stream is done with); null at the end. */
        StepBlock nextBlock(StepBlock reuse);
    }

    private final Source source;
    private Step pushedBack;
    private StepBlock block;
    private int row;
    private boolean ended;

    StepStream(Source source) {
        this.source = source;
    }

    /**
     * The block holding the next step, at {@link #row}; null at the thread's end. Not while a step
     * is pushed back ({@link #hasPushedBack}): that one comes first.
     */
    StepBlock block() {
        while (block == null || row == block.n) {
            if (ended) return null;
            StepBlock b = source.nextBlock(block);
            row = 0;
            if (b == null) {
                ended = true;
                block = null;
                return null;
            }
            block = b;
        }
        return block;
    }

    /** The next step's row in {@link #block}. */
    int row() {
        return row;
    }

    /** Moves on to row {@code r} of the current block: the rows before it were read. */
    void moveTo(int r) {
        row = r;
    }

    boolean hasPushedBack() {
        return pushedBack != null;
    }

    /** The next step, or null at the thread's end. */
    Step next() {
        if (pushedBack != null) {
            Step s = pushedBack;
            pushedBack = null;
            return s;
        }
        StepBlock b = block();
        return b == null ? null : b.step(row++);
    }

    /** Gives {@code s}, just read, back: the next {@link #next} returns it again. */
    void pushBack(Step s) {
        if (pushedBack != null) throw new IllegalStateException("one step back at most");
        pushedBack = s;
    }

    /**
     * The next event as a whole, for showing what follows a divergence: the exit half of a leaf
     * call is passed over (its call was shown with its enter half). Null at the end.
     */
    TraceEvent nextEvent() {
        for (Step s = next(); s != null; s = next()) {
            if (s.part() != Step.Part.CALL_EXIT) return s.event();
        }
        return null;
    }

    @Override
    public void close() {
        if (source instanceof PrefetchedSteps p) p.close();
    }
}
