package io.jtrace.replay;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.EventBuilder;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TraceIndex;

import java.util.ArrayDeque;

/**
 * A pull-style cursor over one thread's events as model objects: an adapter over the replay
 * engine ({@link ThreadReplay}), which it runs one batch at a time when its queue is empty.
 * Holds at most one batch's events; calls carry the values {@code run --args} recorded. For callers that want to step (tests, an interactive shell);
 * commands push the whole replay through a {@link CallVisitor} with {@link Replay}.
 */
public final class ThreadTimeline {
    private final ThreadReplay replay;
    private final ArrayDeque<TraceEvent> ready = new ArrayDeque<>();
    /** Records decoded per step: the queue holds about this many events. */
    private static final int STEP = 256;

    /** A pull-style cursor over one thread's events (commands use {@link Replay} instead). */
    public static ThreadTimeline of(TraceIndex index, ThreadInfo thread) {
        return new ThreadTimeline(index, index.batchesOf(thread));
    }

    ThreadTimeline(TraceIndex index, TraceIndex.ThreadBatches batches) {
        CurrentValues values = new CurrentValues();
        this.replay = new ThreadReplay(index, batches, new EventBuilder(values, ready::add), null, values);
    }

    public ThreadInfo thread() {
        return replay.thread();
    }

    public TraceEvent peek() {
        while (ready.isEmpty() && replay.step(STEP)) {
            // the batch may have produced nothing yet (an enter held back)
        }
        return ready.peekFirst();
    }

    public TraceEvent next() {
        TraceEvent e = peek();
        if (e != null) ready.pollFirst();
        return e;
    }

    public boolean hasNext() {
        return peek() != null;
    }
}
