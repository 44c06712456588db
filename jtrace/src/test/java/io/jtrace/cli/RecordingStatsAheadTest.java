package io.jtrace.cli;

import io.jtrace.report.RecordingStats;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecordingStatsAheadTest {
    @TempDir
    Path dir;

    private Path recording() throws IOException {
        Path file = dir.resolve("rec.jfr");
        try (Recording r = new Recording()) {
            r.start();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    /** A process that creates {@code marker} (if given) after a moment, then runs on a little and exits with {@code code}. */
    private static Process target(Path marker, int code) throws IOException {
        String touch = marker == null ? "" : ": > '" + marker + "'; ";
        return new ProcessBuilder("sh", "-c", "sleep 0.1; " + touch + "sleep 0.3; exit " + code).start();
    }

    @Test
    void countsTheRecordingOnceTheAgentSaysItIsWrittenWhileTheTargetStillRuns() throws Exception {
        Path file = recording();
        Path marker = dir.resolve("recording-written");
        RecordingStatsAhead ahead = new RecordingStatsAhead(marker, file);

        assertEquals(3, ahead.waitFor(target(marker, 3)), "the target's exit code");
        assertTrue(ahead.begun());
        assertEquals(RecordingStats.of(file), ahead.statsIfUnchanged());
    }

    @Test
    void withoutTheMarkerOrWithTheFileChangedSinceTheCountIsNotUsed() throws Exception {
        Path file = recording();
        Path marker = dir.resolve("recording-written");

        RecordingStatsAhead none = new RecordingStatsAhead(marker, file);
        assertEquals(0, none.waitFor(target(null, 0)));
        assertFalse(none.begun(), "no word from the agent (it failed to write, or was killed): nothing counted ahead");
        assertNull(none.statsIfUnchanged());

        RecordingStatsAhead changed = new RecordingStatsAhead(marker, file);
        changed.waitFor(target(marker, 0));
        assertTrue(changed.begun());
        Files.write(file, new byte[] {1, 2, 3}, StandardOpenOption.APPEND);
        assertNull(changed.statsIfUnchanged(), "the file is not the one counted");
    }

    @Test
    void aMarkerWithNoRecordingBesideItCountsNothingAhead() throws Exception {
        Path marker = dir.resolve("recording-written");
        RecordingStatsAhead ahead = new RecordingStatsAhead(marker, dir.resolve("missing.jfr"));
        assertEquals(0, ahead.waitFor(target(marker, 0)));
        assertFalse(ahead.begun());
        assertNull(ahead.statsIfUnchanged());
    }
}
