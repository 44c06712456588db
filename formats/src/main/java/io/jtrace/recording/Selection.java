package io.jtrace.recording;

import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a report reads of a recording: which threads, which methods' calls it leaves out (with
 * everything they call), a time window, a depth limit and the kinds of events. A value: the
 * parsers of each part stay where the command line already parses them (thread globs and ids,
 * the agent's method patterns, time arguments), and hand their result in here, so that every
 * report reads the same selection the same way.
 *
 * @param threads the threads read
 * @param ignored methods whose calls, and all they call, are left out (null: none)
 * @param fromNanos start of the time window, nanoseconds since tracing started (0: the start)
 * @param toNanos end of the time window, inclusive ({@code Long.MAX_VALUE}: the end)
 * @param maxDepth frames deeper than this are left out (0: no limit)
 * @param kinds the kinds of events read, of those the recording holds
 */
public record Selection(Predicate<ThreadInfo> threads, MethodMatcher ignored, long fromNanos, long toNanos,
                        int maxDepth, Set<Recorded.Kind> kinds) {

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

    /** Everything: every thread, method, time, depth and kind. */
    public static Selection all() {
        return new Selection(t -> true, null, 0, Long.MAX_VALUE, 0, EnumSet.allOf(Recorded.Kind.class));
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

    public Selection withKinds(Set<Recorded.Kind> k) {
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

    public boolean reads(Recorded.Kind k) {
        return kinds.contains(k);
    }
}
