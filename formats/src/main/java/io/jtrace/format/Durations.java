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
        if (nanos < 999_500) return scaled(nanos / 1e3, "us");
        if (nanos < 999_500_000) return scaled(nanos / 1e6, "ms");
        return scaled(nanos / 1e9, "s");
    }

    /** Three significant digits without String.format (a trace prints millions of these). */
    private static String scaled(double v, String unit) {
        // Decide by the rounded value: 99.97 has three digits as "100", not four as "100.0".
        int decimals = v >= 99.95 ? 0 : v >= 9.995 ? 1 : 2;
        long scale = decimals == 0 ? 1 : decimals == 1 ? 10 : 100;
        long r = Math.round(v * scale);
        if (decimals == 0) return r + " " + unit;
        String digits = Long.toString(r);
        while (digits.length() <= decimals) digits = "0" + digits;
        int dot = digits.length() - decimals;
        return digits.substring(0, dot) + "." + digits.substring(dot) + " " + unit;
    }

    /** Seconds since the origin with microsecond precision: {@code 12.345678}. */
    public static String timestamp(long nanos) {
        long micros = Math.max(0, nanos) / 1_000;
        String frac = Long.toString(1_000_000 + micros % 1_000_000);
        return new StringBuilder(16).append(micros / 1_000_000).append('.').append(frac, 1, 7).toString();
    }
}
