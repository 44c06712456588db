package io.jtrace.format;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DurationsTest {
    /** The same text as the String.format version it replaced, for every magnitude. */
    static String reference(long nanos) {
        if (nanos < 1_000) return nanos + " ns";
        String unit;
        long div;
        if (nanos < 999_500) { div = 1_000; unit = "us"; }
        else if (nanos < 999_500_000) { div = 1_000_000; unit = "ms"; }
        else { div = 1_000_000_000; unit = "s"; }
        java.math.BigDecimal exact = java.math.BigDecimal.valueOf(nanos).divide(java.math.BigDecimal.valueOf(div));
        for (int decimals = 2; ; decimals--) {
            java.math.BigDecimal r = exact.setScale(decimals, java.math.RoundingMode.HALF_UP);
            if (r.unscaledValue().compareTo(java.math.BigInteger.valueOf(1000)) < 0 || decimals == 0) {
                return r.toPlainString() + " " + unit;
            }
        }
    }

    @Test
    void formatsLikeThreeSignificantDigits() {
        assertEquals("812 ns", Durations.format(812));
        assertEquals("3.21 us", Durations.format(3_210));
        assertEquals("3.02 us", Durations.format(3_015));
        assertEquals("14.2 ms", Durations.format(14_249_999));
        assertEquals("100 us", Durations.format(99_950));
        assertEquals("1.00 ms", Durations.format(999_700));
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
