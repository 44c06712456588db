package io.jtrace.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Text lines collected into groups (one per variable) while a trace streams by in time order,
 * then printed group by group. Lines wait in memory up to a budget over all groups; beyond it
 * every group's pending lines are appended to a temporary file as one chunk each. Memory grows
 * with the number of groups (and 16 bytes per spilled chunk), not with the number of lines.
 */
public final class GroupedLines implements AutoCloseable {
    private static final int MEMORY_BUDGET = 8 << 20;

    /**
     * One group: its key and counters are the caller's; its lines live here. No header is kept: the
     * caller makes it from the key when it prints (a String per group was ~140 bytes of millions).
     */
    public static final class Group {
        public final Object key;
        public long reads;
        public long writes;
        /**
         * Lines not spilled yet, made on first use and dropped at each spill: millions of groups (a
         * field of every object of a parser) each holding an emptied buffer of its largest size
         * made the shell's {@code vars} hold hundreds of MB (bench/README.md, "vars in the shell").
         */
        private byte[] pending;
        private int pendingSize;
        private long[] chunks; // offset, length pairs in the spill file
        private int chunkCount;

        Group(Object key) {
            this.key = key;
        }
    }

    private final Map<Object, Group> groups = new LinkedHashMap<>();
    private FileChannel spill;
    private long spillSize;
    private long buffered;

    /** The group for {@code key}, created on first use (groups keep first-use order). */
    public Group group(Object key) {
        return groups.computeIfAbsent(key, Group::new);
    }

    public void add(Group g, String line) throws IOException {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        int size = g.pendingSize + bytes.length;
        if (g.pending == null || size > g.pending.length) {
            g.pending = Arrays.copyOf(g.pending == null ? new byte[0] : g.pending, Math.max(size, Math.max(64, 2 * g.pendingSize)));
        }
        System.arraycopy(bytes, 0, g.pending, g.pendingSize, bytes.length);
        g.pendingSize = size;
        buffered += bytes.length;
        if (buffered > MEMORY_BUDGET) spillAll();
    }

    public Collection<Group> groups() {
        return groups.values();
    }

    /** Prints a group's lines in the order they were added. */
    public void print(Group g, PrintWriter out) throws IOException {
        for (int i = 0; i < g.chunkCount; i++) {
            ByteBuffer b = ByteBuffer.allocate((int) g.chunks[2 * i + 1]);
            long at = g.chunks[2 * i];
            while (b.hasRemaining()) {
                int n = spill.read(b, at + b.position());
                if (n < 0) throw new IOException("spill file ended early");
            }
            out.print(new String(b.array(), StandardCharsets.UTF_8));
        }
        if (g.pendingSize > 0) out.print(new String(g.pending, 0, g.pendingSize, StandardCharsets.UTF_8));
    }

    private void spillAll() throws IOException {
        if (spill == null) {
            Path file = Files.createTempFile("jtrace-vars-", ".txt");
            spill = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
            file.toFile().deleteOnExit();
        }
        for (Group g : groups.values()) {
            if (g.pendingSize == 0) continue;
            ByteBuffer b = ByteBuffer.wrap(g.pending, 0, g.pendingSize);
            while (b.hasRemaining()) spill.write(b, spillSize + b.position());
            if (g.chunks == null) g.chunks = new long[2];
            else if (2 * g.chunkCount + 2 > g.chunks.length) g.chunks = Arrays.copyOf(g.chunks, g.chunks.length * 2);
            g.chunks[2 * g.chunkCount] = spillSize;
            g.chunks[2 * g.chunkCount + 1] = g.pendingSize;
            g.chunkCount++;
            spillSize += g.pendingSize;
            g.pending = null;
            g.pendingSize = 0;
        }
        buffered = 0;
    }

    @Override
    public void close() throws IOException {
        if (spill != null) spill.close();
    }
}
