package io.jtrace.runtime;

import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Format 3 (RecordFormat's class comment): the tracer's bytes are the encoder's, record for record,
 * at every boundary of the first-digit forms and of the varint's digit counts; every char is
 * printable ASCII; the decoder reads back what was written.
 */
class Format3Test {
    private static final long[] IDS = {0, 1, 3, 4, 15, 16, 17, 31, 32, 1007, 1008, 1009, 32255, 32256, 65535, 65536, 1 << 20, Integer.MAX_VALUE};
    private static final long[] DELTAS = {0, 1, 36, 37, 38, 40, 41, 42, 62, 63, 64, 288, 289, 2015, 2016, 8100, 64511, 64512, 1 << 20, 1L << 40, 1L << 45};
    private static final long[] LINES = {0, 1, 2, 3, 4, 7, 8, 251, 252, 8063, 8064, 16384, 1 << 20, Integer.MAX_VALUE};

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
        for (long id : IDS) recs.add(new Rec(RecordFormat.CATCH, id, 9)); // any other kind: format 1's layout behind F3_OTHER

        long base = 1_000_000;
        ThreadTrace t = new ThreadTrace(Thread.currentThread(), false);
        RecordEncoder enc = new RecordEncoder();
        enc.reset(base);
        List<RecordedEvent> events = BatchCapture.batches(() -> {
            long now = base;
            for (Rec r : recs) {
                now += Math.max(0, r.delta);
                if (r.kind == RecordFormat.EXIT && r.delta < 0) {
                    t.beginUntimed(RecordFormat.EXIT, RecordFormat.EXIT_UNTIMED);
                    enc.exitUntimed();
                } else if (r.kind == RecordFormat.EXIT) {
                    t.beginExit(now);
                    enc.exit(now);
                } else if (r.kind == RecordFormat.ENTER) {
                    t.begin(RecordFormat.ENTER, r.aux, now, RecordFormat.MAX_FIXED_RECORD); // as ThreadTrace.enter writes it
                    enc.enter((int) r.aux, now);
                } else if (r.kind == RecordFormat.ENTER_UNTIMED) {
                    t.beginUntimed(RecordFormat.ENTER_UNTIMED, r.aux);
                    enc.enterUntimed((int) r.aux);
                } else {
                    t.begin(r.kind, r.aux, now, RecordFormat.MAX_FIXED_RECORD);
                    enc.encoded(r.kind, r.aux, now, new byte[0]);
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
        assertEquals('>', payload.charAt(0));
        for (int i = 0; i < payload.length(); i++) {
            char c = payload.charAt(i);
            assertTrue(c >= ' ' && c <= '~', "char " + (int) c + " at " + i + " is not printable ASCII");
        }

        RecordDecoder d = new RecordDecoder(payload.getBytes(StandardCharsets.ISO_8859_1));
        d.startBatch();
        assertEquals(3, d.format());
        for (Rec r : recs) {
            int start = d.position();
            d.readRecordStart();
            assertEquals(r, new Rec(d.kind, d.aux, d.delta));
            int size = d.position() - start;
            if (r.kind == RecordFormat.EXIT && r.delta >= 0 && r.delta < 37) assertEquals(1, size, "an exit within 37 ns is one char");
            if (r.kind == RecordFormat.EXIT && r.delta >= 37 && r.delta < 41) assertEquals(1, size, r.toString());
            if (r.kind == RecordFormat.EXIT && r.delta < 0) assertEquals(1, size, "an untimed exit is one char");
            if (r.kind == RecordFormat.ENTER && r.aux < 16) assertEquals(1 + digits(r.delta), size, r.toString());
            if (r.kind == RecordFormat.ENTER_UNTIMED && r.aux < 4) assertEquals(1, size, r.toString());
            if (r.kind == RecordFormat.CATCH) assertEquals(1 + digits((r.aux << 4) | r.kind) + digits(r.delta), size, r.toString());
        }
        assertFalse(d.hasMore());
    }

    /** Format 3's varint digits of {@code v}: one under 63, two under 63 x 32, three under 63 x 32^2, ... */
    private static int digits(long v) {
        int n = 1;
        for (long limit = 63; v >= limit && n < 13; limit *= 32) n++;
        return n;
    }

    @Test
    void varintsTakeTheDigitsTheClassCommentSays() {
        long[] values = {0, 62, 63, 2015, 2016, 64511, 64512, 63L * 32 * 32 * 32 - 1, 63L * 32 * 32 * 32};
        int[] expected = {1, 1, 2, 2, 3, 3, 4, 4, 5};
        for (int i = 0; i < values.length; i++) {
            byte[] b = new byte[RecordFormat.F3_MAX_VARINT];
            assertEquals(expected[i], RecordFormat.putVarLong3(b, 0, values[i]), "digits of " + values[i]);
        }
        byte[] b = new byte[RecordFormat.F3_MAX_VARINT];
        assertEquals(RecordFormat.F3_MAX_VARINT, RecordFormat.putVarLong3(b, 0, -1L), "the longest: an unsigned 2^64 - 1");
        RecordDecoder d = new RecordDecoder();
        d.reset(b, 0, b.length, 3);
        assertEquals(-1L, d.readVarLong());
    }

    @Test
    void aCutOffOrForeignDigitIsReported() {
        RecordDecoder d = new RecordDecoder();
        byte[] cut = {(byte) (' ' + 70)}; // a continuation digit, then the end
        d.reset(cut, 0, 1, 3);
        assertEquals("record cut off at offset 1", assertThrows(IllegalStateException.class, d::readVarLong).getMessage());
        byte[] control = {0x1b};
        d.reset(control, 0, 1, 3);
        assertThrows(IllegalStateException.class, d::readVarLong);
        byte[] batch = {RecordFormat.FORMAT_3, 0x7f};
        d.reset(batch, 0, 2);
        d.startBatch();
        assertThrows(IllegalStateException.class, d::readRecordStart);
    }

    @Test
    void anOlderRecordsBodyIsReEncodedInFormat3() {
        long[] body = {0, 63, 64, 4096, 1L << 40, -1L};
        byte[] units = new byte[64];
        int n = 0;
        for (long v : body) n = RecordFormat.putVarLong(units, n, v);
        RecordDecoder d = new RecordDecoder();
        d.reset(units, 0, n, 1);
        byte[] three = d.bodyInFormat3(0, n);
        byte[] expected = new byte[64];
        int m = 0;
        for (long v : body) m = RecordFormat.putVarLong3(expected, m, v);
        assertArrayEquals(java.util.Arrays.copyOf(expected, m), three);
        d.reset(three, 0, three.length, 3);
        for (long v : body) assertEquals(v, d.readVarLong());
        assertFalse(d.hasMore());
    }
}
