package io.jtrace.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a stopped recording's file from the chunks in the JFR repository: the chunks whose time
 * overlaps the recording, in order, copied by the kernel ({@link FileChannel#transferTo}). JFR's
 * own dump copies through user-space buffers and then forces the file to disk, several times
 * slower at the JVM's end (bench/README.md, "classes kept between runs, the recording copied by
 * the kernel"); this way the file reaches the disk when the OS writes it, as any file a program
 * writes. Refuses (throws) rather than write a file JFR would not have
 * written: a chunk that is not finished, none at all; the caller then lets JFR write it.
 */
final class ChunkCopy {
    /**
     * A chunk header: magic, version, size (at 8), constant pool and metadata offsets, start (ns
     * since the epoch, at 32), duration (at 40), ticks, the file state (at 64: 0 once finished).
     * formats' ChunkHeader is the layout's description; the agent cannot depend on formats
     * (docs/design/reading.md, "JFR chunks"), so it keeps the offsets it reads.
     */
    private static final int HEADER = 68;
    private static final int FILE_STATE = 64;
    private static final int MAGIC = 0x464C5200; // "FLR\0"

    private ChunkCopy() {}

    private static final class Chunk {
        final Path file;
        final long startNanos;
        final long durationNanos;

        Chunk(Path file, long startNanos, long durationNanos) {
            this.file = file;
            this.startNanos = startNanos;
            this.durationNanos = durationNanos;
        }
    }

    /** Writes {@code output} from the chunks overlapping {@code [startNanos, stopNanos]}; returns how many. */
    static int write(Path repository, long startNanos, long stopNanos, Path output) throws IOException {
        List<Chunk> chunks = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(repository, "*.jfr")) {
            for (Path f : files) {
                Chunk c = read(f);
                if (c.startNanos <= stopNanos && c.startNanos + c.durationNanos >= startNanos) chunks.add(c);
            }
        }
        if (chunks.isEmpty()) throw new IOException("no chunk of the recording in " + repository);
        chunks.sort(Comparator.comparingLong(c -> c.startNanos));
        try (FileChannel out = openUntruncated(output)) {
            for (Chunk c : chunks) {
                try (FileChannel in = FileChannel.open(c.file, StandardOpenOption.READ)) {
                    long size = in.size();
                    for (long at = 0; at < size; ) {
                        long n = in.transferTo(at, size - at, out);
                        if (n <= 0) throw new IOException("copying " + c.file + " stopped at byte " + at + " of " + size);
                        at += n;
                    }
                }
            }
        }
        return chunks.size();
    }

    /**
     * The output, opened to be written from its first byte without truncating a file: on ext4
     * (auto_da_alloc) closing a file that was truncated and written again makes the closing thread
     * start writing all of it to disk at once, between the program's end and the JVM's
     * (docs/decisions/2026-11-26-recording-file-never-truncated.md). An empty file (jtrace run
     * makes the recording's file up front, owner-only) is
     * written in place; a file with an earlier recording in it is replaced by a new, owner-only
     * file; a symbolic link is written through, truncated, as before.
     */
    static FileChannel openUntruncated(Path output) throws IOException {
        if (Files.isSymbolicLink(output) || (Files.exists(output) && !Files.isRegularFile(output))) {
            return FileChannel.open(output, StandardOpenOption.WRITE, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
        }
        if (Files.isRegularFile(output)) {
            if (Files.size(output) == 0) return FileChannel.open(output, StandardOpenOption.WRITE);
            Files.delete(output);
        }
        java.util.Set<StandardOpenOption> create = java.util.EnumSet.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
        try {
            return FileChannel.open(output, create, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(RecordingControl.OWNER_ONLY));
        } catch (UnsupportedOperationException notPosix) {
            return FileChannel.open(output, create);
        }
    }

    /** A finished chunk's header (its size field is the file's size); anything else refuses the copy. */
    private static Chunk read(Path file) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer h = ByteBuffer.allocate(HEADER);
            while (h.hasRemaining() && in.read(h) > 0) {
                // read the whole header
            }
            if (h.hasRemaining() || h.getInt(0) != MAGIC) throw new IOException(file + " is not a JFR chunk");
            if (h.get(FILE_STATE) != 0 || h.getLong(8) != in.size()) throw new IOException(file + " is not a finished chunk");
            return new Chunk(file, h.getLong(32), h.getLong(40));
        }
    }
}
