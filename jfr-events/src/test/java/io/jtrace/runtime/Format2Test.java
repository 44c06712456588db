package io.jtrace.runtime;

import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Format 2 (RecordFormat's class comment): the tracer's bytes are the encoder's, record for record,
 * at every boundary of the first-unit forms, and the decoder reads back what was written; no
 * enter, exit or line is longer than in format 1.
 */
class Format2Test {
    private static final long[] IDS = {0, 1, 3, 4, 15, 16, 17, 255, 256, 1023, 1024, 1025, 16383, 16384, 65535, 65536, 1 << 20, Integer.MAX_VALUE};
    private static final long[] DELTAS = {0, 1, 63, 64, 65, 67, 68, 69, 253, 254, 319, 320, 321, 4095, 16447, 16448, 1 << 20, 1L << 40};
    private static final long[] LINES = {0, 1, 2, 3, 4, 127, 128, 255, 256, 8191, 8192, 16384, 1 << 20};

    /** One record: kind, aux, and its time delta (-1: untimed). Java 11 here: no records. */
    private static final class Rec {
        final int kind;
        final long aux;
        final long delta;

        Rec(int kind, long aux, long delta) {
            this.kind = kind;
            this.aux = aux;
            this.delta = delta;
        }

        int kind() { return kind; }
        long aux() { return aux; }
        long delta() { return delta; }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rec && ((Rec) o).kind == kind && ((Rec) o).aux == aux && ((Rec) o).delta == delta;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(kind * 31L + aux * 17 + delta);
        }

        @Override
        public String toString() {
            return RecordFormat.kindName(kind) + " " + aux + " +" + delta;
        }
    }

    @Test
    void theTracerWritesWhatTheEncoderWritesAndTheDecoderReadsItBack() throws Exception {
        List<Rec> recs = new ArrayList<>();
        for (long id : IDS) for (long d : DELTAS) recs.add(new Rec(RecordFormat.ENTER, id, d));
        for (long d : DELTAS) recs.add(new Rec(RecordFormat.EXIT, 0, d));
        for (long id : IDS) recs.add(new Rec(RecordFormat.ENTER_UNTIMED, id, -1));
        recs.add(new Rec(RecordFormat.EXIT, RecordFormat.EXIT_UNTIMED, -1));
        for (long line : LINES) for (long d : DELTAS) recs.add(new Rec(RecordFormat.LINE, line, d));
        recs.add(new Rec(RecordFormat.CATCH, 5, 9)); // any other kind: format 1 behind F2_OTHER (a body would follow)

        long base = 1_000_000;
        ThreadTrace t = new ThreadTrace(Thread.currentThread(), false);
        RecordEncoder enc = new RecordEncoder();
        enc.reset(base);
        List<RecordedEvent> events = BatchCapture.batches(() -> {
            long now = base;
            for (Rec r : recs) {
                now += Math.max(0, r.delta());
                if (r.kind() == RecordFormat.EXIT && r.delta() < 0) {
                    t.beginUntimed(RecordFormat.EXIT, RecordFormat.EXIT_UNTIMED);
                    enc.exitUntimed();
                } else if (r.kind() == RecordFormat.EXIT) {
                    t.beginExit(now);
                    enc.exit(now);
                } else if (r.kind() == RecordFormat.ENTER) {
                    t.begin(RecordFormat.ENTER, r.aux(), now, RecordFormat.MAX_FIXED_RECORD); // as ThreadTrace.enter writes it
                    enc.enter((int) r.aux(), now);
                } else if (r.kind() == RecordFormat.ENTER_UNTIMED) {
                    t.beginUntimed(RecordFormat.ENTER_UNTIMED, r.aux());
                    enc.enterUntimed((int) r.aux());
                } else {
                    t.begin(r.kind(), r.aux(), now, RecordFormat.MAX_FIXED_RECORD);
                    enc.encoded(r.kind(), r.aux(), now, new byte[0]);
                }
                t.recordOpen = false;
            }
            t.flush();
        });
        assertEquals(1, events.size());
        assertEquals(base, events.get(0).getLong("baseNanos"));
        String payload = events.get(0).getString("payload");
        assertEquals(enc.payload(), payload);
        assertEquals(recs.size(), events.get(0).getInt("recordCount"));

        RecordDecoder d = new RecordDecoder(payload.getBytes(StandardCharsets.ISO_8859_1));
        d.startBatch();
        RecordEncoder one = new RecordEncoder(1);
        for (Rec r : recs) {
            int start = d.position();
            d.readRecordStart();
            assertEquals(r, new Rec(d.kind, d.aux, d.delta));
            int size = d.position() - start;
            one.reset(0);
            int before = one.size();
            if (r.kind() == RecordFormat.EXIT && r.delta() >= 0) one.exit(r.delta());
            else if (r.kind() == RecordFormat.EXIT) one.exitUntimed();
            else if (r.kind() == RecordFormat.ENTER_UNTIMED) one.enterUntimed((int) r.aux());
            else one.encoded(r.kind(), r.aux(), r.delta(), new byte[0]);
            int format1 = one.size() - before;
            if (r.kind() == RecordFormat.CATCH) assertEquals(format1 + 1, size, r.toString());
            else assertTrue(size <= format1, r + ": " + size + " units, " + format1 + " in format 1");
            if (r.kind() == RecordFormat.EXIT && r.delta() >= 0 && r.delta() < 64) assertEquals(1, size, "an exit within 64 ns is one unit");
        }
        assertFalse(d.hasMore());
    }
}
