package io.jtrace.analysis;

import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A visitor that builds the model event of each call it is given and hands every event on; the
 * calls carry their recorded values ({@code run --args}) if it is given where to read them.
 */
public final class EventBuilder implements CallVisitor {
    private final Supplier<CallValues> values;
    private final Consumer<TraceEvent> next;

    public EventBuilder(Consumer<TraceEvent> next) {
        this(null, next);
    }

    /** {@code values}: the values of the call being given (a replay's {@code CurrentValues}); null: none. */
    public EventBuilder(Supplier<CallValues> values, Consumer<TraceEvent> next) {
        this.values = values;
        this.next = next;
    }

    private CallValues values() {
        return values == null ? null : values.get();
    }

    @Override
    public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
        next.accept(new MethodEnter(thread, nanos, depth, method, values()));
    }

    @Override
    public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        next.accept(new MethodExit(thread, nanos, depth, method, durationNanos, kind, exception, values()));
    }

    @Override
    public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        next.accept(new MethodCall(thread, nanos, depth, method, durationNanos, kind, exception, values()));
    }

    @Override
    public void other(TraceEvent e) {
        next.accept(e);
    }
}
