package io.jtrace.cli;

import io.jtrace.analysis.MethodStatistics;
import io.jtrace.analysis.RecordingSummary;
import io.jtrace.analysis.SampleProfile;
import io.jtrace.read.Replay;
import io.jtrace.read.TraceIndex;
import io.jtrace.format.SummaryTextWriter;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** {@code jtrace summary FILE}: time and calls per method and per thread. */
@Command(name = "summary", mixinStandardHelpOptions = true,
        description = {"Summarize a recording: time and calls per method and per thread.",
            "Per method calls, total, self, average and maximum time and exceptional exits; per thread events, calls and busiest methods; the span, event counts, lost data, and execution samples if recorded with 'jtrace run --sample'."})
final class SummaryCommand extends RecordingCommand {
    @Mixin
    SelectionOptions select;

    @Option(names = "--sort", paramLabel = "COLUMN", defaultValue = "self",
            description = "Sort methods by: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    SummaryTextWriter.Sort sort;

    @Option(names = "--top", paramLabel = "N", defaultValue = "20",
            description = "Show the first N methods and threads (default: ${DEFAULT-VALUE}).")
    Integer top;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws IOException {
        requirePositive("--top", top);
        TraceView view = new TraceView(select.methods(), 0);
        try (TraceIndex index = open()) {
            List<ThreadInfo> threads = select.threads(index, file);
            warnIfNothingSelected(index, view);
            MethodStatistics stats = new MethodStatistics(3);
            Replay.of(index, threads).afterThread(stats::endThread).into(view.in(stats.visitor()));
            SampleProfile.Result samples = index.samples().samples() == 0 ? null
                    : index.samples().analyse(tracedMethods(index), top);
            RecordingSummary summary = new RecordingSummary(file.toString(), stats.lastNanos() - stats.firstNanos(),
                    stats, index.dataLossEvents(), index.dataLossBytes(), index.damage(), samples);
            new SummaryTextWriter(out(), new SummaryTextWriter.Options(sort, top, color.ansi())).write(summary);
            if (index.records() == 0) warn(file + " holds no traced calls: the traced code never ran");
            return finish(index);
        }
    }

    /** Whether a sampled frame is one of the recording's traced methods. */
    private static java.util.function.Predicate<SampleProfile.Frame> tracedMethods(TraceIndex index) {
        Set<SampleProfile.Frame> traced = new HashSet<>();
        for (MethodInfo m : index.symbols().methods()) {
            traced.add(new SampleProfile.Frame(m.className(), m.name(), m.descriptor()));
        }
        return traced::contains;
    }
}
