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

    /**
     * A batch's first record torn: the rollback takes the batch's format unit away with it, so the
     * batch still starts with exactly one (format 2), whether the next record follows or the batch
     * is flushed first.
     */
    @Test
    void aTornFirstRecordTakesTheFormatUnitWithIt() throws Exception {
        ThreadTrace t = new ThreadTrace(Thread.currentThread(), false);
        ThreadTrace u = new ThreadTrace(Thread.currentThread(), false);
        List<RecordedEvent> events = BatchCapture.batches(() -> {
            t.enter(5);
            t.flush(); // the next record is the first of a new batch
            t.depth--;
            t.begin(RecordFormat.EXIT_EXCEPTIONAL, 0, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
            t.putVarLong(12345); // torn here
            t.enter(7);
            t.flush();

            u.enter(5);
            u.flush();
            u.depth--;
            u.begin(RecordFormat.EXIT_EXCEPTIONAL, 0, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
            u.putVarLong(12345); // torn here, then the flusher writes nothing (no whole record)
            u.flush();
            u.enter(8);
            u.flush();
        });
        assertEquals(4, events.size());
        byte[] second = events.get(1).getString("payload").getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(RecordFormat.FORMAT_3, second[0]);
        RecordDecoder d = new RecordDecoder(second);
        d.startBatch();
        expect(d, RecordFormat.RESYNC, 1);
        assertEquals(0, d.readVarInt()); // no frames open before enter 7
        expect(d, RecordFormat.ENTER, 7);
        assertFalse(d.hasMore());

        byte[] fourth = events.get(3).getString("payload").getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(RecordFormat.FORMAT_3, fourth[0]);
        d = new RecordDecoder(fourth);
        d.startBatch();
        expect(d, RecordFormat.RESYNC, 1);
        assertEquals(0, d.readVarInt());
        expect(d, RecordFormat.ENTER, 8);
        assertFalse(d.hasMore());
    }

    private static void expect(RecordDecoder d, int kind, long aux) {
        d.readRecordStart();
        assertEquals(RecordFormat.kindName(kind), RecordFormat.kindName(d.kind));
        assertEquals(aux, d.aux);
    }
}
