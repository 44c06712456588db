package io.jtrace.compare;

import io.jtrace.model.TraceEvent;

/**
 * One side's steps as a walk reads them: from a {@link Source} (the thread itself, or a
 * {@link PrefetchedSteps} that reads it on another core), with one step of look-ahead.
 */
final class StepStream implements AutoCloseable {
    /** Where steps come from; null at the end. */
    interface Source {
        Step next();
    }

    private final Source source;
    private Step pushedBack;

    StepStream(Source source) {
        this.source = source;
    }

    /** The next step, or null at the thread's end. */
    Step next() {
        if (pushedBack != null) {
            Step s = pushedBack;
            pushedBack = null;
            return s;
        }
        return source.next();
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
