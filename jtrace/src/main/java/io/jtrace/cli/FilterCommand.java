package io.jtrace.cli;

import io.jtrace.cli.read.ThreadTimeline;
import io.jtrace.cli.read.TraceIndex;
import io.jtrace.cli.write.RecordingWriter;
import io.jtrace.format.EventKinds;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** {@code jtrace filter FILE -o OUT.jfr}: a smaller recording with the selected events. */
@Command(name = "filter", mixinStandardHelpOptions = true,
        description = {"Write a new recording with only the events that match: threads, methods, a time window",
            "and kinds of events. Every kept call keeps its exit. The result is a standard JFR file that",
            "'jfr summary', JDK Mission Control and every jtrace command read."})
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

    @Override
    public Integer call() throws IOException {
        long fromNanos = from == null ? 0 : TimeArgument.parseNanos("--from", from);
        long toNanos = to == null ? Long.MAX_VALUE : TimeArgument.parseNanos("--to", to);
        if (fromNanos > toNanos) throw new UserException("--from " + from + " is after --to " + to);
        Set<Kind> keep = kinds == null || kinds.isEmpty() ? EnumSet.allOf(Kind.class) : EnumSet.copyOf(kinds);
        TraceView view = new TraceView(select.methods(), 0);
        CallWindow window = new CallWindow(fromNanos, toNanos);
        Path target = OutputFiles.check(output, file);
        if (OutputFiles.isSpecial(target)) {
            throw new UserException("output " + output + " is not a regular file; give a file name for the new recording");
        }
        try (TraceIndex index = open()) {
            List<ThreadInfo> threads = select.threads(index, file);
            OutputFiles.createOwnerOnly(target);
            long keptCalls;
            long skipped;
            try (RecordingWriter writer = new RecordingWriter(index, target)) {
                for (ThreadInfo t : threads) {
                    ThreadTimeline timeline = index.timeline(t);
                    for (TraceEvent e = timeline.next(); e != null; e = timeline.next()) {
                        if (!keep.contains(kindOf(e)) && !(e instanceof RecordsLost)) continue;
                        TraceEvent shown = view.apply(e);
                        if (shown == null) continue;
                        TraceEvent kept = window.apply(shown);
                        if (kept != null) writer.event(kept);
                    }
                    writer.endThread(t);
                }
                keptCalls = writer.calls();
                skipped = writer.skipped();
            }
            if (skipped > 0) warn(skipped + " event(s) of kinds this jtrace cannot write yet were left out");
            err().println(String.format(Locale.ROOT, "jtrace: kept %,d calls in %d thread(s) -> %s (%s)", keptCalls,
                    threads.size(), output, RunCommand.bytes(Files.size(target))));
            err().flush();
            return finish(index);
        }
    }

    /** Which --kinds an event belongs to; kinds other than calls by the name the exports give them. */
    static Kind kindOf(TraceEvent e) {
        if (e instanceof MethodEnter || e instanceof MethodExit || e instanceof MethodCall) return Kind.calls;
        String name = EventKinds.name(e);
        if (name.startsWith("exception") || name.contains("throw") || name.contains("catch")
                || name.contains("finally") || name.contains("uncaught")) return Kind.exceptions;
        if (name.startsWith("variable") || name.contains("field") || name.contains("local")) return Kind.variables;
        if (name.startsWith("line")) return Kind.lines;
        return Kind.calls;
    }
}
