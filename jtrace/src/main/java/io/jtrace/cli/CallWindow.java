package io.jtrace.cli;

import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Keeps the calls that start in a time window, with their exits even when those come after it
 * (a kept call stays balanced); calls that started before the window are left out, their
 * callees inside it become roots. Depths count kept frames only. Other events are kept if they
 * happen in the window.
 */
final class CallWindow {
    private final long from;
    private final long to;
    private final Map<Long, Frames> threads = new HashMap<>();

    private static final class Frames {
        boolean[] kept = new boolean[64];
        int depth;
        int keptDepth;

        void push(boolean k) {
            if (depth == kept.length) kept = Arrays.copyOf(kept, depth * 2);
            kept[depth++] = k;
            if (k) keptDepth++;
        }

        boolean pop() {
            if (depth == 0) return false;
            boolean k = kept[--depth];
            if (k) keptDepth--;
            return k;
        }
    }

    /** Times in nanoseconds since tracing started; {@code to} inclusive. */
    CallWindow(long from, long to) {
        this.from = from;
        this.to = to;
    }

    boolean isEverything() {
        return from <= 0 && to == Long.MAX_VALUE;
    }

    private boolean inside(long nanos) {
        return nanos >= from && nanos <= to;
    }

    /** The event as kept (depth adjusted), or null. */
    TraceEvent apply(TraceEvent e) {
        if (isEverything()) return e;
        Frames f = threads.computeIfAbsent(e.thread().id(), k -> new Frames());
        if (e instanceof MethodEnter m) {
            int d = f.keptDepth;
            boolean keep = inside(m.nanos());
            f.push(keep);
            return keep ? new MethodEnter(m.thread(), m.nanos(), d, m.method()) : null;
        }
        if (e instanceof MethodExit m) {
            boolean keep = f.pop();
            return keep ? new MethodExit(m.thread(), m.nanos(), f.keptDepth, m.method(), m.durationNanos(), m.kind(), m.exception()) : null;
        }
        if (e instanceof MethodCall m) {
            return inside(m.nanos())
                    ? new MethodCall(m.thread(), m.nanos(), f.keptDepth, m.method(), m.durationNanos(), m.kind(), m.exception()) : null;
        }
        if (e instanceof RecordsLost l) {
            // Frames below a gap are unknown; kept (as one level each) only if the gap is in the window.
            boolean keep = inside(l.nanos());
            f.depth = 0;
            f.keptDepth = 0;
            for (int i = 0; i < l.depth(); i++) f.push(keep);
            return keep ? l : null;
        }
        return inside(e.nanos()) ? e : null;
    }
}
