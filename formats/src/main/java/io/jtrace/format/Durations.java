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
        if (nanos < 1_000_000) return scaled(nanos, 1_000L, "us");
        if (nanos < 1_000_000_000) return scaled(nanos, 1_000_000L, "ms");
        return scaled(nanos, 1_000_000_000L, "s");
    }

    /** {@code nanos / unit} with 2, 1 or 0 decimals (three significant digits), rounded half up. */
    private static String scaled(long nanos, long unit, String name) {
        long whole = nanos / unit;
        int decimals = whole >= 100 ? 0 : whole >= 10 ? 1 : 2;
        long scale = decimals == 0 ? 1 : decimals == 1 ? 10 : 100;
        long divisor = unit / scale;
        long q = nanos / divisor + (nanos % divisor >= (divisor + 1) / 2 ? 1 : 0);
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
