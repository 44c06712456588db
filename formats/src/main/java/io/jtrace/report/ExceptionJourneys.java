package io.jtrace.report;

import io.jtrace.analysis.ExceptionFlow;
import io.jtrace.analysis.ExceptionTally;
import io.jtrace.format.ExceptionReportWriter;
import io.jtrace.read.Replay;
import io.jtrace.recording.Recording;

import java.io.IOException;
import java.io.PrintWriter;

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
        ExceptionFlow flow = new ExceptionFlow(j -> {
            if (!filter.test(j)) return;
            shown[0]++;
            if (summary) tally.accept(j); else writer.journey(j);
        });
        // every thread is read: a journey may continue on another thread through a cause link
        Replay.of(recording.index(), recording.threads()).order(Replay.Order.BY_TIME).into(flow.visitor());
        flow.finish();
        if (summary) writer.summary(tally.summary());
        writer.end();
        return shown[0];
    }
}
