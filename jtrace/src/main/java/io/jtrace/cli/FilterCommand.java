package io.jtrace.cli;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.format.Counts;
import io.jtrace.format.StopOnFailureOutput;
import io.jtrace.model.EventKind;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.MethodView;
import io.jtrace.recording.Recording;
import io.jtrace.recording.TimeWindow;
import io.jtrace.report.RecordingFilter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;

/** {@code jtrace filter FILE -o OUT.jfr}: a smaller recording with the selected events. */
@Command(name = "filter", mixinStandardHelpOptions = true,
        description = {"Write a new recording with only the events that match.",
            "Select by threads, methods, a time window and kinds of events. Every kept call keeps its exit. The result is a standard JFR file that 'jfr summary', JDK Mission Control and every jtrace command read; with --expand, one typed JFR event per kept call, exception, variable access and line instead (as 'export --format jfr'), for JDK Mission Control and 'jfr'."})
final class FilterCommand extends RecordingCommand {
    /** The kinds of events --kinds selects, by their option names (arguments go with their calls; samples are JFR's). */
    static final List<EventKind> KINDS = List.of(EventKind.CALLS, EventKind.EXCEPTIONS, EventKind.VARIABLES, EventKind.LINES);

    /** {@code --kinds}' values and their completion: the option names of {@link #KINDS}. */
    static final class KindNames implements Iterable<String>, CommandLine.ITypeConverter<EventKind> {
        @Override
        public java.util.Iterator<String> iterator() {
            return KINDS.stream().map(EventKind::optionName).iterator();
        }

        @Override
        public EventKind convert(String value) {
            for (EventKind k : KINDS) if (k.optionName().equals(value)) return k;
            throw new CommandLine.TypeConversionException("expected one of " + String.join(", ", this) + " but was '" + value + "'");
        }
    }

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", required = true, description = "The recording to write.")
    Path output;

    @Mixin
    SelectionOptions select;

    @Option(names = "--from", paramLabel = "TIME",
            description = "Keep calls that start at or after TIME since tracing started (1.5 = seconds, 250ms, 2min).")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "Keep calls that start at or before TIME (their exits are kept).")
    String to;

    @Option(names = "--kinds", paramLabel = "KIND", split = ",", converter = KindNames.class, completionCandidates = KindNames.class,
            description = "Kinds of events to keep, comma-separated: ${COMPLETION-CANDIDATES} (default: all)."
                    + " calls = method enter/exit.")
    List<EventKind> kinds;

    @Option(names = "--expand",
            description = "Write one typed JFR event per kept call, exception, variable access and line (jtrace.MethodCall"
                    + " with the call stack, ...), like 'export --format jfr', instead of a jtrace recording.")
    boolean expand;

    @Override
    public Integer call() throws IOException {
        long fromNanos = from == null ? 0 : TimeArgument.parseNanos("--from", from);
        long toNanos = to == null ? Long.MAX_VALUE : TimeArgument.parseNanos("--to", to);
        if (fromNanos > toNanos) throw new UserException("--from " + from + " is after --to " + to);
        Set<EventKind> keep = EnumSet.copyOf(kinds == null || kinds.isEmpty() ? KINDS : kinds);
        MethodView view = new MethodView(select.methods(), 0);
        TimeWindow window = new TimeWindow(fromNanos, toNanos);
        if (output.toString().equals("-")) {
            throw new UserException("filter writes a binary recording, not text for standard output: give its file with -o OUT.jfr");
        }
        Path target = OutputFiles.check(output, file);
        if (OutputFiles.isSpecial(target)) {
            throw new UserException("output " + output + " is not a regular file; give a file name for the new recording");
        }
        try (TraceIndex index = open()) {
            List<ThreadInfo> threads = select.threads(index, file);
            warnIfNothingSelected(index, view);
            OutputFiles.create(target, output);
            Recording recording = Recording.of(index);
            UnaryOperator<CallVisitor> selection = sink -> view.in(window.in(sink));
            if (expand) {
                RecordingFilter.Kept kept;
                try (OutputStream out = new BufferedOutputStream(new StopOnFailureOutput(Files.newOutputStream(target), output.toString()), 1 << 16)) {
                    kept = RecordingFilter.expand(recording, threads, selection, keep, out);
                }
                warnIfNothingKept(index, kept);
                return finish(index, String.format(Locale.ROOT, "jtrace: expanded %s, %,d exception, %,d variable and %,d line events"
                        + " in %s -> %s (%s)", Counts.of(kept.calls(), "call", "calls"), kept.exceptions(), kept.variables(), kept.lines(),
                        Counts.of(threads.size(), "thread", "threads"), output, RunReport.bytes(Files.size(target))), output);
            }
            RecordingFilter.Kept kept = RecordingFilter.write(recording, threads, selection, keep, target);
            if (kept.skipped() > 0) warn(kept.skipped() + " event(s) could not be rewritten and were left out");
            warnIfNothingKept(index, kept);
            return finish(index, String.format(Locale.ROOT, "jtrace: kept %s, %,d exception, %,d variable and %,d line records"
                    + " in %s -> %s (%s)", Counts.of(kept.calls(), "call", "calls"), kept.exceptions(), kept.variables(), kept.lines(),
                    Counts.of(threads.size(), "thread", "threads"), output, RunReport.bytes(Files.size(target))), output);
        }
    }

    /** A selection that keeps nothing of a recording that holds something (a window past its end): said, not only "kept 0 calls". */
    private void warnIfNothingKept(TraceIndex index, RecordingFilter.Kept kept) {
        if (kept.calls() + kept.exceptions() + kept.variables() + kept.lines() > 0 || index.records() == 0) return;
        warn("the selection keeps nothing of " + file.getFileName() + (from != null || to != null
                ? String.format(Locale.ROOT, " (its trace runs from 0 to %.3f s; --from and --to count from its start)", index.spanNanos() / 1e9)
                : ""));
    }
}
