package io.jtrace.report;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.analysis.CallVisitor;
import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.DefinitionEvents;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.read.jfr.BatchEvent;
import io.jtrace.read.jfr.BatchScanner;
import io.jtrace.read.jfr.EventValues;
import io.jtrace.replay.Replay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * A quick count of what a recording holds, for the line 'jtrace run' prints at the end. The
 * calls come from the agent's own statistics (its last {@code jtrace.TracerStatistics} event);
 * records, threads and JFR's data loss from the events' headers, without decoding any payload.
 * Only a recording whose statistics do not cover every record (rebuilt from the chunks of a
 * killed JVM) is replayed to count its calls.
 *
 * <p>{@code missingBatches} and {@code missingRecords}: what the agent says it handed to JFR and
 * the file does not hold. The agent counts a batch once its event is committed, so a shortfall
 * is JFR's loss; JDK 17's JFR can drop batches without writing a {@code jdk.DataLoss} event (its
 * recorder thread stalled), and this count is then the only warning there is.
 *
 * <p>{@code untimedCalls}: calls recorded without a duration (shorter than the clock), from the
 * agent's count; -1 when its statistics do not cover the file or predate the count.
 */
public record RecordingStats(long records, long calls, int threads, long bytes, long dataLossBytes, String damage,
                             long missingBatches, long missingRecords, long untimedCalls) {

    public static RecordingStats of(Path file) throws IOException {
        Counter c = new Counter();
        String damage;
        try {
            damage = BatchScanner.scan(file, c, null, Set.of(TracerStatisticsEvent.NAME, DefinitionEvents.DATA_LOSS)).damage();
        } catch (IOException | RuntimeException e) {
            damage = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        // the agent's counters cover the whole file unless the JVM died before writing them last; no
        // calls among records says nothing (a recording filtered before 2026-11-28 counted none), as in TraceIndex
        boolean covered = c.statisticsRecords == c.records && (c.statisticsCalls > 0 || c.records == 0);
        long calls = covered ? c.statisticsCalls : countCalls(file);
        return new RecordingStats(c.records, calls, c.threads.size(), Files.size(file), c.lostBytes, damage,
                Math.max(0, c.statisticsBatches - c.batches), Math.max(0, c.statisticsRecords - c.records),
                covered ? c.statisticsUntimed : -1);
    }

    private static final class Counter implements BatchScanner.Listener {
        long records;
        long batches;
        final Set<Long> threads = new HashSet<>();
        long statisticsRecords = -1;
        long statisticsBatches = -1;
        long statisticsCalls;
        long statisticsUntimed = -1;
        long lostBytes;

        @Override
        public void batch(BatchEvent e) {
            records += e.recordCount;
            batches++;
            threads.add(e.threadId);
        }

        @Override
        public void event(EventValues e) {
            if (e.typeName().equals(TracerStatisticsEvent.NAME)) {
                if (e.getLong("records") >= statisticsRecords) {
                    statisticsRecords = e.getLong("records");
                    statisticsBatches = e.getLong("batches");
                    statisticsCalls = e.has("calls") ? e.getLong("calls") : -1; // -1: an agent that did not count them
                    statisticsUntimed = e.has("untimedCalls") ? e.getLong("untimedCalls") : -1;
                }
            } else {
                lostBytes += e.getLong("amount");
            }
        }
    }

    /** Replays the recording to count its calls (enters: a call with callees or without). */
    private static long countCalls(Path file) {
        CallAdapter.CallCount count = new CallAdapter.CallCount();
        try (TraceIndex index = TraceReader.read(file, null)) {
            Replay.of(index, index.threads()).into(count);
        } catch (IOException | RuntimeException e) {
            // counted what could be read
        }
        return count.calls();
    }
}
