package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.function.Consumer;

/** A visitor that builds the model event of each call it is given and hands every event on. */
public final class EventBuilder implements CallVisitor {
    private final Consumer<TraceEvent> next;

    public EventBuilder(Consumer<TraceEvent> next) {
        this.next = next;
    }

    @Override
    public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
        next.accept(new MethodEnter(thread, nanos, depth, method));
    }

    @Override
    public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        next.accept(new MethodExit(thread, nanos, depth, method, durationNanos, kind, exception));
    }

    @Override
    public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        next.accept(new MethodCall(thread, nanos, depth, method, durationNanos, kind, exception));
    }

    @Override
    public void other(TraceEvent e) {
        next.accept(e);
    }
}
