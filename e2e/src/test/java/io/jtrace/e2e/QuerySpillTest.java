package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jtrace query --memory-limit: a query that needs more memory than the limit spills to the
 * query's temporary directory (in TMPDIR; DuckDB's *.tmp files, watched while it runs) and still
 * answers right; the same query under the default limit spills nothing; the directory is gone
 * afterwards.
 */
class QuerySpillTest {
    @TempDir
    Path dir;

    /** A rank over all 1,000,001 calls (a window sorted by duration): the last rank is the number of calls. */
    private static final String QUERY = "SELECT max(r) AS last_rank FROM (SELECT row_number() OVER (ORDER BY duration_ns DESC, call_id) AS r FROM calls)";

    @Test
    void aSmallMemoryLimitSpillsAndAnswersTheSame() throws Exception {
        Path rec = dir.resolve("counter.jfr");
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), rec, List.of(), "counter.Counter", "1000", "1000");
        assertEquals(0, run.exit(), run::toString);

        long spilledSmall = spilledWhileRunning(rec, "16MB");
        assertTrue(spilledSmall > 0, "with --memory-limit 16MB the query spilled nothing");
        long spilledDefault = spilledWhileRunning(rec, null);
        assertEquals(0, spilledDefault, "under the default limit (1GB) nothing needs spilling");
    }

    /** Runs the query with TMPDIR in the test's directory; the most bytes of spill files seen at once while it ran. */
    private long spilledWhileRunning(Path rec, String limit) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp-" + (limit == null ? "default" : limit)));
        List<String> args = new java.util.ArrayList<>(List.of("query"));
        if (limit != null) args.addAll(List.of("--memory-limit", limit));
        args.addAll(List.of(rec.toString(), QUERY));
        Files.deleteIfExists(dir.resolve("out.txt"));
        Process p = Jtrace.start(dir, Map.of("TMPDIR", tmp.toString()), args.toArray(String[]::new));
        long most = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (p.isAlive()) {
            most = Math.max(most, spillBytes(tmp));
            assertTrue(System.nanoTime() < deadline, "jtrace query did not end within 4 minutes");
            Thread.sleep(10);
        }
        String out = Files.readString(dir.resolve("out.txt"));
        String err = Files.readString(dir.resolve("err.txt"));
        assertEquals(0, p.exitValue(), () -> out + err);
        assertTrue(out.lines().anyMatch(l -> l.strip().equals("1000001")), out);
        try (Stream<Path> left = Files.list(tmp)) {
            assertTrue(left.noneMatch(f -> f.getFileName().toString().startsWith("jtrace-query-")), "the spill directory is removed");
        }
        return most;
    }

    private static long spillBytes(Path tmp) {
        try (Stream<Path> files = Files.walk(tmp)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException gone) {
                    return 0;
                }
            }).sum();
        } catch (IOException | java.io.UncheckedIOException changing) {
            return 0;
        }
    }
}
