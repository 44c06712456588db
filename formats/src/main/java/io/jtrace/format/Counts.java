package io.jtrace.format;

/**
 * Counts and shares as reports print them, by integer arithmetic: a tree of millions of call
 * paths prints one of each per line, and String.format builds a Formatter (and its decimal
 * symbols) every time.
 */
public final class Counts {
    private Counts() {}

    /** {@code 1,234,567}. */
    public static String grouped(long n) {
        String digits = Long.toString(Math.abs(n));
        StringBuilder sb = new StringBuilder(digits.length() + digits.length() / 3 + 1);
        if (n < 0) sb.append('-');
        int lead = digits.length() % 3 == 0 ? 3 : digits.length() % 3;
        sb.append(digits, 0, lead);
        for (int i = lead; i < digits.length(); i += 3) sb.append(',').append(digits, i, i + 3);
        return sb.toString();
    }

    /** {@code 1 call}, {@code 538 calls}: a count with its noun, singular for one. */
    public static String of(long n, String one, String many) {
        return grouped(n) + " " + (n == 1 ? one : many);
    }

    /**
     * A share (0..1) as a percentage with one decimal, as {@code String.format("%.1f", share * 100)}
     * writes it (half up on its shortest decimal form): {@code 12.3}.
     */
    public static String percent(double share) {
        long rounded = percentTenths(share);
        return (rounded / 10) + "." + (rounded % 10);
    }

    /** {@link #percent}'s number in tenths of a percent ({@code 123} for 12.3%): the one rounding rule. */
    static long percentTenths(double share) {
        double percent = share * 100;
        double tenths = percent * 10;
        double fraction = tenths - Math.floor(tenths);
        return Math.abs(fraction - 0.5) < 1e-6 // near a half: decide on the shortest decimal form, as Formatter does
                ? java.math.BigDecimal.valueOf(percent).setScale(1, java.math.RoundingMode.HALF_UP).movePointRight(1).longValue()
                : Math.round(tenths);
    }
}
