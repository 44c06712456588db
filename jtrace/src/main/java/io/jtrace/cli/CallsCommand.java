package io.jtrace.cli;

import io.jtrace.analysis.CallCondition;
import io.jtrace.model.ThreadInfo;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.report.CallListing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;

/**
 * {@code jtrace calls FILE --method PATTERN}: one row per call of the methods named, with the
 * values {@code run --args} recorded (arguments, return value or exception) and its duration;
 * {@code --where} keeps the calls whose values match (Arthas' {@code tt -l} for a whole recording).
 */
@Command(name = "calls", mixinStandardHelpOptions = true,
        description = {"List each call of the methods named, with its arguments, return value or exception, and duration.",
            "One row per call: when it started, thread, duration, the call with the values recorded by 'jtrace run --args', and the value it returned or the exception that ended it."})
public final class CallsCommand extends RecordingCommand {
    /** Order of the rows. */
    enum Sort { time, duration }

    @Option(names = "--method", paramLabel = "PATTERN", required = true,
            description = "The methods whose calls to list (Bank.transfer, *Service.get*, com.acme.**). Repeatable.")
    List<String> methods;

    @Mixin
    ThreadOption thread;

    @Option(names = "--where", paramLabel = "EXPR",
            description = "Only calls whose values match: an argument (by name, or arg0, arg1...) or ret compared with"
                    + " a number, a \"string\", true, false or null by ==, !=, <, <=, >, >=; joined by and, or;"
                    + " e.g. 'amount > 100', 'ret == false', 'arg0 == \"x\"'.")
    String where;

    @Option(names = "--sort", paramLabel = "ORDER", defaultValue = "time",
            description = "Order of the rows: ${COMPLETION-CANDIDATES} (time: when each call started; duration: the"
                    + " longest first). Default: ${DEFAULT-VALUE}.")
    Sort sort;

    @Option(names = "--top", paramLabel = "N", description = "Show only the first N rows in that order.")
    Integer top;

    @Option(names = "--no-times", description = "Leave out times and durations (to diff two runs).")
    boolean noTimes;

    @Mixin
    ObjectIdsOption objectIds;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws IOException {
        requirePositive("--top", top);
        MethodFilter filter = methodFilter(methods, null);
        CallCondition condition = CallListing.condition(where);
        try (TraceIndex index = open()) {
            List<ThreadInfo> shown = selectThreads(index, file, thread.patterns);
            CallListing listing = new CallListing(Recording.of(index), methods, filter, condition, where);
            if (condition == null && !listing.valuesRecorded()) {
                warn("the values of these calls were not recorded: record them with " + listing.recordingHint());
            }
            listing.write(shown, new CallListing.Options(!noTimes, color.ansi(),
                    sort == Sort.time ? CallListing.Order.TIME : CallListing.Order.DURATION, top == null ? 0 : top),
                    objectIds.ids(index), out());
            return finish(index);
        }
    }
}
