package io.jtrace.read;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ThreadInfo;

import java.util.List;

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

    private static final class Cursor {
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
            plainUntil = 0;
            while (events.size == 0) {
                if (!replay.step(STEP)) return false;
            }
            return true;
        }

        /**
         * How far this thread's events are known to come before a common time (see
         * {@link #runAhead}): those before the first that is not a plain call, in the block
         * as it is, or all before its last event's time (what comes after the block is no earlier);
         * a thread not loaded yet, none before its first batch's time.
         */
        long windowLimit() {
            if (!loaded) return key;
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

        /** Whether this cursor's next event comes before {@code o}'s: earlier, or at the same time on a thread of lower ordinal. */
        boolean before(Cursor o) {
            return key < o.key || key == o.key && ordinal < o.ordinal;
        }
    }

    /**
     * The cursors ordered by their next event (a binary heap): the earliest at the top, the second
     * one of its children. The merge switches threads every few events where they ran at once, and
     * each switch changes only the top's key: one sift down on the cursors' own fields, where a
     * {@code PriorityQueue}'s poll and add made two through {@code compareTo}.
     */
    private static final class Cursors {
        private Cursor[] heap;
        int size;

        Cursors(int capacity) {
            heap = new Cursor[Math.max(1, capacity)];
        }

        Cursor top() {
            return heap[0];
        }

        Cursor at(int i) {
            return heap[i];
        }

        /** The cursor whose next event comes after the top's and before every other's; null if the top is alone. */
        Cursor second() {
            if (size < 2) return null;
            if (size == 2) return heap[1];
            return heap[1].before(heap[2]) ? heap[1] : heap[2];
        }

        void add(Cursor c) {
            if (size == heap.length) heap = java.util.Arrays.copyOf(heap, size * 2);
            int i = size++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                Cursor p = heap[parent];
                if (!c.before(p)) break;
                heap[i] = p;
                i = parent;
            }
            heap[i] = c;
        }

        /** The top's key moved on (later): back to its place. */
        void topMoved() {
            Cursor c = heap[0];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) break;
                if (child + 1 < size && heap[child + 1].before(heap[child])) child++;
                if (!heap[child].before(c)) break;
                heap[i] = heap[child];
                i = child;
            }
            heap[i] = c;
        }

        void removeTop() {
            Cursor last = heap[--size];
            heap[size] = null;
            if (size > 0) {
                heap[0] = last;
                topMoved();
            }
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
        Cursors cursors = new Cursors(threads.size());
        for (TraceIndex.ThreadBatches t : threads) cursors.add(new Cursor(index, t, records, values));
        while (cursors.size > 0) {
            if (cursors.size > 1 && !v.needsThreadsInterleaved() && runAhead(cursors, v, handOver, valuesHandOver, threadEnd)) {
                continue;
            }
            Cursor c = cursors.top();
            if (!c.loaded || c.next >= c.events.size) {
                if (!c.fill()) {
                    threadEnd.accept(c.thread);
                    cursors.removeTop();
                    continue;
                }
                long head = c.events.nanos[c.next];
                if (head != c.key) { // its real head may be later than its batch's base time
                    c.key = head;
                    cursors.topMoved();
                    continue;
                }
            }
            Cursor second = cursors.second();
            // c goes on while its events come before second's: earlier, or at the same time on a
            // thread of lower ordinal (stopping sooner would only cost a trip through the heap,
            // whose order decides). One comparison per event: a branch of its own for equal times,
            // taken rarely and late, cost a recompilation of this loop each time it was.
            long until = second == null ? Long.MAX_VALUE
                    : second.key + (c.ordinal < second.ordinal && second.key != Long.MAX_VALUE ? 1 : 0);
            CallBlock b = c.events;
            boolean ended = false;
            while (true) {
                b.deliver(c.next++, v, handOver, valuesHandOver, null);
                if (c.next >= b.size) {
                    if (!c.fill()) {
                        threadEnd.accept(c.thread);
                        ended = true;
                        break;
                    }
                    b = c.events;
                }
                c.key = b.nanos[c.next];
                if (c.key >= until) break;
            }
            if (ended) cursors.removeTop();
            else cursors.topMoved();
        }
    }

    /**
     * For a visitor that does not need plain calls interleaved exactly: the earliest thread runs
     * ahead up to the limit of the others (see {@link Cursor#windowLimit}: every thread's waiting
     * events before it are plain calls, and no thread has an event still to load before it), its
     * waiting events first, then, once they are used up, decoded straight into the visitor (no
     * block) until an event that is not a plain call or not before the limit, which waits in the
     * block. In exact order all events before the limit come before any later one, so the visitor
     * sees the same events before every event that is not a plain call. False if there was
     * nothing to deliver (the exact step goes on).
     */
    private static boolean runAhead(Cursors cursors, CallVisitor v, CurrentRecord handOver,
                                    CurrentValues valuesHandOver, java.util.function.Consumer<ThreadInfo> threadEnd) {
        Cursor c = cursors.top();
        if (!c.loaded) return false;
        long until = Long.MAX_VALUE;
        for (int i = 1; i < cursors.size; i++) until = Math.min(until, cursors.at(i).windowLimit());
        CallBlock b = c.events;
        c.windowLimit(); // how far its waiting events are plain
        int from = c.next;
        while (c.next < c.plainUntil && b.nanos[c.next] < until) b.deliver(c.next++, v, handOver, valuesHandOver, null);
        if (c.next < b.size || handOver != null || valuesHandOver != null) {
            boolean moved = c.next > from;
            if (c.next >= b.size && !c.fill()) {
                threadEnd.accept(c.thread);
                cursors.removeTop();
                return true;
            }
            c.key = c.events.nanos[c.next];
            cursors.topMoved();
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
            cursors.removeTop();
            return true;
        }
        c.key = b.nanos[0];
        cursors.topMoved();
        return true;
    }
}
