package io.jtrace.compare;

import io.jtrace.model.EventKind;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
import io.jtrace.recording.Recorded;
import io.jtrace.recording.Selection;
import io.jtrace.replay.ThreadTimeline;

/**
 * One thread's steps as a comparison reads them, pulled from the replay a batch at a time (memory:
 * one batch). Left out: ignored methods' calls with everything under them, frames deeper than the
 * depth limit, variable reads (a different value read follows from a write or an argument), and
 * kinds of events that only one of the two recordings holds.
 */
final class ComparedThread implements StepStream.Source {
    private final ThreadTimeline timeline;
    private final Selection selection;
    private final boolean exceptions;
    private final boolean variables;
    private final boolean lines;
    /** The exit half of the leaf call whose enter half was handed out last. */
    private Step pendingExit;
    /** The left-out frame being skipped. */
    private final IgnoredFrame leftOutFrame = new IgnoredFrame();
    /** Steps handed out. */
    long steps;
    /** Events read from the timeline, left-out ones too: the next event's number in the thread. */
    private long events;

    /** This recording's methods, numbered as in the other recording. */
    private final MethodNumbers.Side methods;

    ComparedThread(ThreadTimeline timeline, Selection selection, Recorded both, MethodNumbers.Side methods) {
        this.timeline = timeline;
        this.methods = methods;
        this.selection = selection;
        this.exceptions = both.has(EventKind.EXCEPTIONS) && selection.reads(EventKind.EXCEPTIONS);
        this.variables = both.has(EventKind.VARIABLES) && selection.reads(EventKind.VARIABLES);
        this.lines = both.has(EventKind.LINES) && selection.reads(EventKind.LINES);
    }

    /** The next step, or null at the thread's end. */
    @Override
    public Step next() {
        if (pendingExit != null) {
            Step s = pendingExit;
            pendingExit = null;
            steps++;
            return s;
        }
        for (TraceEvent e = timeline.next(); e != null; e = timeline.next()) {
            long number = events++;
            if (!counts(e)) continue;
            steps++;
            if (e instanceof MethodCall c) {
                int m = methods.number(c.method());
                pendingExit = new Step(e, Step.Part.CALL_EXIT, m, number);
                return new Step(e, Step.Part.CALL_ENTER, m, number);
            }
            if (e instanceof MethodEnter m) return new Step(e, Step.Part.WHOLE, methods.number(m.method()), number);
            if (e instanceof MethodExit m) return new Step(e, Step.Part.WHOLE, methods.number(m.method()), number);
            return new Step(e, Step.Part.WHOLE, -1, number);
        }
        return null;
    }

    private boolean counts(TraceEvent e) {
        if (leftOutFrame.open()) {
            if (e instanceof MethodExit x) leftOutFrame.exit(x.depth());
            else if (e instanceof RecordsLost l) return leftOutFrame.gap(l);
            return false;
        }
        if (e instanceof MethodEnter m) {
            if (leftOut(m.method(), m.depth())) {
                leftOutFrame.enter(m.depth());
                return false;
            }
            return true;
        }
        if (e instanceof MethodCall m) return !leftOut(m.method(), m.depth());
        if (e instanceof MethodExit || e instanceof RecordsLost) return true;
        // an event inside a frame at depth - 1: within the limit if that frame is
        if (e.depth() > 0 && !selection.withinDepth(e.depth() - 1)) return false;
        if (e instanceof ExceptionEvent) return exceptions;
        if (e instanceof VariableAccess v) return variables && v.variable().write();
        if (e instanceof LineExecuted) return lines;
        return true;
    }

    private boolean leftOut(io.jtrace.model.MethodInfo m, int depth) {
        return !selection.withinDepth(depth) || selection.ignored() != null && methods.ignored(m);
    }
}
