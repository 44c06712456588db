package io.jtrace.cli;

import io.jtrace.recording.MethodView;
import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.format.CallTreeTextWriter;
import io.jtrace.model.ThreadInfo;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.report.CallTreeReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;

/** {@code jtrace tree FILE}: the aggregated call tree. */
@Command(name = "tree", mixinStandardHelpOptions = true,
        description = {"Print the aggregated call tree, one per thread or merged.",
            "Identical call paths are merged, with calls, total and self time and share of the parent per node; one tree per thread, or one for all (--merge). Memory grows with the number of distinct call paths (bound it with --depth)."})
final class TreeCommand extends RecordingCommand {
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
    public Integer call() throws IOException {
        requirePositive("--depth", depth);
        if (minPercent != null && (minPercent < 0 || minPercent > 100 || minPercent.isNaN())) {
            throw new UserException("--min-percent must be between 0 and 100, not " + minPercent);
        }
        MethodView view = new MethodView(select.methods(), 0);
        MethodFilter focusFilter = focus == null ? null : methodFilter(List.of(focus), List.of());
        try (TraceIndex index = open()) {
            List<ThreadInfo> threads = select.threads(index, file);
            warnIfNothingSelected(index, view);
            Recording recording = Recording.of(index);
            CallTree tree = CallTreeReport.of(recording, threads, new CallTreeBuilder.Options(merge, depth == null ? 0 : depth,
                    CallTreeReport.focus(recording, focusFilter, focus)), view::in);
            CallTreeTextWriter.Options options = new CallTreeTextWriter.Options(!noTimes,
                    minPercent == null ? 0 : minPercent, color.ansi());
            java.io.OutputStream bytes = outBytes(); // a merged tree can be hundreds of MB of text
            (bytes != null ? new CallTreeTextWriter(bytes, outCharset(), options) : new CallTreeTextWriter(out(), options))
                    .write(tree);
            if (index.records() == 0) warn(file + " holds no traced calls: the traced code never ran");
            return finish(index);
        }
    }
}
