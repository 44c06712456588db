package io.jtrace.cli;

import io.jtrace.format.TextTraceWriter;
import io.jtrace.format.TraceWriter;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.MethodView;
import io.jtrace.replay.CurrentValues;
import io.jtrace.replay.Replay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;

/** {@code jtrace print FILE}: the indented per-thread trace. */
@Command(name = "print", mixinStandardHelpOptions = true,
        description = {"Print the trace: every traced call indented under its caller, with durations.",
            "Lines: '>' enter, '<' exit, '=' a call with no traced callees, '!' left by an exception, '?' still running when the recording ended, '~' records lost. Calls recorded with 'jtrace run --args' show their arguments and return value."})
final class PrintCommand extends RecordingCommand {
    @Mixin
    SelectionOptions select;

    @Option(names = "--depth", paramLabel = "N", description = "Show at most N levels of (shown) calls.")
    Integer depth;

    @Option(names = "--by-thread", description = "One section per thread instead of interleaving threads by time.")
    boolean byThread;

    @Option(names = "--no-times", description = "Leave out timestamps and durations (to diff two runs).")
    boolean noTimes;

    @Option(names = "--no-args", description = "Leave out the argument and return values recorded with 'jtrace run --args'.")
    boolean noArgs;

    @Mixin
    ObjectIdsOption objectIds;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws IOException {
        requirePositive("--depth", depth);
        MethodView view = new MethodView(select.methods(), depth == null ? 0 : depth);
        try (TraceIndex index = open()) {
            List<ThreadInfo> shown = select.threads(index, file);
            warnIfNothingSelected(index, view);
            TextTraceWriter.Options options = new TextTraceWriter.Options(!noTimes, !byThread, byThread, color.ansi(), !noArgs,
                    objectIds.ids(index));
            // none to carry unless the recording has some (run --args): each call then costs a hand-over less
            CurrentValues values = noArgs || !index.symbols().hasCallValues() ? null : new CurrentValues();
            java.io.OutputStream bytes = outBytes();
            try (TextTraceWriter writer = bytes != null ? new TextTraceWriter(bytes, outCharset(), options)
                    : new TextTraceWriter(out(), options)) {
                writer.begin(new RecordingInfo(file.toString(), index.epochNanosOrigin(), shown, index.records()));
                Replay.of(index, shown).heavyVisitor().order(byThread ? Replay.Order.BY_THREAD : Replay.Order.BY_TIME)
                        .values(values).into(view.in(writer.visitor(values)));
                writer.end();
            }
            if (index.records() == 0) warn(file + " holds no traced calls: the traced code never ran, or its JVM was killed before its records were written");
            return finish(index);
        }
    }
}
