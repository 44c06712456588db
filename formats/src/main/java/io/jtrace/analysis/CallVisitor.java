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
