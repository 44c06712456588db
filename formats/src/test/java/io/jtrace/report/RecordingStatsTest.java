package io.jtrace.report;

import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.read.TestBatches;
import io.jtrace.runtime.RecordEncoder;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The agent's own count of what it handed to JFR against what the file holds: the only sign of
 * batches JDK 17's JFR drops without a jdk.DataLoss event.
 */
class RecordingStatsTest {
    @TempDir
    Path dir;

    /** Three batches of two calls each in the file; the agent's statistics claim {@code batches} and {@code records}. */
    private Path recording(long batches, long records) throws Exception {
        return recording(batches, records, records / 2);
    }

    /** As above, the agent's statistics claiming {@code calls}. */
    private Path recording(long batches, long records, long calls) throws Exception {
        Path file = dir.resolve("rec-" + batches + "-" + records + "-" + calls + ".jfr");
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(1);
            for (int sequence = 0; sequence < 3; sequence++) {
                RecordEncoder enc = new RecordEncoder();
                enc.reset(1_000 * (sequence + 1));
                enc.enter(1, 1_000 * (sequence + 1));
                enc.exit(1_000 * (sequence + 1) + 50);
                enc.enter(1, 1_000 * (sequence + 1) + 100);
                enc.exit(1_000 * (sequence + 1) + 150);
                TestBatches.batch(enc, 1, "main", sequence).commit();
            }
            TracerStatisticsEvent stats = new TracerStatisticsEvent();
            stats.batches = batches;
            stats.records = records;
            stats.calls = calls;
            stats.untimedCalls = 1;
            stats.commit();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    @Test
    void everythingTheAgentHandedToJfrIsThere() throws Exception {
        RecordingStats s = RecordingStats.of(recording(3, 12));
        assertEquals(12, s.records());
        assertEquals(6, s.calls(), "the agent's count, as it covers every record");
        assertEquals(0, s.missingBatches());
        assertEquals(0, s.missingRecords());
        assertEquals(1, s.untimedCalls(), "the agent's count");
    }

    @Test
    void batchesJfrDroppedSilentlyAreCounted() throws Exception {
        RecordingStats s = RecordingStats.of(recording(5, 20));
        assertEquals(12, s.records());
        assertEquals(2, s.missingBatches());
        assertEquals(8, s.missingRecords());
        assertEquals(6, s.calls(), "counted in the file when the agent's count covers more than it holds");
        assertEquals(0, s.dataLossBytes(), "no jdk.DataLoss event: this count is the only sign");
    }

    @Test
    void statisticsWrittenBeforeTheLastBatchesAreNoLoss() throws Exception {
        RecordingStats s = RecordingStats.of(recording(2, 8));
        assertEquals(0, s.missingBatches());
        assertEquals(0, s.missingRecords());
        assertEquals(6, s.calls(), "replayed: the agent's count covers less than the file");
        assertEquals(-1, s.untimedCalls(), "not known: the agent's count covers less than the file");
    }

    /** Statistics that count no calls among their records (a recording filtered before 2026-11-28) say nothing of them. */
    @Test
    void noCallsAmongRecordsIsNotAnAnswer() throws Exception {
        RecordingStats s = RecordingStats.of(recording(3, 12, 0));
        assertEquals(6, s.calls(), "replayed");
        assertEquals(-1, s.untimedCalls(), "not known");
    }
}
