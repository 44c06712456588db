package io.jtrace.read;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ThreadInfo;

import java.util.List;
import java.util.PriorityQueue;

/**
 * Interleaves threads by time: each thread's replay fills a block one batch at a time, and the
 * thread whose next event is earliest (ties: thread order) delivers events until another thread's
 * is earlier. Each thread's own order is kept exactly; a thread loads its first batch only when
 * its first batch's time comes up. Memory: one batch's events per thread.
 */
final class TimeOrder {
    private TimeOrder() {}

    /**
     * Records decoded per thread at a time. Small enough that every thread's waiting events stay in
     * the processor's cache; a whole batch (thousands of records per thread) did not.
     */
    static int STEP = 128;

    private static final class Cursor implements Comparable<Cursor> {
        final ThreadReplay replay;
        final CallBlock events = new CallBlock(1024);
        final ThreadInfo thread;
        final int ordinal;
        int next;
        /** Time of the next event; before the first batch is loaded, the first batch's base time. */
        long key;
        boolean loaded;

        Cursor(TraceIndex index, TraceIndex.ThreadBatches batches, CurrentRecord records, CurrentValues values) {
            events.source = records;
            events.valuesSource = values;
            replay = new ThreadReplay(index, batches, events, records, values);
            thread = batches.info;
            ordinal = thread.ordinal();
            key = batches.firstNanos() - index.nanoOrigin;
        }

        /** Loads batches until there is an event; false when the thread is done. */
        boolean fill() {
            loaded = true;
            if (next < events.size) return true;
            events.clear();
            next = 0;
            while (events.size == 0) {
                if (!replay.step(STEP)) return false;
            }
            return true;
        }

        @Override
        public int compareTo(Cursor o) {
            int c = Long.compare(key, o.key);
            return c != 0 ? c : Integer.compare(ordinal, o.ordinal);
        }
    }

    /**
     * Replays {@code threads} interleaved into {@code v}; {@code threadEnd} is told when a thread
     * has no more events; {@code handOver}, if not null, carries each event's encoded record, and
     * {@code valuesHandOver} each call's values (the replays leave them in {@code records} and
     * {@code values}).
     */
    static void run(TraceIndex index, List<TraceIndex.ThreadBatches> threads, CallVisitor v, CurrentRecord records,
                    CurrentRecord handOver, CurrentValues values, CurrentValues valuesHandOver,
                    java.util.function.Consumer<ThreadInfo> threadEnd) {
        PriorityQueue<Cursor> queue = new PriorityQueue<>();
        for (TraceIndex.ThreadBatches t : threads) queue.add(new Cursor(index, t, records, values));
        while (!queue.isEmpty()) {
            Cursor c = queue.poll();
            if (!c.loaded || c.next >= c.events.size) {
                if (!c.fill()) {
                    threadEnd.accept(c.thread);
                    continue;
                }
                long head = c.events.nanos[c.next];
                if (head != c.key) { // its real head may be later than its batch's base time
                    c.key = head;
                    queue.add(c);
                    continue;
                }
            }
            Cursor second = queue.peek();
            // c goes on while its events come before second's: earlier, or at the same time on a
            // thread of lower ordinal (stopping sooner would only cost a trip through the queue,
            // whose order decides). One comparison per event: a branch of its own for equal times,
            // taken rarely and late, cost a recompilation of this loop each time it was.
            long until = second == null ? Long.MAX_VALUE
                    : second.key + (c.ordinal < second.ordinal && second.key != Long.MAX_VALUE ? 1 : 0);
            CallBlock b = c.events;
            while (true) {
                b.deliver(c.next++, v, handOver, valuesHandOver, null);
                if (c.next >= b.size) {
                    if (!c.fill()) {
                        threadEnd.accept(c.thread);
                        c = null;
                        break;
                    }
                    b = c.events;
                }
                c.key = b.nanos[c.next];
                if (c.key >= until) break;
            }
            if (c != null) queue.add(c);
        }
    }
}
