package io.jtrace.format;

import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DurationsTest {
    /** The same text as the String.format version it replaced, for every magnitude. */
    static String reference(long nanos) {
        if (nanos < 1_000) return nanos + " ns";
        double v;
        String unit;
        if (nanos < 1_000_000) { v = nanos / 1e3; unit = "us"; }
        else if (nanos < 1_000_000_000) { v = nanos / 1e6; unit = "ms"; }
        else { v = nanos / 1e9; unit = "s"; }
        String f = v >= 100 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s";
        return String.format(Locale.ROOT, f, v, unit);
    }

    @Test
    void formatsLikeThreeSignificantDigits() {
        assertEquals("812 ns", Durations.format(812));
        assertEquals("3.21 us", Durations.format(3_210));
        assertEquals("3.02 us", Durations.format(3_015));
        assertEquals("14.2 ms", Durations.format(14_249_999));
        assertEquals("100.0 us", Durations.format(99_950));
        assertEquals("1.50 s", Durations.format(1_500_000_000L));
        assertEquals("1234 s", Durations.format(1_234_000_000_000L));
        Random r = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            long n = (long) Math.pow(10, r.nextDouble() * 12);
            assertEquals(reference(n), Durations.format(n), () -> "nanos " + n);
        }
    }

    @Test
    void timestampsHaveMicroseconds() {
        assertEquals("0.000000", Durations.timestamp(-5));
        assertEquals("0.171528", Durations.timestamp(171_528_999));
        assertEquals("12.000001", Durations.timestamp(12_000_001_000L));
    }
}
