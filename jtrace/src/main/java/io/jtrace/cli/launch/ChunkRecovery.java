package io.jtrace.cli.launch;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * A JVM killed with SIGKILL never writes its recording, but the chunks JFR already wrote to its
 * repository are complete recordings of their own: concatenated, they are a valid .jfr file.
 * A chunk still being written is kept up to the size its header declares (JDK 14+ updates it
 * at each flush); one with no declared size is skipped.
 */
public final class ChunkRecovery {
    private ChunkRecovery() {}

    /** Offset of the chunk header's file-state byte (0 = finished, non-zero = being written). */
    private static final int FILE_STATE = 64;

    /** True if JFR created any chunk in {@code repository}: the target got as far as recording. */
    public static boolean hasChunks(Path repository) throws IOException {
        return !chunks(repository).isEmpty();
    }

    /**
     * The chunk files under {@code repository} (JFR makes a directory per JVM in it), oldest first:
     * JFR names them by the time they were begun. Empty if there is no such directory.
     */
    public static List<Path> chunks(Path repository) throws IOException {
        if (!Files.isDirectory(repository)) return List.of();
        try (Stream<Path> files = Files.walk(repository)) {
            return files.filter(p -> p.toString().endsWith(".jfr") && Files.isRegularFile(p)).sorted().toList();
        }
    }

    /** Result: how many chunks were recovered into {@code output}. */
    public static int recover(Path repository, Path output) throws IOException {
        return recover(repository, output, null);
    }

    /**
     * As {@link #recover(Path, Path)}, only chunks written to since {@code since} (null: all): an
     * attached JVM's repository may still hold chunks of recordings from before the attach.
     */
    public static int recover(Path repository, Path output, java.nio.file.attribute.FileTime since) throws IOException {
        if (!Files.isDirectory(repository)) return 0;
        List<Path> chunks = new java.util.ArrayList<>(chunks(repository));
        if (since != null) chunks.removeIf(c -> {
            try {
                return Files.getLastModifiedTime(c).compareTo(since) < 0;
            } catch (IOException e) {
                return true;
            }
        });
        int recovered = 0;
        try (OutputStream out = Files.newOutputStream(output)) {
            for (Path chunk : chunks) {
                long declared = declaredSize(chunk);
                long actual = Files.size(chunk);
                if (declared <= 68 || declared > actual) continue;
                try (FileChannel ch = FileChannel.open(chunk, StandardOpenOption.READ)) {
                    ByteBuffer buf = ByteBuffer.allocate(1 << 16);
                    long left = declared;
                    boolean header = true;
                    while (left > 0) {
                        buf.clear();
                        if (left < buf.capacity()) buf.limit((int) left);
                        int n = ch.read(buf);
                        if (n < 0) break;
                        if (header && n > FILE_STATE) {
                            // A chunk in progress says so in its header; newer JDKs' readers (jfr, JMC)
                            // refuse such a file ("stuck in locked stream state"). We keep only what its
                            // last flush declared complete, so mark it finished.
                            buf.array()[FILE_STATE] = 0;
                        }
                        header = false;
                        out.write(buf.array(), 0, n);
                        left -= n;
                    }
                }
                recovered++;
            }
        }
        if (recovered == 0) Files.deleteIfExists(output);
        return recovered;
    }

    /** The chunk header: magic "FLR\0", major, minor (2 bytes each), then the chunk size (8, big-endian). */
    private static long declaredSize(Path chunk) throws IOException {
        try (FileChannel ch = FileChannel.open(chunk, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN);
            while (head.hasRemaining() && ch.read(head) > 0) {
                // read the header
            }
            if (head.position() < 16) return -1;
            head.flip();
            if (head.getInt() != 0x464c5200) return -1;
            head.getInt();
            return head.getLong();
        }
    }
}
