package io.jtrace.runtime;

import io.jtrace.events.TraceBatchEvent;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Writes records with the runtime's own encoder into a real {@code jtrace.TraceBatch} event,
 * lets JFR write and read it back, and decodes the payload with {@link RecordDecoder}.
 */
class RecordEncodingRoundTripTest {
    private static final long[] UNSIGNED = {0, 1, 62, 63, 64, 2015, 2016, 4095, 4096, 64511, 64512, 1L << 35, Long.MAX_VALUE, -1L, Long.MIN_VALUE};
    private static final long[] SIGNED = {0, 1, -1, 63, -64, 64, Long.MAX_VALUE, Long.MIN_VALUE};
    private static final String[] STRINGS = {null, "", "plain ascii", "héllo wörld ✓ 日本 \uD83D\uDE00", "\u0000\u007f\u0080\uffff",
        // every class of char: C0 and C1 controls, DEL, XML's forbidden ones, a lone surrogate, and format 3's digit boundaries (62|63, 2015|2016, 64511|64512)
        "\u0001\u001b\t\n\r\u009b\u009f\u00a0\u00ff\ud800\ufffe\u003e\u003f\u07df\u07e0\ufbff\ufc00"};
    private static final int[] AUX = {0, 1, 15, 16, 62, 63, 64, 1007, 1008, 1 << 20, Integer.MAX_VALUE};

    @Test
    void everyValueSurvivesJfr() throws Exception {
        FlightRecorder.register(TraceBatchEvent.class);
        Path file = Files.createTempFile("jtrace-roundtrip", ".jfr");
        ThreadTrace trace = new ThreadTrace(Thread.currentThread(), false);
        long base = 1_000_000_000L;
        try (Recording r = new Recording()) {
            r.enable(TraceBatchEvent.NAME).withoutThreshold().withoutStackTrace();
            r.start();
            long now = base;
            for (int aux : AUX) {
                now += 1000;
                trace.begin(RecordFormat.ENTER, aux, now, RecordFormat.MAX_FIXED_RECORD);
                trace.recordOpen = false;
            }
            trace.begin(RecordFormat.EXIT, 0, now - 5, 2 * RecordFormat.MAX_FIXED_RECORD); // clock went back: delta 0
            for (long v : UNSIGNED) trace.putVarLong(v);
            for (long v : SIGNED) trace.putZigZag(v);
            trace.recordOpen = false;
            trace.begin(RecordFormat.EXIT_EXCEPTIONAL, 0, now + 64, ThreadTrace.stringRoom(40) * STRINGS.length + 64);
            for (String s : STRINGS) trace.putString(s, 40);
            trace.putString("truncated to five", 5);
            trace.recordOpen = false;
            trace.flush();
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) if (e.getEventType().getName().equals(TraceBatchEvent.NAME)) events.add(e);
        Files.delete(file);
        assertEquals(1, events.size());
        RecordedEvent e = events.get(0);
        assertEquals(AUX.length + 2, e.getInt("recordCount"));
        assertEquals(Thread.currentThread().getId(), e.getLong("threadId"));
        assertEquals(base + 1000, e.getLong("baseNanos"));
        String payload = e.getString("payload");
        assertTrue(payload.chars().allMatch(c -> c >= 0x20 && c <= 0x7e), "format 3: every payload char is printable ASCII: " + payload);
        assertEquals(RecordFormat.FORMAT_3, payload.charAt(0));

        RecordDecoder d = new RecordDecoder(payload.getBytes(StandardCharsets.ISO_8859_1));
        d.startBatch();
        long clock = e.getLong("baseNanos");
        for (int aux : AUX) {
            d.readRecordStart();
            assertEquals(RecordFormat.ENTER, d.kind);
            assertEquals(aux, d.aux);
            clock += d.delta;
        }
        assertEquals(base + 1000L * AUX.length, clock);
        d.readRecordStart();
        assertEquals(RecordFormat.EXIT, d.kind);
        assertEquals(0, d.delta, "a negative time step is written as 0");
        for (long v : UNSIGNED) assertEquals(v, d.readVarLong());
        for (long v : SIGNED) assertEquals(v, d.readZigZag());
        d.readRecordStart();
        assertEquals(RecordFormat.EXIT_EXCEPTIONAL, d.kind);
        assertEquals(64, d.delta, "after the step back the time stayed at now: the next delta counts from it");
        for (String s : STRINGS) assertEquals(s, d.readString());
        assertEquals("trunc", d.readString());
        assertFalse(d.hasMore());
    }

    @Test
    void cutOffValueIsReported() {
        RecordDecoder d = new RecordDecoder(new byte[] {(byte) (RecordFormat.MORE | 5)});
        IllegalStateException e = assertThrows(IllegalStateException.class, d::readVarLong);
        assertEquals("record cut off at offset 1", e.getMessage());
        RecordDecoder empty = new RecordDecoder(new byte[0]);
        assertFalse(empty.hasMore());
        assertThrows(IllegalStateException.class, empty::readVarLong);
    }

    @Test
    void overlongVarintIsRejected() {
        byte[] units = new byte[12];
        java.util.Arrays.fill(units, (byte) (RecordFormat.MORE | 1));
        assertThrows(IllegalStateException.class, () -> new RecordDecoder(units).readVarLong());
    }

    @Test
    void nullStringIsDistinctFromEmpty() {
        assertNull(new RecordDecoder(new byte[] {0}).readString());
        assertEquals("", new RecordDecoder(new byte[] {1}).readString());
    }
}
