package io.jtrace.cli;

import io.jtrace.agent.filter.MethodFilter;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What a reader asked to see: methods selected by include/exclude patterns and frames up to a
 * depth. Hidden frames do not indent: a shown event's depth counts only shown frames around it.
 */
final class TraceView {
    private final MethodFilter methods;
    private final int maxDepth;
    private final Map<Long, FrameFlags> threads = new HashMap<>();

    /** Per thread: for each open frame, whether it is shown. */
    private static final class FrameFlags {
        boolean[] shown = new boolean[64];
        int depth;
        int shownDepth;

        void push(boolean s) {
            if (depth == shown.length) shown = Arrays.copyOf(shown, depth * 2);
            shown[depth++] = s;
            if (s) shownDepth++;
        }

        boolean pop() {
            if (depth == 0) return false;
            boolean s = shown[--depth];
            if (s) shownDepth--;
            return s;
        }
    }

    TraceView(MethodFilter methods, int maxDepth) {
        this.methods = methods;
        this.maxDepth = maxDepth <= 0 ? Integer.MAX_VALUE : maxDepth;
        this.identity = methods.isEmpty() && this.maxDepth == Integer.MAX_VALUE;
    }

    /** Decided once: apply() runs for every event. */
    private final boolean identity;

    boolean isIdentity() {
        return identity;
    }

    /** The event as shown (depth adjusted), or null if hidden. */
    TraceEvent apply(TraceEvent e) {
        if (isIdentity()) return e;
        FrameFlags f = threads.computeIfAbsent(e.thread().id(), k -> new FrameFlags());
        if (e instanceof MethodEnter m) {
            int d = f.shownDepth;
            boolean shown = selected(m.method()) && d < maxDepth;
            f.push(shown);
            return shown ? new MethodEnter(m.thread(), m.nanos(), d, m.method()) : null;
        }
        if (e instanceof MethodExit m) {
            boolean shown = f.pop();
            return shown ? new MethodExit(m.thread(), m.nanos(), f.shownDepth, m.method(), m.durationNanos(), m.kind(), m.exception()) : null;
        }
        if (e instanceof MethodCall m) {
            int d = f.shownDepth;
            return selected(m.method()) && d < maxDepth
                    ? new MethodCall(m.thread(), m.nanos(), d, m.method(), m.durationNanos(), m.kind(), m.exception()) : null;
        }
        if (e instanceof ExceptionEvent x) {
            // shown with the frame it happened in, one level under it (so --depth counts it as a level)
            return (f.depth == 0 || f.shown[f.depth - 1]) && f.shownDepth < maxDepth ? x.atDepth(f.shownDepth) : null;
        }
        if (e instanceof RecordsLost l) {
            // Frames below a gap are unknown: show them as one level each.
            f.depth = 0;
            f.shownDepth = 0;
            for (int i = 0; i < l.depth(); i++) f.push(true);
            return l;
        }
        if (e instanceof VariableAccess || e instanceof LineExecuted) {
            // Shown inside a shown frame (at the depth of its callees); hidden with a hidden frame.
            boolean frameShown = f.depth == 0 || f.shown[f.depth - 1];
            if (!frameShown || f.shownDepth >= maxDepth) return null;
            int d = f.shownDepth;
            if (e instanceof VariableAccess v) {
                return new VariableAccess(v.thread(), v.nanos(), d, v.method(), v.variable(), v.owner(), v.array(), v.index(), v.value());
            }
            LineExecuted l = (LineExecuted) e;
            return new LineExecuted(l.thread(), l.nanos(), d, l.method(), l.line());
        }
        return e;
    }

    private boolean selected(MethodInfo m) {
        return methods.isEmpty() || methods.matches(m.className(), m.name());
    }
}
