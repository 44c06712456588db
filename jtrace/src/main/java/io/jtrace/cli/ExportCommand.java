package io.jtrace.cli;

import io.jtrace.recording.MethodView;
import io.jtrace.format.CollapsedStacksWriter;
import io.jtrace.format.StopOnFailureOutput;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.report.TraceExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@code jtrace export FILE --format F -o OUT}: the trace in another tool's format. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write the trace in another format (JSON, CSV, Chrome, flame graphs, typed JFR events).",
            "Formats: json (JSON Lines, one event per line), csv, chrome (Chrome Trace Event format: Perfetto, chrome://tracing), speedscope, collapsed (folded stacks for flamegraph.pl), flamegraph (a self-contained HTML flame graph), jfr (a JFR recording with one typed event per call, exception, variable access and line, for JDK Mission Control and 'jfr'; needs -o), parquet (the tables of 'jtrace query' as a Parquet dataset in the directory -o names, one for all the FILEs given, partitioned by recording; needs jtrace-query.jar)."})
final class ExportCommand extends RecordingCommand {
    /** The formats, as the option takes them (all but parquet are {@link TraceExport.Format}s). */
    enum Format { json, csv, chrome, speedscope, collapsed, flamegraph, jfr, parquet }

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
        // an option of another format, silently ignored, would look like it had done something
        if (format != Format.collapsed && given("--value")) throw new UserException("--value applies to --format collapsed only");
        if (format != Format.parquet && given("--memory-limit")) throw new UserException("--memory-limit applies to --format parquet only");
        if (format == Format.parquet) {
            if (select.thread.patterns != null || select.includes != null || select.excludes != null) {
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
        MethodView view = new MethodView(select.methods(), 0);
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
            try {
                TraceExport.write(Recording.of(index), threads, view::in, new TraceExport.Options(
                        TraceExport.Format.valueOf(format.name().toUpperCase(Locale.ROOT)), value), bytes);
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
}
