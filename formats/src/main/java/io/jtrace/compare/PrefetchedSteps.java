package io.jtrace.compare;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

/**
 * A thread's steps read on another core, in blocks, while the walk compares: each side's replay
 * (decoding and building its events) costs about what the comparison costs, so on two cores the
 * other side's replay runs beside them (bench/README.md, "jtrace diff"). At most {@link #BLOCKS}
 * blocks wait: memory stays bounded, and the faster side waits.
 */
final class PrefetchedSteps implements StepStream.Source, AutoCloseable {
    private static final int BLOCK = 2048;
    private static final int BLOCKS = 4;
    /** How often a waiting reader looks whether the walk stopped. */
    private static final long WAIT_MILLIS = 50;
    /** Ends the steps (after the last block). */
    private static final Step[] END = new Step[0];

    private final BlockingQueue<Step[]> full = new ArrayBlockingQueue<>(BLOCKS);
    private final Thread reader;
    private volatile boolean stopped;
    private volatile Throwable failure;
    private Step[] block;
    private int next;

    PrefetchedSteps(StepStream.Source source, String name) {
        reader = new Thread(() -> read(source), name);
        reader.setDaemon(true);
        reader.start();
    }

    private void read(StepStream.Source source) {
        Step[] b = new Step[BLOCK];
        int n = 0;
        try {
            for (Step s = source.next(); s != null; s = source.next()) {
                b[n++] = s;
                if (n == BLOCK) {
                    if (!put(b)) return;
                    b = new Step[BLOCK];
                    n = 0;
                }
            }
        } catch (RuntimeException | Error e) {
            failure = e; // after the steps read before it, as the thread itself would give them
        }
        if (n > 0 && !put(java.util.Arrays.copyOf(b, n))) return;
        put(END);
    }

    /** False when the walk has stopped (nobody reads any more). */
    private boolean put(Step[] b) {
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
    public Step next() {
        if (block == END) return null;
        if (block == null || next == block.length) {
            try {
                block = full.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("comparison interrupted");
            }
            next = 0;
            if (block == END) {
                Throwable f = failure;
                if (f instanceof RuntimeException r) throw r;
                if (f instanceof Error r) throw r;
                return null;
            }
        }
        return block[next++];
    }

    /** Stops the reader (it sees the flag at its next hand-over). */
    @Override
    public void close() {
        stopped = true;
        full.clear();
    }
}
