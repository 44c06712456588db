package io.jtrace.cli.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ClassCacheDirectoryTest {
    @TempDir
    Path cache;

    @Test
    void keepsThisBuildAndTheMostRecentOtherAndTheMostRecentScopes() throws Exception {
        Path agent = cache.resolve("zthisbuild/jtrace-agent.jar");
        Files.createDirectories(agent.getParent());
        Path classes = cache.resolve("classes");
        long now = System.currentTimeMillis();
        for (int i = 0; i < 4; i++) dir(classes.resolve("zold" + i), now - 3_600_000L * (i + 1)); // zold0 the most recent
        for (int i = 0; i < 12; i++) {
            Path scope = classes.resolve("zthisbuild/s" + i);
            Files.createDirectories(scope);
            Files.writeString(scope.resolve("a.B.class-template"), "x");
            dir(scope, now - 60_000L * (i + 1)); // the agent touches a scope's directory when a run uses it
        }
        dir(classes.resolve("zthisbuild"), now - 7_200_000L);

        assertEquals(classes.resolve("zthisbuild"), ClassCacheDirectory.forAgent(agent));
        assertEquals(List.of("zold0", "zthisbuild"), names(classes));
        assertEquals(List.of("s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"), names(classes.resolve("zthisbuild")));
    }

    private static Path dir(Path p, long modified) throws Exception {
        Files.createDirectories(p);
        Files.setLastModifiedTime(p, FileTime.fromMillis(modified));
        return p;
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
