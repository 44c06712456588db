package io.jtrace.runtime;

import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A record torn by a failure inside the tracer (out of stack or memory halfway through its body)
 * is rolled back by the next record, which is preceded by a RESYNC record with the frames open
 * before it: the payload always decodes, and the reader learns where records are missing.
 */
class TornRecordTest {
    @Test
    void aTornRecordIsRolledBackAndFollowedByAResync() throws Exception {
        ThreadTrace t = new ThreadTrace(Thread.currentThread(), false);
        List<RecordedEvent> events = BatchCapture.batches(() -> {
            t.enter(5);
            t.enter(6);
            // exitExceptional of 6 failing after its header and half its body
            t.depth--;
            t.begin(RecordFormat.EXIT_EXCEPTIONAL, 0, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
            t.putVarLong(12345);
            // the next operation: enter 7 (pushed before its record is written)
            t.enter(7);
            // an operation that failed before writing anything (Tracer's handlers mark the trace)
            t.lost = true;
            t.exit(7);
            t.flush();
        });
        assertEquals(1, events.size());
        RecordDecoder d = new RecordDecoder(events.get(0).getString("payload").getBytes(StandardCharsets.ISO_8859_1));
        d.startBatch();
        expect(d, RecordFormat.ENTER, 5);
        expect(d, RecordFormat.ENTER, 6);
        expect(d, RecordFormat.RESYNC, 1);
        assertEquals(1, d.readVarInt()); // frames open before enter 7: just 5
        assertEquals(5, d.readVarInt());
        expect(d, RecordFormat.ENTER, 7);
        expect(d, RecordFormat.RESYNC, 1);
        assertEquals(2, d.readVarInt()); // open before exit 7: 5 and 7
        assertEquals(5, d.readVarInt());
        assertEquals(7, d.readVarInt());
        expect(d, RecordFormat.EXIT, 0);
        assertFalse(d.hasMore());
        assertEquals(5 + 1, events.get(0).getInt("recordCount"));
    }

    @Test
    void aFlushNeverWritesATornRecord() throws Exception {
        ThreadTrace t = new ThreadTrace(Thread.currentThread(), false);
        List<RecordedEvent> events = BatchCapture.batches(() -> {
            t.enter(5);
            // the owner failed halfway through its exceptional exit, then died: the flusher writes its batch
            t.depth--;
            t.begin(RecordFormat.EXIT_EXCEPTIONAL, 0, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
            t.putVarLong(12345);
            t.flush();
        });
        assertEquals(1, events.size());
        assertEquals(1, events.get(0).getInt("recordCount"));
        RecordDecoder d = new RecordDecoder(events.get(0).getString("payload").getBytes(StandardCharsets.ISO_8859_1));
        d.startBatch();
        expect(d, RecordFormat.ENTER, 5);
        assertFalse(d.hasMore());
    }

    private static void expect(RecordDecoder d, int kind, long aux) {
        d.readRecordStart();
        assertEquals(RecordFormat.kindName(kind), RecordFormat.kindName(d.kind));
        assertEquals(aux, d.aux);
    }
}
