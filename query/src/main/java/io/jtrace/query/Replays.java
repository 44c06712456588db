package io.jtrace.query;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.NumberedCalls;
import io.jtrace.read.TraceIndex;
import io.jtrace.replay.Replay;

/**
 * How the tables replay a recording: every thread, with calls numbered by {@link NumberedCalls},
 * so a table's {@code call_id} names the same call as the calls table's, whichever order each
 * replays in. Thread by thread where a table's rows do not depend on other threads (much faster
 * than interleaving by time: bench/README.md, "SQL: jtrace query and Parquet"); by time for
 * exception journeys.
 */
final class Replays {
    private Replays() {}

    /** Numbers the calls of {@code index} in front of {@code next}, reporting each ended call to {@code ended}. */
    static NumberedCalls numbered(TraceIndex index, CallVisitor next, NumberedCalls.Ended ended) {
        return new NumberedCalls(next, ended, index.threads().size());
    }

    /** Numbers the calls of {@code index} in front of {@code next}, which does not need them reported. */
    static NumberedCalls numbered(TraceIndex index, CallVisitor next) {
        return numbered(index, next, NumberedCalls.Ended.NONE);
    }

    static void run(TraceIndex index, Replay.Order order, NumberedCalls numbered) {
        Replay.of(index, index.threads()).order(order).into(numbered);
    }

    /** A visitor of the events other than calls, which knows the call each one happened in. */
    abstract static class OtherEvents extends CallAdapter {
        private NumberedCalls numbered;

        /** The call of the event being visited; 0 outside any call or in an unknown frame. */
        long call() {
            return numbered.current();
        }

        /** Replays {@code index} thread by thread into this visitor. */
        void replay(TraceIndex index) {
            numbered = numbered(index, this);
            run(index, Replay.Order.BY_THREAD, numbered);
        }
    }
}
