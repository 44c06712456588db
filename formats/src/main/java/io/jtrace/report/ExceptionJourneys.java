package io.jtrace.report;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.ExceptionFlow;
import io.jtrace.analysis.ExceptionTally;
import io.jtrace.format.ExceptionReportWriter;
import io.jtrace.recording.Recording;
import io.jtrace.replay.Replay;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.function.UnaryOperator;

/**
 * Every exception's journey in the order they were thrown, or counts by type, throw site and
 * catch site: what {@code jtrace exceptions} (and the shell's {@code exceptions}) prints.
 */
public final class ExceptionJourneys {
    private ExceptionJourneys() {}

    /**
     * Writes the journeys {@code filter} keeps (or, with {@code summary}, their counts) to
     * {@code out}; returns how many it kept.
     */
    public static long write(Recording recording, JourneyFilter filter, boolean summary, ExceptionReportWriter.Options options,
                             PrintWriter out) throws IOException {
        ExceptionReportWriter writer = new ExceptionReportWriter(out, options);
        ExceptionTally tally = new ExceptionTally();
        long[] shown = {0};
        each(recording, UnaryOperator.identity(), null, j -> {
            if (!filter.test(j)) return;
            shown[0]++;
            if (summary) tally.accept(j); else writer.journey(j);
        });
        if (summary) writer.summary(tally.summary());
        writer.end();
        return shown[0];
    }

    /**
     * Every exception's journey, each as it ends: the one recipe of the journeys, for this report
     * and query's {@code exceptions} table. Every thread is replayed, by time: a journey may go on
     * in another thread through a cause link. {@code front} wraps the journeys' visitor (query
     * numbers the calls there); {@code steps} is told of each step as it happens (null: no one).
     */
    public static void each(Recording recording, UnaryOperator<CallVisitor> front, ExceptionFlow.StepListener steps,
                            ExceptionFlow.Sink journeys) throws IOException {
        ExceptionFlow flow = steps == null ? new ExceptionFlow(journeys) : new ExceptionFlow(journeys, steps);
        Replay.of(recording.index(), recording.threads()).order(Replay.Order.BY_TIME).into(front.apply(flow.visitor()));
        flow.finish();
    }
}
