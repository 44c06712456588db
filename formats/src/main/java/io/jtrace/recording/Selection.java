package io.jtrace.recording;

import io.jtrace.model.EventKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;

import io.jtrace.pattern.Glob;
import io.jtrace.pattern.MethodFilter;

import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a report reads of a recording: which threads, which methods' calls it leaves out (with
 * everything they call), a time window, a depth limit and the kinds of events. A value, with one
 * parser for each part as text ({@link #threadPatterns}, {@link #methodPatterns},
 * {@link #parseNanos}) that every command, the explore shell and query use, so that every report
 * reads the same selection the same way; {@link MethodView} and {@link TimeWindow} apply the method,
 * depth and time parts to a replay.
 *
 * @param threads the threads read
 * @param ignored methods whose calls, and all they call, are left out (null: none)
 * @param fromNanos start of the time window, nanoseconds since tracing started (0: the start)
 * @param toNanos end of the time window, inclusive ({@code Long.MAX_VALUE}: the end)
 * @param maxDepth frames deeper than this are left out (0: no limit)
 * @param kinds the kinds of events read, of those the recording holds
 */
public record Selection(Predicate<ThreadInfo> threads, MethodMatcher ignored, long fromNanos, long toNanos,
                        int maxDepth, Set<EventKind> kinds) {

    /** Matches methods by their class and name (the agent's method patterns do that). */
    @FunctionalInterface
    public interface MethodMatcher {
        boolean matches(String className, String methodName);

        default boolean matches(MethodInfo m) {
            return matches(m.className(), m.name());
        }
    }

    public Selection {
        if (maxDepth < 0) throw new IllegalArgumentException("depth must not be negative, not " + maxDepth);
        if (fromNanos > toNanos) throw new IllegalArgumentException("the time window ends before it starts");
        kinds = Set.copyOf(kinds);
    }

    /**
     * Threads whose name matches one of the globs ({@code worker-*}, {@code ?}) or whose id is
     * given; none given: every thread. An empty pattern is a {@link ReportException}.
     */
    public static Predicate<ThreadInfo> threadPatterns(List<String> patterns) {
        if (patterns == null || patterns.isEmpty()) return t -> true;
        List<Pattern> regexes = patterns.stream().map(Selection::threadGlob).toList();
        return t -> regexes.stream().anyMatch(r -> r.matcher(t.label()).matches() || r.matcher(Long.toString(t.id())).matches());
    }

    private static Pattern threadGlob(String glob) {
        if (glob.isEmpty()) throw new ReportException("empty thread pattern: give a thread name, a glob like 'worker-*', or an id");
        return Glob.compile(glob);
    }

    /**
     * Methods selected by include and exclude patterns (com.acme.**, *Service.get*, Bank.transfer:
     * the agent's language); a bad pattern is a {@link ReportException} naming it.
     */
    public static MethodFilter methodPatterns(List<String> includes, List<String> excludes) {
        try {
            return MethodFilter.parse(includes == null ? List.of() : includes, excludes == null ? List.of() : excludes);
        } catch (IllegalArgumentException e) {
            throw new ReportException(e.getMessage());
        }
    }

    private static final Pattern TIME = Pattern.compile("([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*(ns|us|µs|ms|s|m|min)?");

    /**
     * A time or duration in nanoseconds: a number of seconds ({@code 1.5}) or a number with a unit
     * ({@code 250ms}, {@code 1.5s}, {@code 300us}, {@code 40ns}, {@code 2min}). A bad one is a
     * {@link ReportException} naming {@code option} and the text.
     */
    public static long parseNanos(String option, String text) {
        Matcher m = TIME.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new ReportException(option + " takes a time like 1.5 (seconds), 250ms, 300us or 2min, not '" + text + "'");
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
            throw new ReportException(option + " " + text + " is too large");
        }
        return nanos.longValue();
    }

    /** Everything: every thread, method, time, depth and kind. */
    public static Selection all() {
        return new Selection(t -> true, null, 0, Long.MAX_VALUE, 0, EnumSet.allOf(EventKind.class));
    }

    public Selection withThreads(Predicate<ThreadInfo> t) {
        return new Selection(t, ignored, fromNanos, toNanos, maxDepth, kinds);
    }

    public Selection withIgnored(MethodMatcher m) {
        return new Selection(threads, m, fromNanos, toNanos, maxDepth, kinds);
    }

    public Selection withWindow(long from, long to) {
        return new Selection(threads, ignored, from, to, maxDepth, kinds);
    }

    public Selection withMaxDepth(int depth) {
        return new Selection(threads, ignored, fromNanos, toNanos, depth, kinds);
    }

    public Selection withKinds(Set<EventKind> k) {
        return new Selection(threads, ignored, fromNanos, toNanos, maxDepth, k);
    }

    /** Whether calls of {@code m} are left out. */
    public boolean ignores(MethodInfo m) {
        return ignored != null && ignored.matches(m);
    }

    /** Whether a frame at {@code depth} (0: outermost) is within the depth limit. */
    public boolean withinDepth(int depth) {
        return maxDepth == 0 || depth < maxDepth;
    }

    /** Whether {@code nanos} is in the time window. */
    public boolean inWindow(long nanos) {
        return nanos >= fromNanos && nanos <= toNanos;
    }

    public boolean reads(EventKind k) {
        return kinds.contains(k);
    }
}
