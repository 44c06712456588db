package io.jtrace.cli;

import io.jtrace.read.CurrentValues;
import io.jtrace.read.Replay;
import io.jtrace.read.TraceIndex;
import io.jtrace.format.StopOnFailureOutput;
import io.jtrace.format.CallTreeOutput;
import io.jtrace.format.ChromeTraceWriter;
import io.jtrace.format.CollapsedStacksWriter;
import io.jtrace.format.CsvTraceWriter;
import io.jtrace.format.FlameGraphHtmlWriter;
import io.jtrace.format.JsonLinesTraceWriter;
import io.jtrace.format.SpeedscopeTraceWriter;
import io.jtrace.format.TraceWriter;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.write.jfr.JfrTraceWriter;
import io.jtrace.analysis.MethodStatistics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@code jtrace export FILE --format F -o OUT}: the trace in another tool's format. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write the trace in another format (JSON, CSV, Chrome, flame graphs, typed JFR events).",
            "Formats: json (JSON Lines, one event per line), csv, chrome (Chrome Trace Event format: Perfetto, chrome://tracing), speedscope, collapsed (folded stacks for flamegraph.pl), flamegraph (a self-contained HTML flame graph), jfr (a JFR recording with one typed event per call, exception, variable access and line, for JDK Mission Control and 'jfr'; needs -o), parquet (the tables of 'jtrace query' as a Parquet dataset in the directory -o names, one for all the FILEs given, partitioned by recording; needs jtrace-query.jar)."})
final class ExportCommand extends RecordingCommand {
    /**
     * The formats: whether their writer wants events thread by thread (else interleaved by time), and
     * whether it writes untimed calls' estimates.
     */
    enum Format {
        json(false, true), csv(false, true), chrome(true, true), speedscope(true, false), collapsed(true, false),
        flamegraph(true, false), jfr(false, true), parquet(false, false);

        final boolean byThread;
        final boolean estimates;

        Format(boolean byThread, boolean estimates) {
            this.byThread = byThread;
            this.estimates = estimates;
        }
    }

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", required = true,
            description = "One of: ${COMPLETION-CANDIDATES}.")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Output file (default: standard output).")
    Path output;

    @Option(names = "--value", paramLabel = "WHAT", defaultValue = "self",
            description = "collapsed: what a line's number counts: ${COMPLETION-CANDIDATES} (self = self time in ns; default: ${DEFAULT-VALUE}).")
    CollapsedStacksWriter.Value value;

    @Parameters(index = "1..*", paramLabel = "FILE", description = "More recordings, for --format parquet: one dataset.")
    List<Path> more;

    @Option(names = "--memory-limit", paramLabel = "SIZE", defaultValue = "1GB",
            description = "parquet: memory the SQL engine may use before it spills to a temporary directory (default: ${DEFAULT-VALUE}).")
    String memoryLimit;

    @Mixin
    SelectionOptions select;

    @Override
    public Integer call() throws IOException {
        if (format == Format.parquet) {
            if (select.threads != null || select.includes != null || select.excludes != null) {
                throw new UserException("--thread, --include and --exclude do not apply to --format parquet (select with SQL"
                        + " over the dataset, or make a smaller recording with 'jtrace filter' first)");
            }
            List<Path> files = new java.util.ArrayList<>(List.of(file));
            if (more != null) files.addAll(more);
            return ParquetExport.write(this, files, output, memoryLimit);
        }
        if (more != null && !more.isEmpty()) {
            throw new UserException("--format " + format + " reads one recording, not " + (more.size() + 1)
                    + " (several make one dataset with --format parquet)");
        }
        TraceView view = new TraceView(select.methods(), 0);
        boolean toStdout = output == null || output.toString().equals("-");
        if (format == Format.jfr && toStdout) {
            throw new UserException("--format jfr writes a binary recording; give its file with -o OUT.jfr");
        }
        Path target = toStdout ? null : OutputFiles.check(output, file);
        try (TraceIndex index = open()) {
            List<ThreadInfo> threads = select.threads(index, file);
            warnIfNothingSelected(index, view);
            OutputStream bytes;
            if (toStdout) {
                OutputStream stdout = outBytes(); // null when a caller gave its own writer (tests): System.out then
                bytes = new BufferedOutputStream(new StopOnFailureOutput(stdout != null ? stdout : System.out, null), 1 << 16);
            } else {
                OutputFiles.create(target, output);
                bytes = new BufferedOutputStream(new StopOnFailureOutput(Files.newOutputStream(target), output.toString()), 1 << 16);
            }
            Writer sink = new BufferedWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), 1 << 16);
            try {
                // untimed calls carry summary's estimate of them (over the same selection), which needs
                // every call first: a pass before, spared where the agent counted no untimed call
                MethodStatistics statistics = null;
                if (format.estimates && index.untimedCalls() != 0) {
                    statistics = new MethodStatistics(0);
                    Replay.of(index, threads).into(view.in(statistics.visitor()));
                }
                TraceWriter writer = writer(sink, bytes, statistics);
                writer.begin(new RecordingInfo(file.toString(), index.epochNanosOrigin(), threads, index.records()));
                // json and csv carry the values of --args, if the recording has some
                CurrentValues values = index.symbols().hasCallValues() ? new CurrentValues() : null;
                Replay.Request replay = Replay.of(index, threads).values(values)
                        .order(format.byThread ? Replay.Order.BY_THREAD : Replay.Order.BY_TIME);
                if (writer instanceof CallTreeOutput trees) {
                    trees.end(replay.callTree(trees.treeOptions(), view::in)); // on two cores, in two parts
                } else {
                    replay.heavyVisitor(); // a line of text per event: gains from decoding on another core
                    replay.into(view.in(writer.visitor(values)));
                    writer.end();
                }
                writer.close();
                sink.flush();
            } finally {
                if (toStdout) bytes.flush();
                else bytes.close();
            }
            if (!toStdout && !OutputFiles.isSpecial(target)) {
                return finish(index, String.format(Locale.ROOT, "jtrace: %s export of %s -> %s (%s)", format, file.getFileName(),
                        output, RunReport.bytes(Files.size(target))), output);
            }
            return finish(index);
        }
    }

    /** The format's writer: JSON Lines writes bytes itself (the biggest output), the others text through {@code sink}. */
    private TraceWriter writer(Writer sink, OutputStream bytes, MethodStatistics statistics) {
        java.util.function.ToLongFunction<io.jtrace.model.MethodInfo> estimates =
                statistics == null ? m -> -1 : statistics::untimedEstimateNanos;
        return switch (format) {
            case json -> new JsonLinesTraceWriter(bytes).estimates(estimates);
            case csv -> new CsvTraceWriter(sink).estimates(estimates);
            case chrome -> new ChromeTraceWriter(sink).estimates(estimates);
            case speedscope -> new SpeedscopeTraceWriter(sink);
            case collapsed -> new CollapsedStacksWriter(bytes, value);
            case flamegraph -> new FlameGraphHtmlWriter(sink);
            case jfr -> new JfrTraceWriter(bytes).estimates(estimates);
            case parquet -> throw new IllegalStateException("parquet is written by ParquetExport");
        };
    }
}
