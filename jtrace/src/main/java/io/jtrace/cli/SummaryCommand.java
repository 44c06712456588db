package io.jtrace.cli;

import io.jtrace.recording.MethodView;
import io.jtrace.analysis.RecordingSummary;
import io.jtrace.format.SummaryTextWriter;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.report.SummaryReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;

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
        MethodView view = new MethodView(select.methods(), 0);
        try (TraceIndex index = open()) {
            List<ThreadInfo> threads = select.threads(index, file);
            warnIfNothingSelected(index, view);
            RecordingSummary summary = SummaryReport.of(Recording.of(index), threads, view::in, top);
            new SummaryTextWriter(out(), new SummaryTextWriter.Options(sort, top, color.ansi())).write(summary);
            if (index.records() == 0) warn(file + " holds no traced calls: the traced code never ran");
            return finish(index);
        }
    }
}
