package io.jtrace.read;

import java.io.ByteArrayOutputStream;
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
import java.util.function.Supplier;

/**
 * Text lines collected into groups (one per variable) while a trace streams by in time order,
 * then printed group by group. Lines wait in memory up to a budget over all groups; beyond it
 * every group's pending lines are appended to a temporary file as one chunk each. Memory grows
 * with the number of groups (and 16 bytes per spilled chunk), not with the number of lines.
 */
public final class GroupedLines implements AutoCloseable {
    private static final int MEMORY_BUDGET = 8 << 20;

    /** One group: its header and counters are the caller's; its lines live here. */
    public static final class Group {
        public final String header;
        public long reads;
        public long writes;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream(256);
        private long[] chunks = new long[0]; // offset, length pairs in the spill file
        private int chunkCount;

        Group(String header) {
            this.header = header;
        }
    }

    private final Map<Object, Group> groups = new LinkedHashMap<>();
    private FileChannel spill;
    private long spillSize;
    private long buffered;

    /** The group for {@code key}, created with {@code header} on first use (groups keep first-use order). */
    public Group group(Object key, Supplier<String> header) {
        return groups.computeIfAbsent(key, k -> new Group(header.get()));
    }

    public void add(Group g, String line) throws IOException {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        g.pending.write(bytes, 0, bytes.length);
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
        out.print(g.pending.toString(StandardCharsets.UTF_8));
    }

    private void spillAll() throws IOException {
        if (spill == null) {
            Path file = Files.createTempFile("jtrace-vars-", ".txt");
            spill = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
            file.toFile().deleteOnExit();
        }
        for (Group g : groups.values()) {
            if (g.pending.size() == 0) continue;
            byte[] bytes = g.pending.toByteArray();
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) spill.write(b, spillSize + b.position());
            if (2 * g.chunkCount + 2 > g.chunks.length) g.chunks = Arrays.copyOf(g.chunks, Math.max(8, g.chunks.length * 2));
            g.chunks[2 * g.chunkCount] = spillSize;
            g.chunks[2 * g.chunkCount + 1] = bytes.length;
            g.chunkCount++;
            spillSize += bytes.length;
            g.pending.reset();
        }
        buffered = 0;
    }

    @Override
    public void close() throws IOException {
        if (spill != null) spill.close();
    }
}
