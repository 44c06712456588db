package io.jtrace.cli;

import io.jtrace.report.RecordingStats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * The count behind {@code jtrace run}'s closing line, begun as soon as the agent says the
 * recording's file is complete (it creates {@code marker}, its {@code written=} option) rather than
 * once the target's process is gone: the JVM still runs JFR's own shutdown, removes its repository
 * and exits, which takes a while for a large recording, while this reads the file on the other core
 * (bench/README.md, "the same builds measured again, and where a traced PDFBox run's CPU goes").
 * The count is used only if the file has not changed since; otherwise the report counts afresh.
 * Before that, while the program runs, the first finished chunk of the JFR repository is counted
 * once and the result dropped: the counting code is then compiled when the recording is counted,
 * which in this C1-only JVM more than halves the count
 * (docs/decisions/2026-11-26-closing-line-counted-ahead.md).
 */
final class RecordingStatsAhead {
    /** How often the marker is looked for while the target runs (one stat call each). */
    private static final long POLL_MILLIS = 10;
    /** How often the repository is looked at for a chunk to warm up on, until one is found. */
    private static final long WARM_UP_POLL_NANOS = 100_000_000L;

    private final Path marker;
    private final Path recording;
    /** The target's JFR repository (jtrace run's), whose chunks the warm-up reads; null = no warm-up. */
    private final Path repository;
    private boolean warmedUp;
    private long nextWarmUpLook;
    private boolean markerSeen;
    private FutureTask<RecordingStats> count;
    /** The recording's identity when the count began (see {@link RunOutput#identity}). */
    private Object counted;

    RecordingStatsAhead(Path marker, Path recording, Path repository) {
        this.marker = marker;
        this.recording = recording;
        this.repository = repository;
    }

    /** {@link Process#waitFor()}, beginning the count when the marker appears. */
    int waitFor(Process process) throws InterruptedException {
        while (!process.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            if (!markerSeen && Files.exists(marker)) {
                markerSeen = true;
                begin();
            }
            if (!markerSeen && !warmedUp && repository != null && System.nanoTime() - nextWarmUpLook >= 0) warmUp();
        }
        return process.exitValue();
    }

    /** Counts the repository's oldest chunk once there is a newer one (JFR has finished it), dropping the result. */
    private void warmUp() {
        nextWarmUpLook = System.nanoTime() + WARM_UP_POLL_NANOS;
        java.util.List<Path> chunks;
        try {
            chunks = io.jtrace.cli.launch.ChunkRecovery.chunks(repository);
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return; // not there yet
        }
        if (chunks.size() < 2) return;
        warmedUp = true;
        Path finished = chunks.get(0);
        Thread t = new Thread(() -> {
            try {
                RecordingStats.of(finished);
            } catch (Exception | StackOverflowError ignored) {
                // only a warm-up: the chunk may be gone already
            }
        }, "jtrace-count-warm-up");
        t.setDaemon(true);
        t.start();
    }

    private void begin() {
        counted = RunOutput.identity(recording);
        if (counted == null) return; // not there, or empty: nothing to count ahead
        count = new FutureTask<>(() -> RecordingStats.of(recording));
        Thread t = new Thread(count, "jtrace-count-ahead");
        t.setDaemon(true);
        t.start();
    }

    /** The count, if it was begun and the file is still the one it read; null otherwise (or if it failed). */
    RecordingStats statsIfUnchanged() {
        if (count == null || !counted.equals(RunOutput.identity(recording))) return null;
        try {
            return count.get();
        } catch (ExecutionException e) {
            return null; // counted again by the caller, which reports what went wrong
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Whether the count was begun (for tests). */
    boolean begun() {
        return count != null;
    }

    /** Whether a finished chunk was found to warm up on (for tests). */
    boolean warmedUp() {
        return warmedUp;
    }
}
