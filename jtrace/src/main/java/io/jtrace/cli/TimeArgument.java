package io.jtrace.cli;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Times on the command line, one parser for every option that takes one: a number of seconds
 * ({@code 1.5}) or a number with a unit ({@code 250ms}, {@code 1.5s}, {@code 300us},
 * {@code 40ns}, {@code 2min}).
 */
public final class TimeArgument {
    private TimeArgument() {}

    private static final Pattern TIME = Pattern.compile("([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*(ns|us|µs|ms|s|m|min)?");

    /** Nanoseconds; throws {@link UserException} naming {@code option} and the bad text. */
    public static long parseNanos(String option, String text) {
        Matcher m = TIME.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UserException(option + " takes a time like 1.5 (seconds), 250ms, 300us or 2min, not '" + text + "'");
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        long scale = switch (unit) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            default -> 60_000_000_000L; // m, min
        };
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(scale));
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new UserException(option + " " + text + " is too large");
        }
        return nanos.longValue();
    }
}
