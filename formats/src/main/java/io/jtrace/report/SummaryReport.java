package io.jtrace.report;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.analysis.RecordingSummary;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.SampleProfile;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.replay.Replay;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Time and calls per method and per thread, the span, event counts, lost data and execution
 * samples: what {@code jtrace summary} (and the shell's {@code summary}) writes with
 * {@link io.jtrace.format.SummaryTextWriter}.
 */
public final class SummaryReport {
    private SummaryReport() {}

    /**
     * The summary of the calls of {@code threads} that {@code view} shows (it wraps the statistics'
     * visitor: the method selection); {@code top}: how many of the samples' hottest frames to keep.
     */
    public static RecordingSummary of(Recording recording, List<ThreadInfo> threads, UnaryOperator<CallVisitor> view, int top) {
        TraceIndex index = recording.index();
        MethodStatistics stats = new MethodStatistics(3);
        Replay.of(index, threads).afterThread(stats::endThread).into(view.apply(stats.visitor()));
        SampleProfile.Result samples = index.samples().samples() == 0 ? null : index.samples().analyse(tracedMethods(index), top);
        return new RecordingSummary(recording.file().toString(), stats.lastNanos() - stats.firstNanos(), stats,
                index.dataLossEvents(), index.dataLossBytes(), index.damage(), samples);
    }

    /**
     * The statistics behind summary's estimates of untimed calls ({@link MethodStatistics#untimedEstimateNanos}),
     * over every thread: what query's {@code calls.estimated_ns} shows. A recording whose agent
     * counted no untimed call is not replayed.
     */
    public static MethodStatistics untimedEstimates(Recording recording) {
        TraceIndex index = recording.index();
        MethodStatistics statistics = new MethodStatistics(0);
        if (index.untimedCalls() != 0) Replay.of(index, recording.threads()).into(statistics.visitor());
        statistics.methods(); // works the estimates out now, once
        return statistics;
    }

    /** Whether a sampled frame is one of the recording's traced methods. */
    private static Predicate<SampleProfile.Frame> tracedMethods(TraceIndex index) {
        Set<SampleProfile.Frame> traced = new HashSet<>();
        for (MethodInfo m : index.symbols().methods()) {
            traced.add(new SampleProfile.Frame(m.className(), m.name(), m.descriptor()));
        }
        return traced::contains;
    }
}
