package io.jtrace.cli.launch;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the agent keeps the classes it rewrote, for the next run of the same program
 * ({@code $XDG_CACHE_HOME/jtrace/classes/<build>/<scope>}, the scope's directory named by the
 * agent). Bounded here, before each run: the two most recently used builds and, in this build's
 * directory, the {@value #SCOPES} most recently used scopes are kept.
 */
public final class ClassCacheDirectory {
    static final int BUILDS = 2;
    static final int SCOPES = 8;

    private ClassCacheDirectory() {}

    /** The directory for the agent at {@code agentJar} (a build's own cache directory), pruned; null if it cannot be made. */
    public static Path forAgent(Path agentJar) {
        Path root = agentJar.getParent().getParent().resolve("classes");
        Path build = root.resolve(agentJar.getParent().getFileName().toString());
        try {
            Files.createDirectories(build);
            Files.setLastModifiedTime(build, FileTime.fromMillis(System.currentTimeMillis()));
            keepNewest(root, BUILDS);
            keepNewest(build, SCOPES);
            return build;
        } catch (IOException | RuntimeException e) {
            return null; // the program is traced all the same, its classes rewritten afresh
        }
    }

    private static void keepNewest(Path dir, int keep) throws IOException {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(dir, Files::isDirectory)) {
            all.forEach(entries::add);
        }
        if (entries.size() <= keep) return;
        entries.sort(Comparator.comparing(ClassCacheDirectory::modified).reversed());
        for (Path old : entries.subList(keep, entries.size())) deleteTree(old);
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // another run may be using it; left for the next prune
                }
            });
        } catch (IOException | RuntimeException ignored) {
            // left for the next prune
        }
    }
}
