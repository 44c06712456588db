package io.jtrace.cli.launch;

import io.jtrace.read.jfr.ChunkFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A JVM killed with SIGKILL never writes its recording, but the chunks JFR already wrote to its
 * repository are complete recordings of their own: this finds them, and formats concatenates them
 * into a .jfr file ({@link ChunkFiles}, which knows the chunk header).
 */
public final class ChunkRecovery {
    private ChunkRecovery() {}

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
        return ChunkFiles.concatenate(chunks, output);
    }
}
