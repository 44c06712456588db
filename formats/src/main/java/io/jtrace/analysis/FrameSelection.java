package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.Arrays;

/**
 * A visitor in front of another that passes on only some frames (the calls a pattern, a depth
 * limit or a time window selects): a hidden frame's exit is hidden too, and depths count shown
 * frames only, so hidden frames do not indent. What is shown is decided by the subclass; the
 * per-thread stack of shown/hidden frames is kept here, once.
 */
public abstract class FrameSelection implements CallVisitor {
    private final CallVisitor next;
    private Frames[] byThread = new Frames[8];

    /** Per thread: for each open frame, whether it is shown. */
    private static final class Frames extends FrameContext {
        boolean[] shown = new boolean[64];
        int shownDepth;
        /** Whether the unknown frames below a gap being applied are shown. */
        boolean unknownShown;

        Frames() {
            super(64);
        }

        @Override
        protected void grow(int capacity) {
            shown = Arrays.copyOf(shown, capacity);
        }

        @Override
        protected void cut(int level) {
            if (shown[level]) shownDepth--;
        }

        @Override
        protected void unknown(int level, long nanos) {
            set(level, unknownShown);
        }

        void push(boolean s) {
            set(pushLevel(), s);
        }

        private void set(int level, boolean s) {
            shown[level] = s;
            if (s) shownDepth++;
        }

        boolean pop() {
            int level = popLevel();
            if (level < 0) return false;
            boolean s = shown[level];
            if (s) shownDepth--;
            return s;
        }

        boolean innermostShown() {
            int depth = depth();
            return depth == 0 || shown[depth - 1];
        }
    }

    protected FrameSelection(CallVisitor next) {
        this.next = next;
    }

    /** Whether a call of {@code method} entered at {@code nanos}, with {@code shownDepth} shown frames around it, is shown. */
    protected abstract boolean shows(MethodInfo method, long nanos, int shownDepth);

    /**
     * An event other than a call or a gap, as shown (its depth adjusted) or null if hidden;
     * {@code frameShown}: whether the frame it happened in is shown.
     */
    protected abstract TraceEvent showOther(TraceEvent e, boolean frameShown, int shownDepth);

    /** Whether a gap in the records is shown; the frames below it (unknown) are then shown one level each. */
    protected abstract boolean showsGap(RecordsLost gap);

    private Frames frames(ThreadInfo t) {
        int i = t.ordinal();
        if (i < 0) i = 0;
        if (i >= byThread.length) byThread = Arrays.copyOf(byThread, Math.max(i + 1, byThread.length * 2));
        Frames f = byThread[i];
        if (f == null) byThread[i] = f = new Frames();
        return f;
    }

    @Override
    public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
        open(thread, nanos, method, false);
    }

    private void open(ThreadInfo thread, long nanos, MethodInfo method, boolean beforeTracing) {
        Frames f = frames(thread);
        int d = f.shownDepth;
        boolean shown = shows(method, nanos, d);
        f.push(shown);
        if (!shown) return;
        if (beforeTracing) next.enteredBeforeTracing(thread, nanos, d, method);
        else next.enter(thread, nanos, d, method);
    }

    /** A frame running before tracing started: shown or hidden by the same rule as an enter. */
    @Override
    public void enteredBeforeTracing(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
        open(thread, nanos, method, true);
    }

    @Override
    public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        Frames f = frames(thread);
        if (f.pop()) next.exit(thread, nanos, f.shownDepth, method, durationNanos, kind, exception);
    }

    @Override
    public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        int d = frames(thread).shownDepth;
        if (shows(method, nanos, d)) next.call(thread, nanos, d, method, durationNanos, kind, exception);
    }

    @Override
    public void other(TraceEvent e) {
        Frames f = frames(e.thread());
        if (e instanceof RecordsLost gap) {
            boolean shown = showsGap(gap);
            f.unknownShown = shown; // the frames a RESYNC still lists go on, shown as they were
            int kept = f.lost(gap);
            if (shown) next.other(gap.at(f.shownDepth, f.shownDepth - (f.depth() - kept)));
            return;
        }
        TraceEvent shown = showOther(e, f.innermostShown(), f.shownDepth);
        if (shown != null) next.other(shown);
    }
}
