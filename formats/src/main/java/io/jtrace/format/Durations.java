package io.jtrace.format;

/**
 * Human-readable durations with three significant digits: 812 ns, 3.21 us, 14.2 ms, 1.50 s.
 * Integer arithmetic, not String.format: {@code print} formats two of these per line, tens of
 * millions of lines for a large recording.
 */
public final class Durations {
    private Durations() {}

    public static String format(long nanos) {
        if (nanos < 1_000) return nanos + " ns";
        // Thresholds at the rounding point, so 999.7 us reads "1.00 ms", not "1000 us".
        if (nanos < 999_500) return scaled(nanos, 1_000L, "us");
        if (nanos < 999_500_000) return scaled(nanos, 1_000_000L, "ms");
        return scaled(nanos, 1_000_000_000L, "s");
    }

    /**
     * {@code nanos / unit} rounded half up to three significant digits: 2 decimals, else 1, else
     * none, decided by the rounded value (99.97 is "100", not "100.0").
     */
    private static String scaled(long nanos, long unit, String name) {
        long scale = 100;
        long q = 0;
        int decimals = 2;
        for (; decimals >= 0; decimals--, scale /= 10) {
            long divisor = unit / scale;
            q = (nanos + divisor / 2) / divisor;
            if (q < 1000 || decimals == 0) break;
        }
        StringBuilder sb = new StringBuilder(12).append(q / scale);
        if (decimals > 0) {
            long frac = q % scale;
            sb.append('.');
            if (decimals == 2 && frac < 10) sb.append('0');
            sb.append(frac);
        }
        return sb.append(' ').append(name).toString();
    }

    /** Seconds since the origin with microsecond precision: {@code 12.345678}. */
    public static String timestamp(long nanos) {
        long micros = Math.max(0, nanos) / 1_000;
        String frac = Long.toString(1_000_000 + micros % 1_000_000);
        return new StringBuilder(16).append(micros / 1_000_000).append('.').append(frac, 1, 7).toString();
    }
}
