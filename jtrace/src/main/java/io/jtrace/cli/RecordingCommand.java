package io.jtrace.cli;

import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.model.ThreadInfo;
import io.jtrace.recording.Recording;
import io.jtrace.recording.MethodView;
import io.jtrace.recording.Selection;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Base of subcommands that read a recording: owns the FILE argument, its checks, reading with a
 * progress line on a terminal, and the warnings every reader must give (lost data, damage).
 */
public abstract class RecordingCommand extends JtraceCommand {
    @Parameters(index = "0", paramLabel = "FILE", description = "A recording written by 'jtrace run'.")
    protected Path file;

    private static final long PROGRESS_THRESHOLD = 64L << 20;

    /** Reads the recording; fails with one clear line if it is not a usable jtrace recording. */
    protected TraceIndex open() throws IOException {
        return open(file);
    }

    /** Reads {@code file} (one of several recordings a command reads) as {@link #open()} reads FILE. */
    protected TraceIndex open(Path file) throws IOException {
        TraceReader.checkRecordingFile(file);
        boolean showProgress = isTerminal() && Files.size(file) > PROGRESS_THRESHOLD;
        TraceIndex index = TraceReader.read(file, showProgress ? fraction -> progress(file, fraction) : null);
        if (showProgress) {
            err().print("\r\u001b[K");
            err().flush();
        }
        if (!index.hasJtraceEvents()) {
            index.close();
            if (index.damage() != null) throw new UserException(index.damage());
            if (holdsTypedEvents(file)) {
                throw new UserException(file + " holds jtrace's typed events (jtrace.MethodCall...: 'filter --expand' or 'export"
                        + " --format jfr' wrote it) for JDK Mission Control and 'jfr print', not a trace jtrace reads: give the"
                        + " recording it was made from");
            }
            throw new UserException(file + " has no jtrace events (record one with 'jtrace run -o "
                    + file.getFileName() + " -- java ...')");
        }
        if (index.dataLossEvents() > 0) {
            warn("JFR lost at least " + index.dataLossBytes() + " bytes of events in " + index.dataLossEvents()
                    + " place(s) while recording: the trace has gaps (marked '~')");
        }
        if (index.internalErrors() > 0) {
            warn("the tracer swallowed " + index.internalErrors() + " internal error(s) while recording; some records may be missing");
        }
        return index;
    }

    /** Whether {@code file} declares jtrace's typed events (an expanded recording), by JFR's own reader of its metadata. */
    private static boolean holdsTypedEvents(Path file) {
        try (jdk.jfr.consumer.RecordingFile r = new jdk.jfr.consumer.RecordingFile(file)) {
            return r.readEventTypes().stream().anyMatch(t -> t.getName().equals("jtrace.MethodCall"));
        } catch (IOException | RuntimeException | InternalError e) { // the JDK's parser on a file it cannot read
            return false;
        }
    }

    private void progress(Path file, double fraction) {
        err().print(String.format(Locale.ROOT, "\rreading %s: %3.0f%%", file.getFileName(), fraction * 100));
        err().flush();
    }

    /** A warning for each --include that matches no method, and one if --include and --exclude leave none. */
    protected void warnIfNothingSelected(TraceIndex index, MethodView view) {
        ReportOptions.warnIfNothingSelected(Recording.of(index), view, this::warn);
    }

    /** Runs a report on FILE: its checks, then the report on the recording read, then the ending every reader has. */
    protected int runReport(ReportOptions report) throws IOException {
        report.check();
        try (TraceIndex index = open()) {
            report.run(Recording.of(index), new ReportOptions.Output(out(), outBytes(), outCharset(), this::warn));
            return finish(index);
        }
    }

    /**
     * Ends a command that read {@code index}: a damaged file is an error even though what could
     * be read was used (exit 2 after the output).
     */
    protected int finish(TraceIndex index) {
        if (index.damage() != null) {
            err().println("jtrace " + name() + ": " + index.damage());
            err().flush();
            return 2;
        }
        return 0;
    }

    /**
     * Ends a command that wrote what it read to {@code output}: its closing line ({@code done}) if
     * the file was whole; if it was damaged, only the damage, which says where the part read went
     * (one line: the closing line would read as a success).
     */
    protected int finish(TraceIndex index, String done, Object output) {
        if (index.damage() != null) {
            err().println("jtrace " + name() + ": " + index.damage() + "; written to " + output);
            err().flush();
            return 2;
        }
        err().println(done);
        err().flush();
        return 0;
    }

    /**
     * The threads {@code patterns} select, in order; patterns that match no thread are an error
     * naming the threads there are (the library's {@link Recording#threads(List)}).
     */
    protected static List<ThreadInfo> selectThreads(TraceIndex index, Path file, List<String> patterns) {
        return Recording.of(index).threads(patterns);
    }

    /** Threads whose name matches one of the globs ({@code *}, {@code ?}) or whose id is given ({@link Selection#threadPatterns}). */
    protected static Predicate<ThreadInfo> threadFilter(List<String> patterns) {
        return Selection.threadPatterns(patterns);
    }
}
