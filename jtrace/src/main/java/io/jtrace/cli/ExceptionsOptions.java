package io.jtrace.cli;

import io.jtrace.format.ExceptionReportWriter;
import io.jtrace.model.EventKind;
import io.jtrace.model.ThreadInfo;
import io.jtrace.pattern.MethodPattern;
import io.jtrace.recording.Recorded;
import io.jtrace.recording.Recording;
import io.jtrace.report.ExceptionJourneys;
import io.jtrace.report.JourneyFilter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** The options of {@code exceptions} (the command and the shell's), over the library's {@link ExceptionJourneys}. */
final class ExceptionsOptions extends ReportOptions {
    @Option(names = "--summary", description = "Counts by type, by throw site and by catch site instead of every journey.")
    boolean summary;

    @Option(names = "--type", paramLabel = "PATTERN",
            description = "Only exceptions of this type or a subclass (IllegalStateException, java.io.*, *Format*). Repeatable.")
    List<String> types;

    @Mixin
    ThreadOption thread;

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

    private List<MethodPattern> typePatterns;
    private List<MethodPattern> catchPatterns;
    private long fromNanos;
    private long toNanos;
    private Predicate<ThreadInfo> threadFilter;

    @Override
    public void check() {
        typePatterns = patterns("--type", types);
        catchPatterns = patterns("--caught-in", caughtIn);
        fromNanos = from == null ? Long.MIN_VALUE : TimeArgument.parseNanos("--from", from);
        toNanos = to == null ? Long.MAX_VALUE : TimeArgument.parseNanos("--to", to);
        if (fromNanos > toNanos) throw new UserException("--from " + from + " is after --to " + to);
        threadFilter = RecordingCommand.threadFilter(thread.patterns);
    }

    @Override
    public void add(SessionScope scope) {
        thread.patterns = joined(scope.threads(), thread.patterns);
        if (from == null) from = scope.from();
        if (to == null) to = scope.to();
        color.add(scope);
        noTimes |= !scope.times();
    }

    @Override
    public void run(Recording recording, Output output) throws IOException {
        recording.threads(thread.patterns); // names the threads there are if none matches
        if (!recording.recorded().has(EventKind.EXCEPTIONS)) {
            output.warn().accept(recording.file() + " was recorded with --no-exceptions: only exceptional exits are known");
        }
        JourneyFilter filter = new JourneyFilter(typePatterns, threadFilter, uncaught, catchPatterns, fromNanos, toNanos,
                recording.index().symbols());
        long shown = ExceptionJourneys.write(recording, filter, summary, new ExceptionReportWriter.Options(!noTimes, color.ansi()),
                output.out());
        if (shown == 0) {
            output.warn().accept(filtered() ? "no exception in " + recording.file() + " matches" : recording.file() + " holds no exceptions");
        }
    }

    private boolean filtered() {
        return types != null || thread.patterns != null || uncaught || caughtIn != null || from != null || to != null;
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
