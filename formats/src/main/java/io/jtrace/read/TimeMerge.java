package io.jtrace.read;

import io.jtrace.model.TraceEvent;

import java.util.List;
import java.util.PriorityQueue;

/**
 * Interleaves thread timelines by time (ties: thread order). Each thread's own order is kept
 * exactly; a timeline loads its first batch only when it reaches the head of the queue.
 */
public final class TimeMerge {
    private final PriorityQueue<Head> queue = new PriorityQueue<>();

    private static final class Head implements Comparable<Head> {
        final ThreadTimeline timeline;
        long nanos;

        Head(ThreadTimeline timeline) {
            this.timeline = timeline;
            this.nanos = timeline.headNanos();
        }

        @Override
        public int compareTo(Head o) {
            int c = Long.compare(nanos, o.nanos);
            return c != 0 ? c : Integer.compare(timeline.thread().ordinal(), o.timeline.thread().ordinal());
        }
    }

    TimeMerge(List<ThreadTimeline> timelines) {
        for (ThreadTimeline t : timelines) queue.add(new Head(t));
    }

    /** The next event in time order, or null when every timeline is done. */
    public TraceEvent next() {
        while (!queue.isEmpty()) {
            Head h = queue.poll();
            TraceEvent e = h.timeline.peek();
            if (e == null) continue;
            if (e.nanos() > h.nanos) { // first look at this timeline: its real head may be later
                h.nanos = e.nanos();
                queue.add(h);
                continue;
            }
            h.timeline.next();
            long following = h.timeline.headNanos();
            if (following != Long.MAX_VALUE) {
                h.nanos = following;
                queue.add(h);
            }
            return e;
        }
        return null;
    }
}
