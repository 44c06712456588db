package io.jtrace.compare;

import io.jtrace.model.CallValues;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.TraceEvent;

/**
 * One step of a thread as two runs are compared: an event, or one half of a call with no traced
 * callees. A leaf call in one run may have callees in the other ({@code =} against {@code >}):
 * compared as an enter and an exit, the two agree up to the first callee. {@code method}: the
 * number of the method entered or left, the same in both recordings ({@link MethodNumbers}); -1
 * for other events. {@code number}: the event's number in its thread, from 0, as
 * {@link io.jtrace.history.ThreadHistory} numbers them (both halves of a leaf call share it); -1 if unknown.
 */
record Step(TraceEvent event, Part part, int method, long number) {
    enum Part { WHOLE, CALL_ENTER, CALL_EXIT }

    Step(TraceEvent event, Part part, int method) {
        this(event, part, method, -1);
    }

    boolean entersFrame() {
        return event instanceof MethodEnter || part == Part.CALL_ENTER;
    }

    boolean leavesFrame() {
        return event instanceof MethodExit || part == Part.CALL_EXIT;
    }

    /** The method entered or left; null for other events. */
    MethodInfo methodInfo() {
        if (event instanceof MethodEnter e) return e.method();
        if (event instanceof MethodExit e) return e.method();
        if (event instanceof MethodCall e) return e.method();
        return null;
    }

    CallValues values() {
        if (event instanceof MethodEnter e) return e.values();
        if (event instanceof MethodExit e) return e.values();
        if (event instanceof MethodCall e) return e.values();
        return null;
    }
}
