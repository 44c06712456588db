package io.jtrace.analysis;

import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Each call of the selected methods, handed on once it has ended (or the recording ended while it
 * ran), with everything known about it: one row of {@code jtrace calls}. The values come from the
 * replay's side channel ({@code CurrentValues}), which gives an exit its call's arguments too, so
 * nothing is kept per open call here.
 */
public final class Invocations extends CallAdapter {
    /** One call: where and when it started, how long it took, how it ended, and what {@code run --args} recorded of it (or null). */
    public record Invocation(ThreadInfo thread, long nanos, MethodInfo method, long durationNanos, ExitKind kind,
                             ExceptionRef exception, CallValues values) {}

    private final Predicate<MethodInfo> methods;
    private final Supplier<CallValues> values;
    private final Predicate<Invocation> condition;
    private final Consumer<Invocation> next;

    /** {@code condition}: which of the selected calls to hand on to {@code next}. */
    public Invocations(Predicate<MethodInfo> methods, Supplier<CallValues> values, Predicate<Invocation> condition,
                       Consumer<Invocation> next) {
        this.methods = methods;
        this.values = values;
        this.condition = condition;
        this.next = next;
    }

    @Override
    public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        ended(thread, nanos - durationNanos, method, durationNanos, kind, exception);
    }

    @Override
    public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        ended(thread, nanos, method, durationNanos, kind, exception);
    }

    @Override
    public void other(TraceEvent e) {
    }

    private void ended(ThreadInfo thread, long start, MethodInfo method, long duration, ExitKind kind, ExceptionRef exception) {
        if (!methods.test(method)) return;
        Invocation i = new Invocation(thread, start, method, duration, kind, exception, values.get());
        if (condition.test(i)) next.accept(i);
    }
}
