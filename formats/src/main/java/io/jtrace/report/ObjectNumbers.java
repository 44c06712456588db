package io.jtrace.report;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionSuppressed;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.read.TraceIndex;
import io.jtrace.replay.CurrentValues;
import io.jtrace.replay.Replay;
import io.jtrace.text.ObjectIds;

import java.util.HashMap;
import java.util.Map;

/**
 * Numbers for the objects a recording shows by reference ({@code --no-ids}): 1, 2, 3... in the
 * order each identity first appears in the whole recording, all threads by time (a variable's
 * value, owner or array, a call's argument or return value, an exception). Numbered over the
 * whole recording, not over what one report selects, so that every report gives an object the
 * same number; it costs one replay more. Two objects with the same identity hash share a number,
 * as they share the hash.
 */
public final class ObjectNumbers implements ObjectIds {
    private final Map<Long, Integer> numbers = new HashMap<>();

    private ObjectNumbers() {}

    public static ObjectNumbers of(TraceIndex index) {
        ObjectNumbers n = new ObjectNumbers();
        CurrentValues values = index.symbols().hasCallValues() ? new CurrentValues() : null;
        Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).values(values).into(n.new Numbering(values));
        return n;
    }

    @Override
    public String suffix(long identity) {
        Integer number = numbers.get(identity);
        return number == null ? "#?" : "#" + number;
    }

    /** How many objects were numbered. */
    public int size() {
        return numbers.size();
    }

    private void see(long identity) {
        if (identity != 0) numbers.putIfAbsent(identity, numbers.size() + 1);
    }

    private void see(Value v) {
        if (v != null && (v.kind() == Value.Kind.OBJECT || v.kind() == Value.Kind.TEXT)) see(v.identity());
    }

    private final class Numbering extends CallAdapter {
        private final CurrentValues values;

        Numbering(CurrentValues values) {
            this.values = values;
        }

        private void seeValues() {
            CallValues v = values == null ? null : values.get();
            if (v == null) return;
            for (Argument a : v.arguments()) see(a.value());
            if (v.returned() != null) see(v.returned().value());
        }

        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            seeValues();
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            seeValues();
            if (exception != null) see(exception.identity());
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            seeValues();
            if (exception != null) see(exception.identity());
        }

        @Override
        public void other(TraceEvent e) {
            if (e instanceof VariableAccess a) {
                see(a.value()); // in the order print writes them: the value, then its owner or array
                see(a.owner());
                see(a.array());
            } else if (e instanceof ExceptionSuppressed s) {
                see(s.exception().identity());
                see(s.primary().identity());
            } else if (e instanceof ExceptionEvent x && x.exception() != null) {
                see(x.exception().identity());
            }
        }
    }
}
