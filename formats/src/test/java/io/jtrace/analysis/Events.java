package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a thread's events the way the reader gives them: {@code enter("a", 0)} ...
 * {@code exit(10)}; a frame with no callees becomes a {@link MethodCall}. Durations follow
 * from the times, depths from the nesting.
 */
public final class Events {
    public final ThreadInfo thread;
    private final List<TraceEvent> events = new ArrayList<>();
    private final List<Object[]> open = new ArrayList<>(); // {method, enterNanos, hasCallees, index}
    private static final Map<String, MethodInfo> METHODS = new HashMap<>();

    public Events(long id, String name) {
        this.thread = new ThreadInfo(id, name, false, (int) id);
    }

    public static MethodInfo method(String qualified) {
        return METHODS.computeIfAbsent(qualified, q -> {
            int dot = q.lastIndexOf('.');
            return new MethodInfo(METHODS.size() + 1, q.substring(0, dot), q.substring(dot + 1), "()V", "X.java", 1, 0);
        });
    }

    public Events enter(String m, long nanos) {
        if (!open.isEmpty()) markHasCallees();
        open.add(new Object[]{method(m), nanos, false, events.size()});
        events.add(null); // decided at exit: an enter, or a leaf call
        return this;
    }

    private void markHasCallees() {
        Object[] top = open.get(open.size() - 1);
        if (!(Boolean) top[2]) {
            top[2] = true;
            events.set((Integer) top[3], new MethodEnter(thread, (Long) top[1], open.size() - 1, (MethodInfo) top[0]));
        }
    }

    public Events exit(long nanos) {
        return exit(nanos, ExitKind.RETURN);
    }

    public Events exit(long nanos, ExitKind kind) {
        Object[] f = open.remove(open.size() - 1);
        MethodInfo m = (MethodInfo) f[0];
        long start = (Long) f[1];
        ExceptionRef x = kind == ExitKind.EXCEPTION ? new ExceptionRef("java.lang.IllegalStateException", 42) : null;
        if ((Boolean) f[2]) {
            events.add(new MethodExit(thread, nanos, open.size(), m, nanos - start, kind, x));
        } else {
            events.set((Integer) f[3], new MethodCall(thread, start, open.size(), m, nanos - start, kind, x));
        }
        return this;
    }

    public Events lost(long nanos, int depth, long batches) {
        events.add(new RecordsLost(thread, nanos, depth, batches));
        return this;
    }

    public List<TraceEvent> list() {
        if (!open.isEmpty()) throw new IllegalStateException("unbalanced: " + open.size() + " open");
        return events;
    }
}
