package io.jtrace.cli;

import io.jtrace.analysis.CallTree;
import io.jtrace.compare.RecordingDiff;
import io.jtrace.compare.SummaryDiff;
import io.jtrace.compare.ThreadPairs;
import io.jtrace.format.DiffTextWriter;
import io.jtrace.format.FlameGraphHtmlWriter;
import io.jtrace.format.SummaryDiffTextWriter;
import io.jtrace.model.RecordingInfo;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.recording.Selection;
import io.jtrace.replay.Replay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/** {@code jtrace diff A B}: where two runs part ways, and what changed between them (docs/diff.md). */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {"Compare two recordings: where two runs part ways, and what changed between them.",
            "By default, per thread, the first event that differs (another method called, a different exception, argument, return or written value where both recorded them), shown like 'diff -u' of 'print'. Threads pair by name (pool numbers aside), methods by class, name and descriptor; times and identity hashes never count. Exit status: 0 the same, 1 different, 2 trouble, as diff(1)."})
final class DiffCommand extends RecordingCommand {
    /** What to write. */
    enum Format { text, flamegraph }

    @Parameters(index = "1", paramLabel = "B", description = "The recording compared with FILE (A): usually a later run.")
    Path fileB;

    @Option(names = "--context", paramLabel = "N", defaultValue = "3",
            description = "Show N shared events before a divergence and N events of each run from it (default: ${DEFAULT-VALUE}).")
    Integer context;

    @Option(names = "--all", description = "Every divergent region, not only the first per thread: a region ends where both"
            + " runs leave the frame they parted in; its calls only in A and only in B are counted.")
    boolean all;

    @Option(names = "--summary", description = "Per method calls, total and self time in A and B with signed deltas, the"
            + " largest change first; exceptions per type.")
    boolean summary;

    @Option(names = "--sort", paramLabel = "COLUMN", defaultValue = "self",
            description = "With --summary, sort by the change of: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    SummaryDiff.Sort sort;

    @Option(names = "--top", paramLabel = "N", defaultValue = "20",
            description = "With --summary, show the first N methods (default: ${DEFAULT-VALUE}).")
    Integer top;

    @Option(names = "--fail-above", paramLabel = "PERCENT",
            description = "With --summary, exit 1 only if a method's self time grew by more than PERCENT per cent of A's (e.g. 10), else 0.")
    String failAbove;

    @Option(names = "--pair", paramLabel = "A-THREAD=B-THREAD",
            description = "Compare this thread of A with this thread of B (names or ids). Repeatable.")
    List<String> pairs;

    @Option(names = "--ignore", paramLabel = "PATTERN",
            description = "Leave out calls of methods matching (com.acme.log.**, *Cache.get), with all they call. Repeatable.")
    List<String> ignore;

    @Mixin
    ThreadOption thread;

    @Option(names = "--depth", paramLabel = "N", description = "Compare at most N levels of calls.")
    Integer depth;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, or flamegraph: B's call tree as an HTML flame graph coloured by the change of self time"
                    + " against A (needs -o).")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Write the flame graph to OUT.")
    Path output;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws IOException {
        requirePositive("--top", top);
        requirePositive("--depth", depth);
        if (context < 0) throw new UserException("--context must be 0 or more, not " + context);
        double failFraction = failAbove == null ? -1 : percent(failAbove);
        if (failAbove != null && !summary) throw new UserException("--fail-above goes with --summary");
        if (format == Format.flamegraph && (summary || all)) {
            throw new UserException("--format flamegraph is a report of its own: not with --summary or --all");
        }
        if (format == Format.flamegraph && (output == null || output.toString().equals("-"))) {
            throw new UserException("--format flamegraph writes HTML; give its file with -o OUT.html");
        }
        if (format == Format.text && output != null) throw new UserException("-o goes with --format flamegraph");
        List<ThreadPairs.Given> given = new ArrayList<>();
        if (pairs != null) {
            for (String p : pairs) {
                try {
                    given.add(ThreadPairs.Given.parse(p));
                } catch (IllegalArgumentException e) {
                    throw new UserException(e.getMessage());
                }
            }
        }
        MethodFilter ignored = ignore == null ? null : methodFilter(ignore, List.of());
        Path target = output == null ? null : OutputFiles.check(output, file);
        if (target != null && target.toAbsolutePath().normalize().equals(fileB.toAbsolutePath().normalize())) {
            throw new UserException("-o " + output + " is the recording being read");
        }
        Selection selection = Selection.all().withThreads(threadFilter(thread.patterns))
                .withIgnored(ignored == null ? null : ignored::matches)
                .withMaxDepth(depth == null ? 0 : depth);
        try (TraceIndex indexA = open(file); TraceIndex indexB = open(fileB)) {
            selectThreads(indexA, file, thread.patterns); // a --thread that matches nothing names the threads there are
            Recording a = Recording.of(indexA);
            Recording b = Recording.of(indexB);
            int status;
            if (summary) {
                SummaryDiff diff = SummaryDiff.compare(a, b, selection, sort);
                new SummaryDiffTextWriter(out(), color.ansi(), top).write(file.toString(), fileB.toString(), diff, sort);
                if (failFraction >= 0) {
                    List<SummaryDiff.MethodRow> grew = diff.grewMoreThan(failFraction);
                    if (!grew.isEmpty()) {
                        err().println("jtrace diff: self time of " + grew.size() + " method(s) grew by more than " + failAbove
                                + ", e.g. " + grew.get(0).info().displayName());
                    }
                    status = grew.isEmpty() ? 0 : 1;
                } else {
                    status = diff.sameCounts() ? 0 : 1;
                }
            } else if (format == Format.flamegraph) {
                status = flameGraph(indexA, indexB, selection, target);
            } else {
                RecordingDiff diff;
                try {
                    diff = RecordingDiff.compare(a, b, selection, new RecordingDiff.Options(context, all, given));
                } catch (IllegalArgumentException e) {
                    throw new UserException(e.getMessage());
                }
                new DiffTextWriter(out(), color.ansi()).write(file.toString(), fileB.toString(), diff);
                if (diff.lostRecords()) warn("records were lost in a compared thread: it was compared up to the gap only");
                status = diff.same() ? 0 : 1;
            }
            int damage = Math.max(finish(indexA), finish(indexB));
            return damage != 0 ? damage : status;
        }
    }

    /** B's call tree coloured by the change of self time against A's; 0 if every path's self time is the same. */
    private int flameGraph(TraceIndex a, TraceIndex b, Selection selection, Path target) throws IOException {
        UnaryOperator<io.jtrace.analysis.CallVisitor> all = UnaryOperator.identity();
        OutputFiles.create(target, output);
        try (Writer sink = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(target), StandardCharsets.UTF_8), 1 << 16)) {
            FlameGraphHtmlWriter writer = new FlameGraphHtmlWriter(sink);
            writer.begin(new RecordingInfo(fileB + " against " + file, b.epochNanosOrigin(), b.threads(), b.records()));
            CallTree treeA = Replay.of(a, Recording.of(a).threads(selection)).callTree(writer.treeOptions(), all);
            CallTree treeB = Replay.of(b, Recording.of(b).threads(selection)).callTree(writer.treeOptions(), all);
            writer.end(treeB, treeA);
        }
        err().println(String.format(Locale.ROOT, "jtrace: differential flame graph of %s against %s -> %s (%s)",
                fileB.getFileName(), file.getFileName(), output, RunReport.bytes(Files.size(target))));
        return 0;
    }

    /** {@code 10%} or {@code 10} as 0.10. */
    private static double percent(String text) {
        String t = text.endsWith("%") ? text.substring(0, text.length() - 1) : text;
        try {
            double p = Double.parseDouble(t);
            if (p >= 0 && !Double.isInfinite(p)) return p / 100;
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UserException("--fail-above takes a percentage like 10%, not '" + text + "'");
    }
}
