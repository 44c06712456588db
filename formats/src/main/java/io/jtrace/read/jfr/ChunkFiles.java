package io.jtrace.read.jfr;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The chunk-concatenation rule: a .jfr file is its chunks one after another, so chunk files
 * (those a killed JVM left in its JFR repository) concatenated in order are a recording. A chunk
 * still being written is kept up to the size its header declares (JDK 14+ updates it at each
 * flush) and marked finished; one with no declared size yet, or declaring more than the file
 * holds, is left out.
 */
public final class ChunkFiles {
    private ChunkFiles() {}

    /** Writes {@code chunks}, in the order given, into {@code output}; returns how many were kept (0: the output is deleted). */
    public static int concatenate(List<Path> chunks, Path output) throws IOException {
        int kept = 0;
        try (OutputStream out = Files.newOutputStream(output)) {
            for (Path chunk : chunks) {
                long declared = declaredSize(chunk);
                if (declared <= ChunkHeader.SIZE || declared > Files.size(chunk)) continue;
                copy(chunk, declared, out);
                kept++;
            }
        }
        if (kept == 0) Files.deleteIfExists(output);
        return kept;
    }

    /** The first {@code declared} bytes of {@code chunk}, its header's file state set to finished. */
    private static void copy(Path chunk, long declared, OutputStream out) throws IOException {
        try (FileChannel ch = FileChannel.open(chunk, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(1 << 16);
            long left = declared;
            boolean header = true;
            while (left > 0) {
                buf.clear();
                if (left < buf.capacity()) buf.limit((int) left);
                int n = ch.read(buf);
                if (n < 0) break;
                if (header && n > ChunkHeader.FILE_STATE_AT) {
                    // A chunk in progress says so in its header; newer JDKs' readers (jfr, JMC) refuse
                    // such a file ("stuck in locked stream state"). Only what its last flush declared
                    // complete is kept, so it is marked finished.
                    buf.array()[ChunkHeader.FILE_STATE_AT] = 0;
                }
                header = false;
                out.write(buf.array(), 0, n);
                left -= n;
            }
        }
    }

    /** The size {@code chunk}'s header declares; -1 if it has no header (too short, or not a chunk). */
    static long declaredSize(Path chunk) throws IOException {
        try (FileChannel ch = FileChannel.open(chunk, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(ChunkHeader.SIZE_AT + 8).order(ByteOrder.BIG_ENDIAN);
            while (head.hasRemaining() && ch.read(head) > 0) {
                // read as far as the size
            }
            if (head.hasRemaining() || head.getInt(0) != ChunkHeader.MAGIC) return -1;
            return head.getLong(ChunkHeader.SIZE_AT);
        }
    }
}
