package io.jtrace.history;

import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

/**
 * One event of a {@link ThreadHistory} as a search sees it: reused from event to event (nothing
 * is allocated per call), valid only while the search's test runs; {@link #toEvent} makes a model
 * event of it to keep.
 */
public final class EventView {
    /** What the event is: a frame opened (also one running before tracing started), closed, or both at once (a call with no traced callees); or any other event. */
    public enum Kind { ENTER, EXIT, CALL, OTHER }

    Kind kind;
    long number;
    ThreadInfo thread;
    int depth;
    long nanos;
    MethodInfo method;
    long durationNanos;
    ExitKind exitKind;
    ExceptionRef exception;
    TraceEvent other;
    boolean enteredBeforeTracing;
    CallValues values;

    public Kind kind() {
        return kind;
    }

    /** The event's number in its thread, from 0. */
    public long number() {
        return number;
    }

    /** As in {@link TraceEvent#depth()}: for a call event the depth of its frame, for others the number of open frames. */
    public int depth() {
        return depth;
    }

    /**
     * The event's level: a call event's depth, another event's number of open frames. The events
     * directly inside a frame at depth d have level d + 1; its enter and exit have level d.
     */
    public int level() {
        return depth;
    }

    public long nanos() {
        return nanos;
    }

    /** The method of an enter, exit or call; null for other events. */
    public MethodInfo method() {
        return method;
    }

    public long durationNanos() {
        return durationNanos;
    }

    public ExitKind exitKind() {
        return exitKind;
    }

    public ExceptionRef exception() {
        return exception;
    }

    /** The event itself if it is not an enter, exit or call. */
    public TraceEvent other() {
        return other;
    }

    public boolean enteredBeforeTracing() {
        return enteredBeforeTracing;
    }

    /** What {@code run --args} recorded of the call: arguments at an enter, arguments and return value at an exit or call; else null. */
    public CallValues values() {
        return values;
    }

    /** The event as a model object. */
    public TraceEvent toEvent() {
        return switch (kind) {
            case ENTER -> new MethodEnter(thread, nanos, depth, method, values);
            case EXIT -> new MethodExit(thread, nanos, depth, method, durationNanos, exitKind, exception, values);
            case CALL -> new MethodCall(thread, nanos, depth, method, durationNanos, exitKind, exception, values);
            case OTHER -> other;
        };
    }

    void call(Kind k, ThreadInfo t, long nanos, int depth, MethodInfo m, long duration, ExitKind exitKind, ExceptionRef x,
              CallValues values) {
        this.kind = k;
        this.values = values;
        this.thread = t;
        this.nanos = nanos;
        this.depth = depth;
        this.method = m;
        this.durationNanos = duration;
        this.exitKind = exitKind;
        this.exception = x;
        this.other = null;
        this.enteredBeforeTracing = false;
    }

    void other(TraceEvent e) {
        this.kind = Kind.OTHER;
        this.thread = e.thread();
        this.nanos = e.nanos();
        this.depth = e.depth();
        this.method = null;
        this.durationNanos = 0;
        this.exitKind = null;
        this.exception = null;
        this.other = e;
        this.enteredBeforeTracing = false;
        this.values = null;
    }
}
