package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

/** A visitor that ignores everything: extend it and override only what you need. */
public abstract class CallAdapter implements CallVisitor {
    @Override
    public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
    }

    @Override
    public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
    }

    @Override
    public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
    }

    @Override
    public void other(TraceEvent e) {
    }

    /** Counts calls (an enter with callees, or a call without): what 'jtrace run' reports. */
    public static final class CallCount extends CallAdapter {
        private long calls;

        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            calls++;
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            calls++;
        }

        public long calls() {
            return calls;
        }
    }
}
