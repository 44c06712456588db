package io.jtrace.history;

import java.util.List;

/**
 * Searches over several threads' histories by recording time, for questions whose answer may be
 * on any thread (the last write of a shared field before a moment). Within a thread events are in
 * time order, so a time window is a range of event numbers.
 */
public final class AcrossThreads {
    private AcrossThreads() {}

    /** An event found on one of the threads. */
    public record Match(ThreadHistory history, long number, long nanos) {}

    /** The latest event strictly between {@code after} and {@code before} (recording time) that passes {@code test}, or null. */
    public static Match latestBetween(List<ThreadHistory> histories, long after, long before, ThreadHistory.EventTest test) {
        Match best = null;
        for (ThreadHistory h : histories) {
            long low = best == null ? after : Math.max(after, best.nanos());
            long from = h.firstAtOrAfter(before);
            long downTo = h.firstAtOrAfter(low == Long.MAX_VALUE ? low : low + 1);
            if (from <= downTo) continue;
            long[] nanos = {0};
            long n = h.findBackward(from, downTo, Integer.MAX_VALUE, e -> {
                if (!test.test(e)) return false;
                nanos[0] = e.nanos();
                return true;
            });
            if (n >= 0 && (best == null || nanos[0] > best.nanos())) best = new Match(h, n, nanos[0]);
        }
        return best;
    }

    /** The earliest event strictly between {@code after} and {@code before} that passes {@code test}, or null. */
    public static Match earliestBetween(List<ThreadHistory> histories, long after, long before, ThreadHistory.EventTest test) {
        Match best = null;
        for (ThreadHistory h : histories) {
            long high = best == null ? before : Math.min(before, best.nanos());
            long from = h.firstAtOrAfter(after == Long.MAX_VALUE ? after : after + 1) - 1;
            long to = h.firstAtOrAfter(high);
            if (from + 1 >= to) continue;
            long[] nanos = {0};
            long n = h.findForward(from, to, Integer.MAX_VALUE, e -> {
                if (!test.test(e)) return false;
                nanos[0] = e.nanos();
                return true;
            });
            if (n >= 0 && (best == null || nanos[0] < best.nanos())) best = new Match(h, n, nanos[0]);
        }
        return best;
    }
}
