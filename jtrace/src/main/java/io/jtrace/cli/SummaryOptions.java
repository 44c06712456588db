package io.jtrace.cli;

import io.jtrace.analysis.RecordingSummary;
import io.jtrace.format.SummaryTextWriter;
import io.jtrace.model.ThreadInfo;
import io.jtrace.recording.MethodView;
import io.jtrace.recording.Recording;
import io.jtrace.report.SummaryReport;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;

/** The options of {@code summary} (the command and the shell's), over the library's {@link SummaryReport}. */
final class SummaryOptions extends ReportOptions {
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
    public void check() {
        JtraceCommand.requirePositive("--top", top);
        select.methods(); // a bad pattern is a usage error before the recording is read
    }

    @Override
    public void add(SessionScope scope) {
        select.add(scope);
        color.add(scope);
    }

    @Override
    public void run(Recording recording, Output output) {
        MethodView view = new MethodView(select.methods(), 0);
        List<ThreadInfo> threads = recording.threads(select.thread.patterns);
        warnIfNothingSelected(recording, view, output.warn());
        RecordingSummary summary = SummaryReport.of(recording, threads, view::in, top);
        new SummaryTextWriter(output.out(), new SummaryTextWriter.Options(sort, top, color.ansi())).write(summary);
        if (recording.index().records() == 0) output.warn().accept(recording.file() + " holds no traced calls: the traced code never ran");
    }
}
