package io.jtrace.read;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;

/**
 * Replays threads on a second thread and hands their calls to the consumer in blocks, so that
 * decoding and consuming (statistics, formatting) each get a core. A fixed number of blocks
 * circulates between the two threads: memory stays bounded, and the faster side waits.
 */
public final class ParallelReplay {
    private ParallelReplay() {}

    private static final int BLOCK = 4096;
    private static final int BLOCKS = 8;
    private static final byte ENTER = 0, EXIT = 1, CALL = 2, OTHER = 3;

    /** Calls of one thread; {@code end} marks the thread's last block, {@code failure} a replay that failed. */
    private static final class Block {
        ThreadInfo thread;
        int size;
        boolean end;
        boolean last;
        /** What the replay failed with: an Error too (out of memory or stack), so the consumer never waits forever. */
        Throwable failure;
        final byte[] kind = new byte[BLOCK];
        final long[] nanos = new long[BLOCK];
        final long[] duration = new long[BLOCK];
        final int[] depth = new int[BLOCK];
        final Object[] item = new Object[BLOCK];
        final ExitKind[] exitKind = new ExitKind[BLOCK];
        final ExceptionRef[] exception = new ExceptionRef[BLOCK];

        void reset(ThreadInfo t) {
            thread = t;
            size = 0;
            end = false;
            last = false;
            failure = null;
        }
    }

    /**
     * Replays {@code threads} of {@code index} in order into {@code consumer}, calling {@code
     * afterThread} after each thread's last event, all on the calling thread; the decoding runs
     * on another. With one processor it all runs on the calling thread.
     */
    public static void run(TraceIndex index, List<ThreadInfo> threads, CallVisitor consumer, Consumer<ThreadInfo> afterThread) {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            for (ThreadInfo t : threads) {
                index.replay(t, consumer);
                afterThread.accept(t);
            }
            return;
        }
        BlockingQueue<Block> free = new ArrayBlockingQueue<>(BLOCKS);
        BlockingQueue<Block> full = new ArrayBlockingQueue<>(BLOCKS);
        for (int i = 0; i < BLOCKS; i++) free.add(new Block());
        Thread producer = new Thread(() -> produce(index, threads, free, full), "jtrace-replay");
        producer.setDaemon(true);
        producer.start();
        try {
            while (true) {
                Block b = take(full);
                if (b.failure instanceof RuntimeException r) throw r;
                if (b.failure instanceof Error err) throw err;
                if (b.failure != null) throw new IllegalStateException(b.failure);
                deliver(b, consumer);
                if (b.end) afterThread.accept(b.thread);
                boolean last = b.last;
                free.add(b);
                if (last) return;
            }
        } finally {
            producer.interrupt();
        }
    }

    private static void deliver(Block b, CallVisitor v) {
        ThreadInfo t = b.thread;
        for (int i = 0; i < b.size; i++) {
            switch (b.kind[i]) {
                case ENTER: v.enter(t, b.nanos[i], b.depth[i], (MethodInfo) b.item[i]); break;
                case EXIT: v.exit(t, b.nanos[i], b.depth[i], (MethodInfo) b.item[i], b.duration[i], b.exitKind[i], b.exception[i]); break;
                case CALL: v.call(t, b.nanos[i], b.depth[i], (MethodInfo) b.item[i], b.duration[i], b.exitKind[i], b.exception[i]); break;
                default: v.other((TraceEvent) b.item[i]); break;
            }
            b.item[i] = null;
            b.exception[i] = null;
        }
    }

    private static Block take(BlockingQueue<Block> q) {
        try {
            return q.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while replaying", e);
        }
    }

    private static void produce(TraceIndex index, List<ThreadInfo> threads, BlockingQueue<Block> free, BlockingQueue<Block> full) {
        Filler filler = new Filler(free, full);
        try {
            for (ThreadInfo t : threads) {
                filler.start(t);
                index.replay(t, filler);
                filler.block.end = true;
                filler.send();
            }
            filler.start(null);
            filler.block.last = true;
            filler.send();
        } catch (Stop stop) {
            // the consumer is gone
        } catch (RuntimeException | Error e) {
            try {
                if (filler.block == null) filler.start(null);
                filler.block.failure = e;
                filler.block.last = true;
                filler.send();
            } catch (Stop stop) {
                // the consumer is gone
            }
        }
    }

    /** Thrown on the producer when the consumer stopped (it interrupts the producer). */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    /** Writes the calls of the replay into blocks and passes each full block on. */
    private static final class Filler implements CallVisitor {
        private final BlockingQueue<Block> free;
        private final BlockingQueue<Block> full;
        Block block;

        Filler(BlockingQueue<Block> free, BlockingQueue<Block> full) {
            this.free = free;
            this.full = full;
        }

        void start(ThreadInfo t) {
            try {
                block = free.take();
            } catch (InterruptedException e) {
                throw new Stop();
            }
            block.reset(t);
        }

        /** Passes the block on: from here the consumer owns it. */
        void send() {
            Block b = block;
            block = null;
            try {
                full.put(b);
            } catch (InterruptedException e) {
                throw new Stop();
            }
        }

        private int slot(byte kind, long nanos, int depth, Object item) {
            Block b = block;
            if (b.size == BLOCK) {
                ThreadInfo t = b.thread;
                send();
                start(t);
                b = block;
            }
            int i = b.size++;
            b.kind[i] = kind;
            b.nanos[i] = nanos;
            b.depth[i] = depth;
            b.item[i] = item;
            return i;
        }

        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            slot(ENTER, nanos, depth, method);
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            int i = slot(EXIT, nanos, depth, method);
            block.duration[i] = durationNanos;
            block.exitKind[i] = kind;
            block.exception[i] = exception;
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            int i = slot(CALL, nanos, depth, method);
            block.duration[i] = durationNanos;
            block.exitKind[i] = kind;
            block.exception[i] = exception;
        }

        @Override
        public void other(TraceEvent e) {
            slot(OTHER, e.nanos(), e.depth(), e);
        }
    }
}
