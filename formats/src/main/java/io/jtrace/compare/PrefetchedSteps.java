package io.jtrace.compare;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A thread's steps read on another core, a block at a time, while the walk compares: each side's
 * replay costs more than the comparison, so on two cores the other side's replay runs beside them
 * (bench/README.md, "The walk in columns"). At most {@link #BLOCKS} filled blocks wait: memory stays
 * bounded, and the faster side waits. Blocks the walk is done with go back to the reader to be
 * filled again (no allocation per block).
 */
final class PrefetchedSteps implements StepStream.Source, AutoCloseable {
    private static final int BLOCKS = 4;
    /** How often a waiting reader looks whether the walk stopped. */
    private static final long WAIT_MILLIS = 50;
    /** Ends the blocks (after the last one). */
    private static final StepBlock END = new StepBlock(null, 2, -1);

    private final BlockingQueue<StepBlock> full = new ArrayBlockingQueue<>(BLOCKS);
    /** Blocks read to the end, to fill again: the walk's and the reader's, so never more than BLOCKS + 2. */
    private final BlockingQueue<StepBlock> free = new ArrayBlockingQueue<>(BLOCKS + 2);
    private final Thread reader;
    private volatile boolean stopped;
    private volatile Throwable failure;
    private boolean ended;

    /**
     * {@code source} is made on the reader's thread: the objects a replay writes at every record then
     * lie in that thread's allocation buffer, not on cache lines beside the walk's own replay, which
     * the walk writes as often (made on one thread, both sides read slower and unsteadily:
     * bench/README.md, "The walk in columns").
     */
    PrefetchedSteps(Supplier<? extends StepStream.Source> source, String name) {
        reader = new Thread(() -> {
            try {
                read(source.get());
            } catch (RuntimeException | Error e) {
                failure = e;
                put(END);
            }
        }, name);
        reader.setDaemon(true);
        reader.start();
    }

    private void read(StepStream.Source source) {
        try {
            for (StepBlock b = source.nextBlock(free.poll()); b != null; b = source.nextBlock(free.poll())) {
                if (!put(b)) return;
            }
        } catch (RuntimeException | Error e) {
            failure = e; // after the blocks read before it, as the thread itself would give them
        }
        put(END);
    }

    /** False when the walk has stopped (nobody reads any more). */
    private boolean put(StepBlock b) {
        try {
            while (!full.offer(b, WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                if (stopped) return false;
            }
            return !stopped;
        } catch (InterruptedException e) {
            return false;
        }
    }

    @Override
    public StepBlock nextBlock(StepBlock reuse) {
        if (ended) return null;
        if (reuse != null) free.offer(reuse);
        StepBlock b;
        try {
            b = full.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("comparison interrupted");
        }
        if (b == END) {
            ended = true;
            Throwable f = failure;
            if (f instanceof RuntimeException r) throw r;
            if (f instanceof Error r) throw r;
            return null;
        }
        return b;
    }

    /** Stops the reader (it sees the flag at its next hand-over). */
    @Override
    public void close() {
        stopped = true;
        full.clear();
    }
}
