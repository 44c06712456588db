package io.jtrace.cli.explore;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.cli.ReportOptions;
import io.jtrace.cli.TimeArgument;
import io.jtrace.format.Durations;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;

import java.util.ArrayList;
import java.util.List;

/**
 * Filters that stay for the session: threads, method include/exclude patterns, a minimum call
 * duration and a time window. The reports (summary, tree, exceptions, vars) add the ones they take
 * to their own options ({@link #scope}); {@code find} and {@code threads} apply them all.
 */
final class SessionFilters {
    final List<String> threads = new ArrayList<>();
    final List<String> includes = new ArrayList<>();
    final List<String> excludes = new ArrayList<>();
    private MethodFilter methods = MethodFilter.all();
    long minNanos;
    String from;
    String to;
    long fromNanos = Long.MIN_VALUE;
    long toNanos = Long.MAX_VALUE;

    /** {@code filter KIND VALUE...}; the kinds {@code thread|include|exclude|min|time}. */
    void add(String kind, List<String> values) {
        // an unknown kind is the switch's error below, not a missing value
        if (values.isEmpty() && List.of("thread", "include", "exclude", "min", "time").contains(kind)) {
            throw new ShellError("filter " + kind + " needs a value (see 'help filter')");
        }
        switch (kind) {
            case "thread" -> threads.addAll(values);
            case "include", "exclude" -> {
                List<String> inc = new ArrayList<>(includes);
                List<String> exc = new ArrayList<>(excludes);
                (kind.equals("include") ? inc : exc).addAll(values);
                try {
                    methods = MethodFilter.parse(inc, exc);
                } catch (IllegalArgumentException e) {
                    throw new ShellError(e.getMessage());
                }
                includes.clear();
                includes.addAll(inc);
                excludes.clear();
                excludes.addAll(exc);
            }
            case "min" -> minNanos = duration(values.get(0));
            case "time" -> {
                if (values.size() > 2) throw new ShellError("filter time takes FROM [TO], e.g. 'filter time 1.5s 3s'");
                long f = time("filter time", values.get(0));
                long t = values.size() > 1 ? time("filter time", values.get(1)) : Long.MAX_VALUE;
                if (f > t) throw new ShellError("the window starts at " + values.get(0) + ", after its end " + values.get(1));
                from = values.get(0);
                to = values.size() > 1 ? values.get(1) : null;
                fromNanos = f;
                toNanos = t;
            }
            default -> throw new ShellError("unknown filter '" + kind + "': thread, include, exclude, min or time");
        }
    }

    void clear() {
        threads.clear();
        includes.clear();
        excludes.clear();
        methods = MethodFilter.all();
        minNanos = 0;
        from = null;
        to = null;
        fromNanos = Long.MIN_VALUE;
        toNanos = Long.MAX_VALUE;
    }

    private static long time(String what, String value) {
        try {
            return TimeArgument.parseNanos(what, value);
        } catch (RuntimeException e) {
            throw new ShellError(e.getMessage());
        }
    }

    /** A duration such as {@code 2ms}, {@code 150us}, {@code 1.5s}. */
    static long duration(String value) {
        try {
            return TimeArgument.parseNanos("duration", value);
        } catch (RuntimeException e) {
            throw new ShellError(e.getMessage());
        }
    }

    boolean showsThread(ThreadInfo t) {
        return threads.isEmpty() || io.jtrace.recording.Selection.threadPatterns(threads).test(t);
    }

    boolean showsMethod(MethodInfo m) {
        return methods.isEmpty() || methods.matches(m.className(), m.name());
    }

    boolean inWindow(long nanos) {
        return nanos >= fromNanos && nanos <= toNanos;
    }

    /**
     * The filters a report adds to its own options (each takes the parts it has: threads, method
     * patterns, the time window), with the session's colour ({@code colour}: null to leave
     * {@code --color} as given) and whether it shows times.
     */
    ReportOptions.SessionScope scope(Boolean colour, boolean times) {
        return new ReportOptions.SessionScope(List.copyOf(threads), List.copyOf(includes), List.copyOf(excludes), from, to, colour, times);
    }

    /** One line per filter in force. */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        threads.forEach(t -> lines.add("thread " + t));
        includes.forEach(p -> lines.add("include " + p));
        excludes.forEach(p -> lines.add("exclude " + p));
        if (minNanos > 0) lines.add("min " + Durations.format(minNanos) + "  (find call)");
        if (from != null) lines.add("time " + from + (to == null ? "" : " " + to));
        return lines;
    }
}
