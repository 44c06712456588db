package io.jtrace.replay;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;

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
        /** Events from {@link #next} up to this index of the block are plain calls (a scan's memo). */
        int plainUntil;
        /** Time of the next event; before the first batch is loaded, the first batch's base time. */
        long key;
        boolean loaded;

        Cursor(TraceIndex index, TraceIndex.ThreadBatches batches, CurrentRecord records, CurrentValues values) {
            events.source = records;
            events.valuesSource = values;
            replay = new ThreadReplay(index, batches, events, records, values);
            thread = batches.info();
            ordinal = thread.ordinal();
            key = batches.firstNanos() - index.nanoOrigin();
        }

        /** Loads batches until there is an event; false when the thread is done. */
        boolean fill() {
            loaded = true;
            if (next < events.size) return true;
            events.clear();
            next = 0;
            plainUntil = 0;
            while (events.size == 0) {
                if (!replay.step(STEP)) return false;
            }
            return true;
        }

        /**
         * The time before which this thread has only plain calls to come (see
         * {@link TimeOrder#runAhead}): that of the first waiting event that is not a plain call, or,
         * if all are, of its last waiting event (what is not decoded yet is no earlier); before its
         * first batch is loaded, that batch's time.
         */
        long aheadLimit() {
            if (!loaded || next >= events.size) return key; // nothing waiting: nothing to come is earlier than its key
            CallBlock b = events;
            int i = Math.max(plainUntil, next);
            while (i < b.size && plain(b, i)) i++;
            plainUntil = i;
            return i < b.size ? b.nanos[i] : b.nanos[b.size - 1];
        }

        private static boolean plain(CallBlock b, int i) {
            byte k = b.kind[i];
            return k == CallBlock.ENTER || (k == CallBlock.EXIT || k == CallBlock.CALL) && b.exitKind[i].returned();
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
            if (queue.size() > 1 && !v.needsThreadsInterleaved() && runAhead(queue, v, handOver, valuesHandOver, threadEnd)) {
                continue;
            }
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

    /**
     * For a visitor that does not need plain calls interleaved exactly: the earliest thread runs
     * ahead up to the limit of the others (see {@link Cursor#aheadLimit}: every thread's waiting
     * events before it are plain calls, and no thread has an event still to load before it), its
     * waiting events first, then, once they are used up, decoded straight into the visitor (no
     * block) until an event that is not a plain call or not before the limit, which waits in the
     * block. In exact order all events before the limit come before any later one, so the visitor
     * sees the same events before every event that is not a plain call. False if there was
     * nothing to deliver (the exact step goes on).
     */
    private static boolean runAhead(PriorityQueue<Cursor> queue, CallVisitor v, CurrentRecord handOver,
                                         CurrentValues valuesHandOver, java.util.function.Consumer<ThreadInfo> threadEnd) {
        Cursor c = queue.peek();
        if (!c.loaded) return false;
        queue.poll();
        long until = Long.MAX_VALUE;
        for (Cursor o : queue) until = Math.min(until, o.aheadLimit());
        CallBlock b = c.events;
        c.aheadLimit(); // how far its waiting events are plain
        int from = c.next;
        while (c.next < c.plainUntil && b.nanos[c.next] < until) b.deliver(c.next++, v, handOver, valuesHandOver, null);
        if (c.next < b.size || handOver != null || valuesHandOver != null) {
            boolean moved = c.next > from;
            if (c.next >= b.size && !c.fill()) {
                threadEnd.accept(c.thread);
                return true;
            }
            c.key = c.events.nanos[c.next];
            queue.add(c);
            return moved;
        }
        b.clear();
        c.next = 0;
        c.plainUntil = 0;
        b.passTo = v;
        b.passUntil = until;
        boolean more = true;
        try {
            while (b.size == 0 && (more = c.replay.step(STEP))) { }
        } finally {
            b.passTo = null;
            b.passUntil = Long.MIN_VALUE;
        }
        if (b.size == 0) { // !more: the thread is done
            threadEnd.accept(c.thread);
            return true;
        }
        c.key = b.nanos[0];
        queue.add(c);
        return true;
    }
}
