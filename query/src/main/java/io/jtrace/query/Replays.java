package io.jtrace.query;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.NumberedCalls;
import io.jtrace.read.Replay;
import io.jtrace.read.TraceIndex;

/**
 * The one replay every table makes: all threads, interleaved by time, with calls numbered
 * ({@link NumberedCalls}). So a table's {@code call_id} names the same call as the calls table's,
 * whichever table a statement reads.
 */
final class Replays {
    private Replays() {}

    private static final NumberedCalls.Ended IGNORED = (t, id, parent, depth, m, start, duration, self, kind, x) -> { };

    static void run(TraceIndex index, NumberedCalls numbered) {
        Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).into(numbered);
    }

    /** Calls numbered in front of {@code next}, which does not need them reported. */
    static NumberedCalls numbered(CallVisitor next) {
        return new NumberedCalls(next, IGNORED);
    }

    /** A visitor of the events other than calls, which knows the call each one happened in. */
    abstract static class OtherEvents extends CallAdapter {
        private NumberedCalls numbered;

        /** The call of the event being visited; 0 outside any call or in an unknown frame. */
        long call() {
            return numbered.current();
        }

        void replay(TraceIndex index) {
            numbered = numbered(this);
            run(index, numbered);
        }
    }
}
