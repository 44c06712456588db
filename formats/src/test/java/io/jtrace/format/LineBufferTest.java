package io.jtrace.format;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The byte formatting of print writes exactly what {@link Durations} returns. */
class LineBufferTest {
    private static List<Long> samples() {
        List<Long> values = new ArrayList<>();
        for (long v = 0; v < 3_000; v++) values.add(v);
        for (long p = 1; p > 0 && p < Long.MAX_VALUE / 10; p *= 10) {
            for (long d = -6; d <= 6; d++) {
                values.add(Math.max(0, p + d));
                values.add(Math.max(0, p * 5 + d));
                values.add(Math.max(0, p * 9995 / 10 + d));
            }
        }
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 200_000; i++) values.add(random.nextLong(0, 1L << random.nextInt(1, 62)));
        values.add(Long.MAX_VALUE);
        values.add(-1L);
        values.add(-5_000L);
        return values;
    }

    @Test
    void digitsAreTheLengthOfTheDecimalString() {
        List<Long> values = samples();
        for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10 * 10; p = p <= Long.MAX_VALUE / 10 ? p * 10 : -1) {
            for (long d = -2; d <= 2; d++) if (p + d >= 0) values.add(p + d);
        }
        for (int bits = 0; bits < 63; bits++) {
            values.add(1L << bits);
            values.add((1L << bits) - 1);
        }
        values.add(Long.MAX_VALUE);
        for (long v : values) {
            if (v >= 0) assertEquals(Long.toString(v).length(), LineBuffer.digits(v), "digits of " + v);
        }
    }

    @Test
    void durationsAreTheSameAsDurationsFormat() {
        for (long v : samples()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            LineBuffer b = new LineBuffer(out, StandardCharsets.UTF_8);
            b.duration(v).flush();
            assertEquals(Durations.format(v), out.toString(StandardCharsets.UTF_8), "duration " + v);
        }
    }

    @Test
    void timestampsAreTheSameAsDurationsTimestampRightAligned() {
        for (long v : samples()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            LineBuffer b = new LineBuffer(out, StandardCharsets.UTF_8);
            b.timestamp(v, 11).flush();
            String expected = Durations.timestamp(v);
            if (expected.length() < 11) expected = " ".repeat(11 - expected.length()) + expected;
            assertEquals(expected, out.toString(StandardCharsets.UTF_8), "timestamp " + v);
        }
    }

    @Test
    void groupedNumbersAreTheSameAsCountsGrouped() {
        List<Long> values = samples();
        values.add(Long.MIN_VALUE + 1);
        for (long v : values) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new LineBuffer(out, StandardCharsets.UTF_8).grouped(v).flush();
            assertEquals(Counts.grouped(v), out.toString(StandardCharsets.UTF_8), "grouped " + v);
        }
    }

    @Test
    void numbersAndNonAsciiText() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LineBuffer b = new LineBuffer(out, StandardCharsets.UTF_8);
        b.number(0).ascii(' ').number(Long.MAX_VALUE).ascii(' ').append("café.Ünïcode").newline().flush();
        assertEquals("0 " + Long.MAX_VALUE + " café.Ünïcode" + System.lineSeparator(), out.toString(StandardCharsets.UTF_8));
    }

    /**
     * Spaces, units and repeated timestamps are written as fixed-size words whose surplus what
     * follows overwrites: a long mixed run in one buffer (drained many times on the way) must read
     * as the same text built piece by piece from Strings.
     */
    @Test
    void aLongRunOfMixedPiecesIsTheTextBuiltFromStrings() {
        SplittableRandom random = new SplittableRandom(7);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LineBuffer b = new LineBuffer(out, StandardCharsets.UTF_8);
        StringBuilder expected = new StringBuilder();
        long nanos = 0;
        for (int line = 0; line < 60_000; line++) {
            int width = random.nextInt(8) == 0 ? 20 + random.nextInt(6) : 11; // wider than 16 now and then
            if (random.nextInt(4) != 0) nanos += random.nextLong(0, random.nextBoolean() ? 900 : 3_000_000_000L);
            String stamp = Durations.timestamp(nanos);
            b.timestamp(nanos, width);
            expected.append(" ".repeat(Math.max(0, width - stamp.length()))).append(stamp);
            int spaces = random.nextInt(10) == 0 ? random.nextInt(400) : random.nextInt(130);
            b.spaces(spaces);
            expected.append(" ".repeat(spaces));
            b.ascii('=');
            expected.append('=');
            long d = random.nextLong(0, 1L << random.nextInt(1, 45));
            b.duration(d);
            expected.append(Durations.format(d));
            if (random.nextInt(3) == 0) {
                b.spaces(2).append("x");
                expected.append("  x");
            }
            b.newline();
            expected.append(System.lineSeparator());
        }
        b.flush();
        assertEquals(expected.toString(), out.toString(StandardCharsets.UTF_8));
        assertTrue(out.size() > 1 << 20, "drained many times on the way");
    }
}
