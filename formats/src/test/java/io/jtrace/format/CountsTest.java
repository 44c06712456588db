package io.jtrace.format;

import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Counts and percentages written by hand read exactly as String.format wrote them. */
class CountsTest {
    @Test
    void groupedAsFormatWritesIt() {
        Random r = new Random(3);
        for (long n : new long[] {0, 1, 12, 123, 1234, 12345, 999_999, 1_000_000, -1, -1234, Long.MAX_VALUE, Long.MIN_VALUE + 1}) {
            assertEquals(String.format(Locale.ROOT, "%,d", n), Counts.grouped(n));
        }
        for (int i = 0; i < 100_000; i++) {
            long n = r.nextLong() >> r.nextInt(64);
            assertEquals(String.format(Locale.ROOT, "%,d", n), Counts.grouped(n), "n = " + n);
        }
    }

    @Test
    void percentAsFormatWritesIt() {
        Random r = new Random(5);
        for (int i = 0; i < 200_000; i++) {
            long part = r.nextInt(1_000);
            long whole = part + r.nextInt(10_000) + 1;
            double share = (double) part / whole;
            assertEquals(String.format(Locale.ROOT, "%.1f", share * 100), Counts.percent(share), part + "/" + whole);
        }
        assertEquals("28.7", Counts.percent(46.0 / 160)); // 28.749999999999996
        assertEquals("2.6", Counts.percent(0.0255));
        assertEquals("100.0", Counts.percent(1));
        assertEquals("0.0", Counts.percent(0));
    }

    @Test
    void oneIsSingular() {
        org.junit.jupiter.api.Assertions.assertEquals("1 call", Counts.of(1, "call", "calls"));
        org.junit.jupiter.api.Assertions.assertEquals("0 calls", Counts.of(0, "call", "calls"));
        org.junit.jupiter.api.Assertions.assertEquals("1,211 loaded classes", Counts.of(1211, "loaded class", "loaded classes"));
    }
}
