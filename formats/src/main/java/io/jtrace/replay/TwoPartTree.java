package io.jtrace.replay;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.read.TraceIndex;

import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * A call tree built on two cores: the records are cut in two near the middle of their bytes, each
 * core decodes one part and builds its own tree, and the second tree is added to the first. A cut
 * inside a thread leaves frames open: the second part starts with stand-ins for them (the batch
 * says how many), and the join gives each the time from its enter in the first part to its exit
 * in the second. The tree is the one a single replay builds, node for node and in the same order.
 *
 * <p>Why not decode on one core and build on the other ({@link Replay.Request#heavyVisitor}): on a
 * recording with millions of call paths building costs more than decoding, and handing tens of
 * millions of calls from one thread to the other costs nearly as much as decoding them
 * (bench/README.md, "the call tree in two parts at once"); two whole halves do neither.
 */
final class TwoPartTree {
    private TwoPartTree() {}

    /** Recordings smaller than this are built in one part: a second thread would not pay for itself. */
    static final long MIN_BYTES = 256 << 10;

    /**
     * Where the first part ends: before batch {@code batch} of thread {@code thread} (batch 0: the
     * thread is the second part's first).
     */
    record Cut(int thread, int batch) {
        /** The batch boundary nearest past the middle of the records' bytes; null if there is none to cut at. */
        static Cut middle(List<TraceIndex.ThreadBatches> threads) {
            long total = 0;
            for (TraceIndex.ThreadBatches t : threads) for (TraceIndex.BatchRef b : t.batches()) total += b.length();
            long before = 0;
            for (int i = 0; i < threads.size(); i++) {
                List<TraceIndex.BatchRef> batches = threads.get(i).batches();
                for (int k = 0; k < batches.size(); k++) {
                    if (before + batches.get(k).length() / 2 >= total / 2) {
                        if (i == 0 && k == 0) return batches.size() > 1 ? new Cut(0, 1) : threads.size() > 1 ? new Cut(1, 0) : null;
                        return new Cut(i, k);
                    }
                    before += batches.get(k).length();
                }
            }
            return null;
        }
    }

    /** The tree of {@code threads}, built in two parts cut at {@code cut}; null if the parts do not meet (build it in one). */
    static CallTree build(TraceIndex index, List<TraceIndex.ThreadBatches> threads, CallTreeBuilder.Options options, Cut cut) {
        CallTreeBuilder first = new CallTreeBuilder(options);
        CallTreeBuilder second = new CallTreeBuilder(options);
        TraceIndex.ThreadBatches split = cut.batch() > 0 ? threads.get(cut.thread()) : null;
        CallTreeBuilder.OpenFrames[] open = new CallTreeBuilder.OpenFrames[1];
        Throwable[] firstFailed = new Throwable[1];
        Cancellation stopFirst = new Cancellation();
        Cancellation outer = Cancellation.current(); // stops this thread's part; the first part is stopped from here
        Thread worker = new Thread(() -> {
            try {
                stopFirst.run(() -> {
                    for (int i = 0; i < cut.thread(); i++) replayWhole(index, threads.get(i), first);
                    if (split != null) {
                        ThreadReplay r = ThreadReplay.until(index, split, first.visitor(), cut.batch());
                        r.run();
                        open[0] = openFrames(r.frames());
                        first.suspend(split.info());
                    }
                    return null;
                });
            } catch (Throwable e) {
                firstFailed[0] = e;
            }
        }, "jtrace-tree");
        worker.setDaemon(true);
        worker.start();
        boolean meet = true;
        int resumed = 0;
        long resumedNanos = 0;
        try {
            int next = cut.thread();
            if (split != null) {
                ThreadReplay r = ThreadReplay.resumedAt(index, split, second.visitor(), cut.batch());
                resumed = r.frames().depth();
                resumedNanos = split.batches().get(cut.batch()).baseNanos() - index.nanoOrigin();
                if (resumed > 0) second.resume(split.info(), resumed);
                try {
                    r.run();
                } catch (ThreadReplay.NeedsFirstPart e) {
                    meet = false;
                }
                second.endThread(split.info());
                next++;
            }
            for (int i = next; meet && i < threads.size(); i++) replayWhole(index, threads.get(i), second);
        } catch (RuntimeException | Error e) {
            stopFirst.cancel();
            awaitFirst(worker, null, stopFirst);
            // the first part's failure is the earlier in the file; a cancellation is the user's and wins
            if (firstFailed[0] != null && !(firstFailed[0] instanceof CancellationException) && !(e instanceof CancellationException)) {
                firstFailed[0].addSuppressed(e);
                throw rethrow(firstFailed[0]);
            }
            throw e;
        } finally {
            if (!meet) stopFirst.cancel();
        }
        awaitFirst(worker, outer, stopFirst);
        Cancellation.check();
        if (firstFailed[0] != null && (meet || !(firstFailed[0] instanceof CancellationException))) throw rethrow(firstFailed[0]);
        if (!meet) return null;
        if (split != null) {
            boolean contiguous = split.batches().get(cut.batch()).sequence() == split.batches().get(cut.batch() - 1).sequence() + 1;
            // a batch that says another depth than the first part ends at (a tracer that lost count): one part
            if (contiguous && open[0].enterNanos().length != resumed) return null;
        }
        first.join(second, open[0] == null ? new CallTreeBuilder.OpenFrames(new long[0], new boolean[0]) : open[0], resumedNanos);
        return first.build();
    }

    private static void replayWhole(TraceIndex index, TraceIndex.ThreadBatches t, CallTreeBuilder builder) {
        new ThreadReplay(index, t, builder.visitor(), null).run();
        builder.endThread(t.info());
    }

    private static CallTreeBuilder.OpenFrames openFrames(FrameStack frames) {
        int depth = frames.depth();
        long[] enter = new long[depth];
        boolean[] untimed = new boolean[depth];
        for (int d = 0; d < depth; d++) {
            enter[d] = frames.enterNanos(d);
            untimed[d] = frames.untimed(d);
        }
        return new CallTreeBuilder.OpenFrames(enter, untimed);
    }

    /** Waits for the first part, which stops at its next batch if {@code outer} is cancelled meanwhile. */
    private static void awaitFirst(Thread worker, Cancellation outer, Cancellation stopFirst) {
        boolean interrupted = false;
        while (worker.isAlive()) {
            if (outer != null && outer.cancelled()) stopFirst.cancel();
            try {
                worker.join(50);
            } catch (InterruptedException e) {
                interrupted = true; // not a way to stop a replay (see Cancellation): waited for all the same
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    private static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException r) return r;
        if (e instanceof Error err) throw err;
        return new IllegalStateException(e);
    }
}
