package io.jtrace.runtime;

import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * When the clock steps back, both encoders (the tracer's {@link ThreadTrace} and
 * {@link RecordEncoder}, which {@code jtrace filter} uses) follow one rule: the record gets a zero
 * delta and the time stays where it was, so the reader's running sum of deltas is never ahead of
 * the clock. (ThreadTrace used to move its last time back while writing 0: every later record
 * then read later than it happened.)
 */
class ClockStepsBackTest {
    private static final long[] TIMES = {1_000, 2_000, 1_500, 3_000, 2_900, 2_950, 4_000};
    private static final List<Long> READ = List.of(1_000L, 2_000L, 2_000L, 3_000L, 3_000L, 3_000L, 4_000L);

    @Test
    void theTracerNeverDriftsAhead() throws Exception {
        ThreadTrace t = new ThreadTrace(Thread.currentThread(), false);
        long[] base = new long[1];
        List<RecordedEvent> events = BatchCapture.batches(() -> {
            for (long time : TIMES) {
                t.begin(RecordFormat.LINE, 7, time, RecordFormat.MAX_FIXED_RECORD);
                t.recordOpen = false;
            }
            t.flush();
        });
        assertEquals(1, events.size());
        base[0] = events.get(0).getLong("baseNanos");
        assertEquals(READ, times(events.get(0).getString("payload"), base[0]));
    }

    @Test
    void theFilterEncoderFollowsTheSameRule() {
        RecordEncoder e = new RecordEncoder();
        e.reset(TIMES[0]);
        for (long time : TIMES) e.encoded(RecordFormat.LINE, 7, time, new byte[0]);
        assertEquals(READ, times(e.payload(), e.baseNanos()));
    }

    /** What a reader makes of the records' times: the base plus the running sum of deltas. */
    private static List<Long> times(String payload, long base) {
        RecordDecoder d = new RecordDecoder(payload.getBytes(StandardCharsets.ISO_8859_1));
        d.startBatch(); // the tracer writes format 2, the filter's encoder format 1
        List<Long> times = new ArrayList<>();
        long now = base;
        while (d.hasMore()) {
            d.readRecordStart(); // LINE: no body
            now += d.delta;
            times.add(now);
        }
        return times;
    }
}
