package io.jtrace.cli;

import io.jtrace.read.EncodedRecord;
import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.EventBuilder;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.read.CurrentRecord;
import io.jtrace.read.Replay;
import io.jtrace.read.TraceIndex;
import io.jtrace.write.RecordingWriter;
import io.jtrace.write.jfr.JfrTraceWriter;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
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

/** {@code jtrace filter FILE -o OUT.jfr}: a smaller recording with the selected events. */
@Command(name = "filter", mixinStandardHelpOptions = true,
        description = {"Write a new recording with only the events that match.",
            "Select by threads, methods, a time window and kinds of events. Every kept call keeps its exit. The result is a standard JFR file that 'jfr summary', JDK Mission Control and every jtrace command read; with --expand, one typed JFR event per kept call, exception, variable access and line instead (as 'export --format jfr'), for JDK Mission Control and 'jfr'."})
final class FilterCommand extends RecordingCommand {
    /** Kinds of events that --kinds selects. */
    enum Kind { calls, exceptions, variables, lines }

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", required = true, description = "The recording to write.")
    Path output;

    @Mixin
    SelectionOptions select;

    @Option(names = "--from", paramLabel = "TIME",
            description = "Keep calls that start at or after TIME since tracing started (1.5 = seconds, 250ms, 2min).")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "Keep calls that start at or before TIME (their exits are kept).")
    String to;

    @Option(names = "--kinds", paramLabel = "KIND", split = ",",
            description = "Kinds of events to keep, comma-separated: ${COMPLETION-CANDIDATES} (default: all)."
                    + " calls = method enter/exit.")
    List<Kind> kinds;

    @Option(names = "--expand",
            description = "Write one typed JFR event per kept call, exception, variable access and line (jtrace.MethodCall"
                    + " with the call stack, ...), like 'export --format jfr', instead of a jtrace recording.")
    boolean expand;

    @Override
    public Integer call() throws IOException {
        long fromNanos = from == null ? 0 : TimeArgument.parseNanos("--from", from);
        long toNanos = to == null ? Long.MAX_VALUE : TimeArgument.parseNanos("--to", to);
        if (fromNanos > toNanos) throw new UserException("--from " + from + " is after --to " + to);
        Set<Kind> keep = kinds == null || kinds.isEmpty() ? EnumSet.allOf(Kind.class) : EnumSet.copyOf(kinds);
        TraceView view = new TraceView(select.methods(), 0);
        CallWindow window = new CallWindow(fromNanos, toNanos);
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
            if (expand) return expand(index, threads, keep, view, window, target);
            long[] keptByKind = new long[Kind.values().length];
            long keptCalls;
            long skipped;
            try (RecordingWriter writer = new RecordingWriter(index, target)) {
                CurrentRecord records = new CurrentRecord();
                // Calls go through the view and the window even when --kinds drops them: they
                // tell which frame (and so which method) every other event is in.
                CallVisitor sink = new EventBuilder(kept -> {
                    boolean call = kept instanceof MethodEnter || kept instanceof MethodExit || kept instanceof MethodCall;
                    EncodedRecord record = call ? null : records.take(); // the record is copied verbatim
                    EncodedRecord[] values = call ? records.takeValues() : null; // --args values, likewise
                    if (!keep.contains(kindOf(kept)) && !(kept instanceof RecordsLost)) return;
                    writer.event(kept, record, values);
                    if (!(kept instanceof RecordsLost)) keptByKind[kindOf(kept).ordinal()]++;
                });
                Replay.of(index, threads).heavyVisitor().records(records).afterThread(writer::endThread).into(view.in(window.in(sink)));
                keptCalls = writer.calls();
                skipped = writer.skipped();
            }
            if (skipped > 0) warn(skipped + " event(s) could not be rewritten and were left out");
            return finish(index, String.format(Locale.ROOT, "jtrace: kept %s, %,d exception, %,d variable and %,d line records"
                    + " in %s -> %s (%s)", io.jtrace.format.Counts.of(keptCalls, "call", "calls"), keptByKind[Kind.exceptions.ordinal()],
                    keptByKind[Kind.variables.ordinal()], keptByKind[Kind.lines.ordinal()],
                    io.jtrace.format.Counts.of(threads.size(), "thread", "threads"), output,
                    RunReport.bytes(Files.size(target))), output);
        }
    }

    /** --expand: the selection as typed JFR events (calls not kept still give the others their stack traces). */
    private int expand(TraceIndex index, List<ThreadInfo> threads, Set<Kind> keep, TraceView view, CallWindow window,
                       Path target) throws IOException {
        EnumSet<JfrTraceWriter.Events> events = EnumSet.noneOf(JfrTraceWriter.Events.class);
        for (Kind k : keep) events.add(JfrTraceWriter.Events.valueOf(k.name().toUpperCase(Locale.ROOT)));
        JfrTraceWriter writer;
        try (OutputStream out = new BufferedOutputStream(new io.jtrace.format.StopOnFailureOutput(Files.newOutputStream(target), output.toString()), 1 << 16)) {
            writer = new JfrTraceWriter(out, events, JfrTraceWriter.CHUNK_BYTES);
            writer.begin(new RecordingInfo(file.toString(), index.epochNanosOrigin(), threads, index.records()));
            Replay.of(index, threads).order(Replay.Order.BY_TIME).heavyVisitor().into(view.in(window.in(writer.visitor())));
            writer.end();
        }
        return finish(index, String.format(Locale.ROOT, "jtrace: expanded %s, %,d exception, %,d variable and %,d line events"
                + " in %s -> %s (%s)", io.jtrace.format.Counts.of(writer.written(JfrTraceWriter.Events.CALLS), "call", "calls"),
                writer.written(JfrTraceWriter.Events.EXCEPTIONS), writer.written(JfrTraceWriter.Events.VARIABLES),
                writer.written(JfrTraceWriter.Events.LINES), io.jtrace.format.Counts.of(threads.size(), "thread", "threads"), output,
                RunReport.bytes(Files.size(target))), output);
    }

    /** Which --kinds an event belongs to (a gap in the records is kept with any kind). */
    static Kind kindOf(TraceEvent e) {
        if (e instanceof ExceptionEvent) return Kind.exceptions;
        if (e instanceof VariableAccess) return Kind.variables;
        if (e instanceof LineExecuted) return Kind.lines;
        return Kind.calls;
    }
}
