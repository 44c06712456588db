package io.jtrace.cli.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a new archive's making clears away in the archives' directory. */
class ClassArchivePruneTest {
    @TempDir
    Path dir;

    @Test
    void keepsTheNewestArchivesAndDropsWhatKilledCommandsLeft() throws Exception {
        long now = System.currentTimeMillis();
        file("a.jsa", now - 3 * 3_600_000L);
        file("a.jsa.size", now - 3 * 3_600_000L);
        file("b.jsa", now - 2 * 3_600_000L);
        file("b.jsa.size", now - 2 * 3_600_000L);
        file("c.jsa", now - 3_600_000L);
        file("c.jsa.size", now - 3_600_000L);
        file("1.100.classes", now - 2 * ClassArchive.STALE_LIST_MILLIS); // a command killed yesterday
        file("2.200.classes", now - 60_000); // a command running now lists its classes
        file("d.jsa.lock", now - 2 * 3_600_000L); // a dump that died
        file("e.jsa.lock", now - 60_000); // a dump under way

        ClassArchive.prune(dir);

        // KEEP - 1 archives kept beside the one being made
        assertEquals(List.of("2.200.classes", "b.jsa", "b.jsa.size", "c.jsa", "c.jsa.size", "e.jsa.lock"), names());
    }

    private void file(String name, long modified) throws Exception {
        Path p = Files.writeString(dir.resolve(name), "x");
        Files.setLastModifiedTime(p, FileTime.fromMillis(modified));
    }

    private List<String> names() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
