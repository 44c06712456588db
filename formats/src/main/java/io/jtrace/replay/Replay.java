package io.jtrace.replay;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * How every command and front end replays a recording: the engine ({@link ThreadReplay}) pushes
 * the selected threads' events into a {@link CallVisitor}, thread by thread or interleaved by time,
 * with no object per call. For a visitor that is slow per call (text formatting), decoding runs on
 * a second core and hands its calls over in blocks, so that decoding and formatting each get one;
 * a fixed number of blocks circulates between the two threads, memory stays bounded, and the
 * faster side waits. Light aggregates (per-method statistics) run on the calling thread alone: for
 * them the hand-over costs more than it saves; building a call tree is heavy enough to gain.
 */
public final class Replay {
    private Replay() {}

    /** Order of delivery: each thread's events in turn, or all threads interleaved by time. */
    public enum Order { BY_THREAD, BY_TIME }

    private static final int BLOCK = 16384;
    /** How often a waiting producer looks whether its consumer stopped. */
    private static final long WAIT_MILLIS = 50;
    private static final int BLOCKS = 8;

    /** What to replay and how; build with {@link #of}. */
    public static final class Request {
        private final TraceIndex index;
        private final List<ThreadInfo> threads;
        private Order order = Order.BY_THREAD;
        private Consumer<ThreadInfo> afterThread = t -> { };
        private CurrentRecord records;
        private CurrentValues values;
        private boolean parallel;

        private Request(TraceIndex index, List<ThreadInfo> threads) {
            this.index = index;
            this.threads = threads;
        }

        public Request order(Order o) {
            order = o;
            return this;
        }

        /** Called, on the consuming thread, after a thread's last event. */
        public Request afterThread(Consumer<ThreadInfo> c) {
            afterThread = c;
            return this;
        }

        /**
         * Keeps the encoded record behind each line, variable and exception event, readable from
         * {@code records} while the visitor is given that event (to copy records verbatim).
         */
        public Request records(CurrentRecord r) {
            records = r;
            return this;
        }

        /**
         * Gives each call's values ({@code run --args}: arguments at enter, arguments and return
         * value at exit and call), readable from {@code v} while the visitor is given that call.
         */
        public Request values(CurrentValues v) {
            values = v;
            return this;
        }

        /**
         * The visitor is slow per call (it formats text): decode on a second core, if there is one,
         * while it works. Handing calls over writes each one to a block and reads it back, which
         * pays only then: print gains, the statistics of summary lose (bench/README.md, "After: the
         * reading engine redesign"). A call tree gains too (where {@link #callTree} cannot build it
         * in two parts, and the speedscope export: bench/README.md, "the tree's text as bytes, trees
         * built beside the decoding").
         */
        public Request heavyVisitor() {
            parallel = Runtime.getRuntime().availableProcessors() >= 2;
            return this;
        }

        /** Whether decoding runs on a second thread (tests choose). */
        Request inParallel(boolean p) {
            parallel = p;
            return this;
        }

        /**
         * The call tree of the selected threads, their events seen through {@code view} (a method
         * filter, or the identity). On two cores, with the whole tree wanted (no focus, no depth
         * limit, no filter) and enough records, it is built in two parts at once ({@link TwoPartTree});
         * otherwise on this thread while another decodes. The same tree either way. (It sets
         * {@link #afterThread} for itself.)
         */
        public CallTree callTree(CallTreeBuilder.Options options, UnaryOperator<CallVisitor> view) {
            CallTreeBuilder builder = new CallTreeBuilder(options);
            List<TraceIndex.ThreadBatches> selected = new ArrayList<>();
            long bytes = 0;
            for (ThreadInfo t : threads) {
                TraceIndex.ThreadBatches b = index.batchesOf(t);
                selected.add(b);
                for (TraceIndex.BatchRef r : b.batches()) bytes += r.length();
            }
            CallVisitor seen = view.apply(builder.visitor());
            boolean whole = builder.buildsInParts() && seen == builder.visitor();
            if (whole && order == Order.BY_THREAD && Runtime.getRuntime().availableProcessors() >= 2
                    && bytes >= TwoPartTree.MIN_BYTES) {
                TwoPartTree.Cut cut = TwoPartTree.Cut.middle(selected);
                CallTree tree = cut == null ? null : TwoPartTree.build(index, selected, options, cut);
                if (tree != null) return tree;
            }
            afterThread = builder::endThread;
            heavyVisitor();
            into(seen);
            return builder.build();
        }

        /** Replays into {@code visitor} on the calling thread (decoding on another, if there are two cores). */
        public void into(CallVisitor visitor) {
            List<TraceIndex.ThreadBatches> selected = new ArrayList<>();
            for (ThreadInfo t : threads) selected.add(index.batchesOf(t));
            if (!parallel) {
                produce(index, selected, order, visitor, records, records, values, values, afterThread);
            } else {
                parallel(this, selected, visitor);
            }
        }
    }

    /** Starts a request for {@code threads} of {@code index} (each given once, in the order wanted for BY_THREAD). */
    public static Request of(TraceIndex index, List<ThreadInfo> threads) {
        return new Request(index, threads);
    }

    /**
     * Pushes every event into {@code v}: {@code records} is where the replay leaves encoded
     * records, {@code handOver} where the merge passes them on (the same holder when nothing is
     * in between); {@code values} and {@code valuesHandOver} likewise for each call's values.
     */
    private static void produce(TraceIndex index, List<TraceIndex.ThreadBatches> threads, Order order, CallVisitor v,
                                CurrentRecord records, CurrentRecord handOver, CurrentValues values,
                                CurrentValues valuesHandOver, Consumer<ThreadInfo> threadEnd) {
        if (order == Order.BY_TIME && threads.size() > 1) { // one thread: its own order is the order by time
            TimeOrder.run(index, threads, v, records == null ? null : new CurrentRecord(), handOver,
                    values == null ? null : new CurrentValues(), valuesHandOver, threadEnd);
            return;
        }
        for (TraceIndex.ThreadBatches t : threads) {
            new ThreadReplay(index, t, v, records, values).run();
            threadEnd.accept(t.info());
        }
    }

    private static void parallel(Request r, List<TraceIndex.ThreadBatches> threads, CallVisitor consumer) {
        BlockingQueue<CallBlock> free = new ArrayBlockingQueue<>(BLOCKS);
        BlockingQueue<CallBlock> full = new ArrayBlockingQueue<>(BLOCKS);
        for (int i = 0; i < BLOCKS; i++) free.add(new CallBlock(BLOCK));
        Handoff handoff = new Handoff(free, full, r.records == null ? null : new CurrentRecord(),
                r.values == null ? null : new CurrentValues());
        Cancellation cancellation = Cancellation.current();
        Runnable replay = () -> produce(r.index, threads, r.order, handoff, handoff.records, handoff.records, handoff.values,
                handoff.values, handoff::threadEnd);
        Thread producer = new Thread(() -> handoff.produce(cancellation == null ? replay
                : () -> cancellation.run(() -> { replay.run(); return null; })), "jtrace-replay");
        producer.setDaemon(true);
        producer.start();
        try {
            while (true) {
                CallBlock b = take(full);
                for (int i = 0; i < b.size; i++) b.deliver(i, consumer, r.records, r.values, r.afterThread);
                boolean last = b == handoff.lastBlock;
                Throwable failure = handoff.failure;
                b.clear();
                free.add(b);
                if (last) {
                    if (failure instanceof RuntimeException e) throw e;
                    if (failure instanceof Error e) throw e;
                    if (failure != null) throw new IllegalStateException(failure);
                    return;
                }
            }
        } finally {
            // Not an interrupt: one that lands while the producer reads would close the recording's
            // file channel for every later replay of this index (the explore shell's session).
            handoff.stopped = true;
            full.clear(); // a producer waiting for room in it goes on to see the flag
        }
    }

    private static CallBlock take(BlockingQueue<CallBlock> q) {
        try {
            return q.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("replay interrupted");
        }
    }

    /** Thrown on the producer when the consumer stopped (it interrupts the producer). */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    /** The producer's side: fills blocks with the replay's calls and passes each full block on. */
    private static final class Handoff implements CallVisitor {
        private final BlockingQueue<CallBlock> free;
        private final BlockingQueue<CallBlock> full;
        final CurrentRecord records;
        final CurrentValues values;
        private CallBlock block;
        /** Set when the consumer has stopped (done, or failed): the producer stops at its next hand-over. */
        volatile boolean stopped;
        /** The block that ends the replay, and what the replay failed with (an Error too: the consumer never waits forever). */
        volatile CallBlock lastBlock;
        volatile Throwable failure;

        Handoff(BlockingQueue<CallBlock> free, BlockingQueue<CallBlock> full, CurrentRecord records, CurrentValues values) {
            this.free = free;
            this.full = full;
            this.records = records;
            this.values = values;
        }

        void produce(Runnable replay) {
            try {
                try {
                    replay.run();
                } catch (Stop stop) {
                    return; // the consumer is gone
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
                if (block == null) block = takeFree();
                lastBlock = block;
                send();
            } catch (Stop stop) {
                // the consumer is gone
            }
        }

        private CallBlock takeFree() {
            try {
                CallBlock b;
                while ((b = free.poll(WAIT_MILLIS, TimeUnit.MILLISECONDS)) == null) {
                    if (stopped) throw new Stop();
                }
                if (stopped) throw new Stop();
                b.source = records;
                b.valuesSource = values;
                return b;
            } catch (InterruptedException e) {
                throw new Stop();
            }
        }

        private void send() {
            CallBlock b = block;
            block = null;
            try {
                while (!full.offer(b, WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    if (stopped) throw new Stop();
                }
            } catch (InterruptedException e) {
                throw new Stop();
            }
        }

        private CallBlock block() {
            if (block == null) block = takeFree();
            return block;
        }

        private void sendIfFull() {
            if (block.isFull()) send();
        }

        @Override
        public void enter(ThreadInfo t, long nanos, int depth, io.jtrace.model.MethodInfo m) {
            block().enter(t, nanos, depth, m);
            sendIfFull();
        }

        @Override
        public void enteredBeforeTracing(ThreadInfo t, long nanos, int depth, io.jtrace.model.MethodInfo m) {
            block().enteredBeforeTracing(t, nanos, depth, m);
            sendIfFull();
        }

        @Override
        public void exit(ThreadInfo t, long nanos, int depth, io.jtrace.model.MethodInfo m, long d,
                         io.jtrace.model.ExitKind k, io.jtrace.model.ExceptionRef x) {
            block().exit(t, nanos, depth, m, d, k, x);
            sendIfFull();
        }

        @Override
        public void call(ThreadInfo t, long nanos, int depth, io.jtrace.model.MethodInfo m, long d,
                         io.jtrace.model.ExitKind k, io.jtrace.model.ExceptionRef x) {
            block().call(t, nanos, depth, m, d, k, x);
            sendIfFull();
        }

        @Override
        public void other(io.jtrace.model.TraceEvent e) {
            block().other(e);
            sendIfFull();
        }

        void threadEnd(ThreadInfo t) {
            block().threadEnd(t);
            sendIfFull();
        }
    }
}
