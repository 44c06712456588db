package io.jtrace.query;

import io.jtrace.read.TraceIndex;
import io.jtrace.replay.Cancellation;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One scan of a table over one recording, as DuckDB reads it: the table's replay runs on a thread
 * of its own and fills blocks of rows, which DuckDB's thread takes one by one ({@link #next}) and
 * copies into its vectors, so decoding and DuckDB's work each get a core. A fixed number of blocks
 * circulates, so memory stays bounded and the faster side waits. Only the columns the statement
 * reads are kept. Closing the scan (the statement ended early, failed or was cancelled) stops the
 * replay through a {@link Cancellation}, never an interrupt (that would close the recording's file).
 */
final class Scan implements AutoCloseable {
    /** Rows per block: one DuckDB vector. */
    static final int ROWS = 2048;
    private static final int BLOCKS = 6;

    /** A block of rows: for each column kept, its values; {@code set} says which columns each row set (else NULL). */
    static final class Block {
        final long[][] numbers;
        final String[][] texts;
        final long[] set = new long[ROWS];
        int size;

        Block(int columns) {
            numbers = new long[columns][];
            texts = new String[columns][];
        }

        boolean isSet(int row, int column) {
            return (set[row] >>> column & 1) != 0;
        }
    }

    private static final Block END = new Block(0);

    private final BlockingQueue<Block> free = new ArrayBlockingQueue<>(BLOCKS);
    private final BlockingQueue<Block> full = new ArrayBlockingQueue<>(BLOCKS + 1);
    private final Cancellation cancellation = new Cancellation();
    private volatile boolean stopped;
    private volatile Throwable failure;
    private boolean ended;

    /**
     * Starts the replay of {@code table} over {@code index}, keeping the table's columns
     * {@code kept} (by index in {@link Table#columns()}; -1 stands for a column DuckDB numbers itself).
     */
    Scan(Table table, TraceIndex index, int[] kept) {
        if (kept.length > 64) throw new IllegalArgumentException("at most 64 columns");
        int[] position = new int[table.columns().size()];
        Arrays.fill(position, -1);
        for (int p = 0; p < kept.length; p++) if (kept[p] >= 0) position[kept[p]] = p;
        for (int i = 0; i < BLOCKS; i++) {
            Block b = new Block(kept.length);
            for (int p = 0; p < kept.length; p++) {
                if (kept[p] < 0) continue;
                if (table.columns().get(kept[p]).type() == Column.Type.VARCHAR) b.texts[p] = new String[ROWS];
                else b.numbers[p] = new long[ROWS];
            }
            free.add(b);
        }
        if (!table.present(index)) {
            full.add(END);
            return;
        }
        Thread replay = new Thread(() -> {
            Writer writer = new Writer(position);
            try {
                cancellation.run(() -> {
                    table.rows(index, writer);
                    return null;
                });
                writer.flush();
            } catch (Stop | java.util.concurrent.CancellationException stop) {
                return; // the statement no longer reads
            } catch (Throwable e) {
                failure = e;
            }
            full.add(END);
        }, "jtrace-scan-" + table.name());
        replay.setDaemon(true);
        replay.start();
    }

    /** The next block of rows, or null at the end; throws what the replay failed with. */
    Block next() throws InterruptedException {
        if (ended) return null;
        Block b = full.take();
        if (b == END) {
            ended = true;
            if (failure instanceof RuntimeException e) throw e;
            if (failure instanceof Error e) throw e;
            if (failure != null) throw new IllegalStateException(failure);
            return null;
        }
        return b;
    }

    /** Gives a block back once its rows are copied. */
    void done(Block b) {
        b.size = 0;
        free.add(b);
    }

    @Override
    public void close() {
        stopped = true;
        cancellation.cancel();
        for (Block b; (b = full.poll()) != null; ) if (b != END) done(b);
    }

    /** Thrown on the replay's thread when the scan was closed. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    /** The replay's side: rows into the current block, full blocks handed over. */
    private final class Writer implements Rows {
        private final int[] position;
        private Block block;
        private int row;
        private long set;

        Writer(int[] position) {
            this.position = position;
        }

        @Override
        public boolean wants(int column) {
            return position[column] >= 0;
        }

        @Override
        public void set(int column, long value) {
            int p = position[column];
            if (p < 0) return;
            block().numbers[p][row] = value;
            set |= 1L << p;
        }

        @Override
        public void set(int column, String value) {
            int p = position[column];
            if (p < 0 || value == null) return;
            block().texts[p][row] = value;
            set |= 1L << p;
        }

        @Override
        public void end() {
            Block b = block();
            b.set[row] = set;
            set = 0;
            b.size = ++row;
            if (row == ROWS) flush();
        }

        private Block block() {
            if (block == null) {
                while (block == null) {
                    if (stopped) throw new Stop();
                    try {
                        block = free.poll(100, TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        throw new Stop();
                    }
                }
                row = 0;
            }
            return block;
        }

        void flush() {
            if (block == null || block.size == 0) return;
            Block b = block;
            block = null;
            full.add(b); // never blocks: there are more places than blocks
        }
    }
}
