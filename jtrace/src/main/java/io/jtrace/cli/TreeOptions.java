package io.jtrace.cli;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.format.CallTreeTextWriter;
import io.jtrace.model.ThreadInfo;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.recording.MethodView;
import io.jtrace.recording.Recording;
import io.jtrace.report.CallTreeReport;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;

/** The options of {@code tree} (the command and the shell's), over the library's {@link CallTreeReport}. */
final class TreeOptions extends ReportOptions {
    @Mixin
    SelectionOptions select;

    @Option(names = "--merge", description = "One tree for all threads instead of one per thread.")
    boolean merge;

    @Option(names = "--depth", paramLabel = "N", description = "Show at most N levels of calls.")
    Integer depth;

    @Option(names = "--min-percent", paramLabel = "P",
            description = "Hide call paths with less than P percent of their tree's time.")
    Double minPercent;

    @Option(names = "--focus", paramLabel = "PATTERN",
            description = "Root the tree at the calls of matching methods (Bank.transfer, com.acme.**).")
    String focus;

    @Option(names = "--no-times", description = "Leave out times and percentages (to diff two runs).")
    boolean noTimes;

    @Mixin
    ColorOption color;

    @Override
    public void check() {
        JtraceCommand.requirePositive("--depth", depth);
        if (minPercent != null && (minPercent < 0 || minPercent > 100 || minPercent.isNaN())) {
            throw new UserException("--min-percent must be between 0 and 100, not "
                    + (minPercent == Math.rint(minPercent) && !minPercent.isInfinite() ? Long.toString(minPercent.longValue()) : minPercent.toString()));
        }
        select.methods(); // a bad pattern is a usage error before the recording is read
        if (focus != null) JtraceCommand.methodFilter(List.of(focus), List.of());
    }

    @Override
    public void add(SessionScope scope) {
        select.add(scope);
        color.add(scope);
        noTimes |= !scope.times();
    }

    @Override
    public void run(Recording recording, Output output) throws IOException {
        MethodView view = new MethodView(select.methods(), 0);
        MethodFilter focusFilter = focus == null ? null : JtraceCommand.methodFilter(List.of(focus), List.of());
        List<ThreadInfo> threads = recording.threads(select.thread.patterns);
        warnIfNothingSelected(recording, view, output.warn());
        CallTree tree = CallTreeReport.of(recording, threads, new CallTreeBuilder.Options(merge, depth == null ? 0 : depth,
                CallTreeReport.focus(recording, focusFilter, focus)), view::in);
        CallTreeTextWriter.Options options = new CallTreeTextWriter.Options(!noTimes, minPercent == null ? 0 : minPercent, color.ansi());
        // a merged tree can be hundreds of MB of text: straight to the bytes of standard output where it goes there
        (output.bytes() != null ? new CallTreeTextWriter(output.bytes(), output.charset(), options)
                : new CallTreeTextWriter(output.out(), options)).write(tree);
        if (recording.index().records() == 0) output.warn().accept(recording.file() + " holds no traced calls: the traced code never ran");
    }
}
