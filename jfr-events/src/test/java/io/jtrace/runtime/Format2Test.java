package io.jtrace.runtime;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Format 2 (RecordFormat's class comment; the tracer's from 2026-11-26 to 2026-11-27, so recordings of
 * those builds have it): the encoder's batches at every boundary of the first-unit forms decode back
 * to what was written; no enter, exit or line is longer than in format 1. The tracer itself now
 * writes format 3 ({@link Format3Test}).
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
    void theDecoderReadsBackWhatTheEncoderWrote() {
        List<Rec> recs = new ArrayList<>();
        for (long id : IDS) for (long d : DELTAS) recs.add(new Rec(RecordFormat.ENTER, id, d));
        for (long d : DELTAS) recs.add(new Rec(RecordFormat.EXIT, 0, d));
        for (long id : IDS) recs.add(new Rec(RecordFormat.ENTER_UNTIMED, id, -1));
        recs.add(new Rec(RecordFormat.EXIT, RecordFormat.EXIT_UNTIMED, -1));
        for (long line : LINES) for (long d : DELTAS) recs.add(new Rec(RecordFormat.LINE, line, d));
        recs.add(new Rec(RecordFormat.CATCH, 5, 9)); // any other kind: format 1 behind F2_OTHER (a body would follow)

        long base = 1_000_000;
        RecordEncoder enc = new RecordEncoder(2);
        enc.reset(base);
        long now = base;
        for (Rec r : recs) {
            now += Math.max(0, r.delta());
            if (r.kind() == RecordFormat.EXIT && r.delta() < 0) enc.exitUntimed();
            else if (r.kind() == RecordFormat.EXIT) enc.exit(now);
            else if (r.kind() == RecordFormat.ENTER) enc.enter((int) r.aux(), now);
            else if (r.kind() == RecordFormat.ENTER_UNTIMED) enc.enterUntimed((int) r.aux());
            else enc.encoded(r.kind(), r.aux(), now, new byte[0]);
        }
        String payload = enc.payload();
        assertEquals(RecordFormat.FORMAT_2, payload.charAt(0));

        RecordDecoder d = new RecordDecoder(payload.getBytes(StandardCharsets.ISO_8859_1));
        d.startBatch();
        assertEquals(2, d.format());
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
