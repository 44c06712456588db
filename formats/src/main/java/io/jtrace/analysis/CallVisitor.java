package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

/**
 * A thread's events as a reader replays them, with the three that make up almost every trace
 * (enter, exit, and a call with no traced callees) passed as plain arguments: an aggregate over
 * tens of millions of calls then allocates nothing per call. The arguments mean what the fields
 * of {@link MethodEnter}, {@link MethodExit} and {@link MethodCall} mean.
 */
public interface CallVisitor {
    void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method);

    void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
              ExceptionRef exception);

    void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
              ExceptionRef exception);

    /**
     * A frame that was already running when tracing started (jtrace attach): its enter was never
     * recorded, its exit is about to be. By default an enter at the time its first record shows it,
     * so every analysis sees balanced frames; the text trace marks it {@code ^}.
     */
    default void enteredBeforeTracing(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
        enter(thread, nanos, depth, method);
    }

    /** Any other event: lost records, exception events, variable accesses, lines. */
    void other(TraceEvent e);

    /**
     * Asked by a replay of several threads by time before it hands over plain calls (enters, and
     * exits and calls that returned): whether this visitor needs them in their exact order by time
     * across threads. If not, one thread may run ahead of the others through plain calls, as long
     * as every event that is not a plain call still comes after exactly the events that come
     * before it in the exact order (each thread's own order is always kept). A false answer must
     * hold until the visitor is given an event that is not a plain call. A visitor that only
     * counts plain calls while it has nothing open says false then ({@code ExceptionFlow}); one
     * that writes them out never does. Running ahead saves the merge's work where threads
     * interleave every few calls. Default: true.
     */
    default boolean needsThreadsInterleaved() {
        return true;
    }

    /** Passes a model event to the matching method of {@code v}. */
    static void dispatch(TraceEvent e, CallVisitor v) {
        if (e instanceof MethodEnter m) {
            v.enter(m.thread(), m.nanos(), m.depth(), m.method());
        } else if (e instanceof MethodExit m) {
            v.exit(m.thread(), m.nanos(), m.depth(), m.method(), m.durationNanos(), m.kind(), m.exception());
        } else if (e instanceof MethodCall m) {
            v.call(m.thread(), m.nanos(), m.depth(), m.method(), m.durationNanos(), m.kind(), m.exception());
        } else {
            v.other(e);
        }
    }
}
