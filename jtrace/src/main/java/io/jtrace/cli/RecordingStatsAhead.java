package io.jtrace.cli;

import io.jtrace.read.RecordingStats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * The count behind {@code jtrace run}'s closing line, begun as soon as the agent says the
 * recording's file is complete (it creates {@code marker}, its {@code written=} option) rather than
 * once the target's process is gone: the JVM still runs JFR's own shutdown, removes its repository
 * and exits, 50-100 ms for a 230 MB recording here, while this reads the file on the other core.
 * The count is used only if the file has not changed since; otherwise the report counts afresh.
 */
final class RecordingStatsAhead {
    /** How often the marker is looked for while the target runs (one stat call each). */
    private static final long POLL_MILLIS = 10;

    private final Path marker;
    private final Path recording;
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
            if (count == null && Files.exists(marker)) begin();
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
