package io.jtrace.format;

import java.util.Locale;

/** Human-readable durations with three significant digits: 812 ns, 3.21 us, 14.2 ms, 1.50 s. */
public final class Durations {
    private Durations() {}

    public static String format(long nanos) {
        if (nanos < 1_000) return nanos + " ns";
        // Thresholds at the rounding point, so 999.7 us reads "1.00 ms", not "1000 us".
        if (nanos < 999_500) return scaled(nanos / 1e3, "us");
        if (nanos < 999_500_000) return scaled(nanos / 1e6, "ms");
        return scaled(nanos / 1e9, "s");
    }

    private static String scaled(double v, String unit) {
        // Decide by the rounded value: 99.97 has three digits as "100", not four as "100.0".
        String f = v >= 99.95 ? "%.0f %s" : v >= 9.995 ? "%.1f %s" : "%.2f %s";
        return String.format(Locale.ROOT, f, v, unit);
    }

    /** Seconds since the origin with microsecond precision: {@code 12.345678}. */
    public static String timestamp(long nanos) {
        long micros = Math.max(0, nanos) / 1_000;
        return String.format(Locale.ROOT, "%d.%06d", micros / 1_000_000, micros % 1_000_000);
    }
}
