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
 * Nothing is counted while the program runs: a warm-up count of a finished chunk made the end
 * quicker but the program slower, on a core it needed
 * (docs/decisions/2026-11-28-no-count-warm-up.md).
 */
final class RecordingStatsAhead {
    /** How often the marker is looked for while the target runs (one stat call each). */
    private static final long POLL_MILLIS = 10;

    private final Path marker;
    private final Path recording;
    private boolean markerSeen;
    private FutureTask<RecordingStats> count;
    /** The recording's identity when the count began (see {@link RunOutput#identity}). */
    private Object counted;

    RecordingStatsAhead(Path marker, Path recording) {
        this.marker = marker;
        this.recording = recording;
    }

    /** {@link Process#waitFor()}, beginning the count when the marker appears. */
    int waitFor(Process process) throws InterruptedException {
        while (!process.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            if (!markerSeen && Files.exists(marker)) {
                markerSeen = true;
                begin();
            }
        }
        return process.exitValue();
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
}
