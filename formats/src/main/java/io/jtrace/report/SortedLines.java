package io.jtrace.report;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Text lines collected while a trace streams by, printed at the end in the order of two keys
 * (ties: the order they came in), all of them or only the first few. Keeping the first N holds N
 * lines; keeping all holds up to 8 MB of lines in memory and writes each such run, sorted, to a
 * temporary file, then merges the runs: memory does not grow with the number of lines.
 */
public final class SortedLines implements AutoCloseable {
    private static final long MEMORY_BUDGET = 8 << 20;
    private static final Comparator<Line> ORDER = Comparator.comparingLong(Line::key1).thenComparingLong(Line::key2)
            .thenComparingLong(Line::seq);

    private record Line(long key1, long key2, long seq, String text) {}

    private final int keep;
    private final PriorityQueue<Line> first; // keep > 0: the greatest of the first N on top
    private final List<Line> run = new ArrayList<>();
    private long runBytes;
    private Path spillFile;
    private FileChannel spill;
    private final List<long[]> runs = new ArrayList<>(); // offset, length in the spill file
    private long seq;

    /** {@code keep}: how many lines to print at most (the first in key order); 0 for all. */
    public SortedLines(int keep) {
        this.keep = keep;
        this.first = keep > 0 ? new PriorityQueue<>(ORDER.reversed()) : null;
    }

    /** How many lines were added. */
    public long added() {
        return seq;
    }

    public void add(long key1, long key2, String text) throws IOException {
        Line line = new Line(key1, key2, seq++, text);
        if (first != null) {
            first.add(line);
            if (first.size() > keep) first.poll();
            return;
        }
        run.add(line);
        runBytes += 48 + 2L * text.length();
        if (runBytes > MEMORY_BUDGET) spillRun();
    }

    /** Prints the lines kept, in order, one per line. */
    public void writeTo(PrintWriter out) throws IOException {
        if (first != null) {
            List<Line> lines = new ArrayList<>(first);
            lines.sort(ORDER);
            for (Line l : lines) out.println(l.text());
            return;
        }
        if (runs.isEmpty()) {
            run.sort(ORDER);
            for (Line l : run) out.println(l.text());
            return;
        }
        if (!run.isEmpty()) spillRun();
        merge(out);
    }

    private void spillRun() throws IOException {
        run.sort(ORDER);
        if (spill == null) {
            spillFile = Files.createTempFile("jtrace-calls-", ".bin");
            spill = FileChannel.open(spillFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        long start = spill.size();
        spill.position(start);
        DataOutputStream o = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(spill), 1 << 16));
        for (Line l : run) {
            o.writeLong(l.key1());
            o.writeLong(l.key2());
            o.writeLong(l.seq());
            byte[] b = l.text().getBytes(StandardCharsets.UTF_8);
            o.writeInt(b.length);
            o.write(b);
        }
        o.flush();
        runs.add(new long[] {start, spill.size() - start});
        run.clear();
        runBytes = 0;
    }

    /** One spilled run, read back in order. */
    private final class RunReader {
        private final DataInputStream in;
        private long left;
        Line head;

        RunReader(long offset, long length) throws IOException {
            FileChannel c = FileChannel.open(spillFile, StandardOpenOption.READ).position(offset);
            InputStream s = Channels.newInputStream(c);
            this.in = new DataInputStream(new BufferedInputStream(s, 1 << 16));
            this.left = length;
        }

        boolean advance() throws IOException {
            if (left <= 0) {
                head = null;
                in.close();
                return false;
            }
            try {
                long k1 = in.readLong();
                long k2 = in.readLong();
                long s = in.readLong();
                byte[] b = new byte[in.readInt()];
                in.readFully(b);
                left -= 28 + b.length;
                head = new Line(k1, k2, s, new String(b, StandardCharsets.UTF_8));
                return true;
            } catch (EOFException e) {
                throw new IOException("the spill file of sorted lines ended early", e);
            }
        }
    }

    private void merge(PrintWriter out) throws IOException {
        PriorityQueue<RunReader> heads = new PriorityQueue<>((a, b) -> ORDER.compare(a.head, b.head));
        for (long[] r : runs) {
            RunReader reader = new RunReader(r[0], r[1]);
            if (reader.advance()) heads.add(reader);
        }
        while (!heads.isEmpty()) {
            RunReader r = heads.poll();
            out.println(r.head.text());
            if (r.advance()) heads.add(r);
        }
    }

    @Override
    public void close() throws IOException {
        if (spill != null) {
            spill.close();
            Files.deleteIfExists(spillFile);
        }
    }
}
