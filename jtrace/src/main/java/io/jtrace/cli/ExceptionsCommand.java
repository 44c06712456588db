package io.jtrace.cli;

import io.jtrace.format.ExceptionReportWriter;
import io.jtrace.model.ThreadInfo;
import io.jtrace.pattern.MethodPattern;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recorded;
import io.jtrace.recording.Recording;
import io.jtrace.report.ExceptionJourneys;
import io.jtrace.report.JourneyFilter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** {@code jtrace exceptions FILE}: every exception's whole journey, or a summary. */
@Command(name = "exceptions", mixinStandardHelpOptions = true,
        description = {"Report every exception's journey, in the order they were thrown.",
            "Where it was thrown (or raised by the JVM, or came out of untraced code), each frame it unwound and finally block it ran, and how it ended: caught (where, as what), uncaught (the thread died), wrapped into a new exception (#n), suppressed, or left the traced code."})
final class ExceptionsCommand extends RecordingCommand {
    @Option(names = "--summary", description = "Counts by type, by throw site and by catch site instead of every journey.")
    boolean summary;

    @Option(names = "--type", paramLabel = "PATTERN",
            description = "Only exceptions of this type or a subclass (IllegalStateException, java.io.*, *Format*). Repeatable.")
    List<String> types;

    @Option(names = "--thread", paramLabel = "PATTERN",
            description = "Only exceptions thrown on threads whose name matches (glob: worker-*) or with this id. Repeatable.")
    List<String> threads;

    @Option(names = "--uncaught", description = "Only exceptions that killed their thread.")
    boolean uncaught;

    @Option(names = "--caught-in", paramLabel = "PATTERN",
            description = "Only exceptions caught in a method matching (Loader.load, com.acme.**). Repeatable.")
    List<String> caughtIn;

    @Option(names = "--from", paramLabel = "TIME", description = "Only exceptions thrown at or after TIME (seconds since tracing started: 1.5, 200ms).")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "Only exceptions thrown at or before TIME.")
    String to;

    @Option(names = "--no-times", description = "Leave out timestamps (to diff two runs).")
    boolean noTimes;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws IOException {
        List<MethodPattern> typePatterns = patterns("--type", types);
        List<MethodPattern> catchPatterns = patterns("--caught-in", caughtIn);
        long fromNanos = from == null ? Long.MIN_VALUE : TimeArgument.parseNanos("--from", from);
        long toNanos = to == null ? Long.MAX_VALUE : TimeArgument.parseNanos("--to", to);
        if (fromNanos > toNanos) throw new UserException("--from " + from + " is after --to " + to);
        Predicate<ThreadInfo> threadFilter = threadFilter(threads);
        try (TraceIndex index = open()) {
            selectThreads(index, file, threads); // names the threads there are if none matches
            Recording recording = Recording.of(index);
            if (!recording.recorded().has(Recorded.Kind.EXCEPTIONS)) {
                warn(file + " was recorded with --no-exceptions: only exceptional exits are known");
            }
            JourneyFilter filter = new JourneyFilter(typePatterns, threadFilter, uncaught, catchPatterns,
                    fromNanos, toNanos, index.symbols());
            long shown = ExceptionJourneys.write(recording, filter, summary, new ExceptionReportWriter.Options(!noTimes, color.ansi()), out());
            if (shown == 0 && !summary) {
                warn(filtered() ? "no exception in " + file + " matches" : file + " holds no exceptions");
            }
            return finish(index);
        }
    }

    private boolean filtered() {
        return types != null || threads != null || uncaught || caughtIn != null || from != null || to != null;
    }

    private static List<MethodPattern> patterns(String option, List<String> globs) {
        List<MethodPattern> list = new ArrayList<>();
        if (globs == null) return list;
        for (String g : globs) {
            try {
                list.add(MethodPattern.parse(g));
            } catch (IllegalArgumentException e) {
                throw new UserException(option + ": " + e.getMessage());
            }
        }
        return list;
    }
}
