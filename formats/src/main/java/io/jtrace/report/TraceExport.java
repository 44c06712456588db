package io.jtrace.report;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.format.CallTreeOutput;
import io.jtrace.format.ChromeTraceWriter;
import io.jtrace.format.CollapsedStacksWriter;
import io.jtrace.format.CsvTraceWriter;
import io.jtrace.format.FlameGraphHtmlWriter;
import io.jtrace.format.JsonLinesTraceWriter;
import io.jtrace.format.SpeedscopeTraceWriter;
import io.jtrace.format.TraceWriter;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.replay.CurrentValues;
import io.jtrace.replay.Replay;
import io.jtrace.write.jfr.JfrTraceWriter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;

/**
 * The trace in another tool's format: which writer, in which order the replay hands it the events
 * (thread by thread or interleaved by time), and whether untimed calls carry summary's estimate of
 * them (a pass before). What {@code jtrace export} writes (all but Parquet, which is query's).
 */
public final class TraceExport {
    /** The formats: whether the writer wants events thread by thread (else by time), and whether it writes untimed calls' estimates. */
    public enum Format {
        JSON(false, true), CSV(false, true), CHROME(true, true), SPEEDSCOPE(true, false), COLLAPSED(true, false),
        FLAMEGRAPH(true, false), JFR(false, true);

        final boolean byThread;
        final boolean estimates;

        Format(boolean byThread, boolean estimates) {
            this.byThread = byThread;
            this.estimates = estimates;
        }
    }

    /**
     * @param value collapsed: what a line's number counts
     */
    public record Options(Format format, CollapsedStacksWriter.Value value) {}

    private TraceExport() {}

    /**
     * Writes the calls of {@code threads} that {@code view} shows (it wraps the writer's visitor:
     * the method selection) to {@code bytes} in the format; the caller closes {@code bytes}.
     */
    public static void write(Recording recording, List<ThreadInfo> threads, UnaryOperator<CallVisitor> view, Options options,
                             OutputStream bytes) throws IOException {
        TraceIndex index = recording.index();
        Format format = options.format();
        Writer sink = new BufferedWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), 1 << 16);
        // untimed calls carry summary's estimate of them (over the same selection), which needs
        // every call first: a pass before, spared where the agent counted no untimed call
        MethodStatistics statistics = null;
        if (format.estimates && index.untimedCalls() != 0) {
            statistics = new MethodStatistics(0);
            Replay.of(index, threads).into(view.apply(statistics.visitor()));
        }
        TraceWriter writer = writer(format, options.value(), sink, bytes, statistics);
        writer.begin(new RecordingInfo(recording.file().toString(), index.epochNanosOrigin(), threads, index.records()));
        // json and csv carry the values of --args, if the recording has some
        CurrentValues values = index.symbols().hasCallValues() ? new CurrentValues() : null;
        Replay.Request replay = Replay.of(index, threads).values(values)
                .order(format.byThread ? Replay.Order.BY_THREAD : Replay.Order.BY_TIME);
        if (writer instanceof CallTreeOutput trees) {
            trees.end(replay.callTree(trees.treeOptions(), view)); // on two cores, in two parts
        } else {
            replay.heavyVisitor(); // a line of text per event: gains from decoding on another core
            replay.into(view.apply(writer.visitor(values)));
            writer.end();
        }
        writer.close();
        sink.flush();
    }

    /** The format's writer: JSON Lines writes bytes itself (the biggest output), the others text through {@code sink}. */
    private static TraceWriter writer(Format format, CollapsedStacksWriter.Value value, Writer sink, OutputStream bytes,
                                      MethodStatistics statistics) {
        ToLongFunction<MethodInfo> estimates = statistics == null ? m -> -1 : statistics::untimedEstimateNanos;
        return switch (format) {
            case JSON -> new JsonLinesTraceWriter(bytes).estimates(estimates);
            case CSV -> new CsvTraceWriter(sink).estimates(estimates);
            case CHROME -> new ChromeTraceWriter(sink).estimates(estimates);
            case SPEEDSCOPE -> new SpeedscopeTraceWriter(sink);
            case COLLAPSED -> new CollapsedStacksWriter(bytes, value);
            case FLAMEGRAPH -> new FlameGraphHtmlWriter(sink);
            case JFR -> new JfrTraceWriter(bytes).estimates(estimates);
        };
    }
}
