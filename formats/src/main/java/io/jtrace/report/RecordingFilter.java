package io.jtrace.report;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.EventBuilder;
import io.jtrace.model.EventKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.EncodedRecord;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.replay.CurrentRecord;
import io.jtrace.replay.Replay;
import io.jtrace.write.RecordingWriter;
import io.jtrace.write.jfr.JfrTraceWriter;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A smaller recording with the selected events, as jtrace records them (every kept call keeps its
 * exit; records copied verbatim) or expanded into one typed JFR event per kept call, exception,
 * variable access and line. What {@code jtrace filter} writes.
 */
public final class RecordingFilter {
    /**
     * How many records of each kind were written.
     *
     * @param skipped events that could not be rewritten and were left out
     */
    public record Kept(long calls, long exceptions, long variables, long lines, long skipped) {}

    private RecordingFilter() {}

    /**
     * Writes the events of {@code threads} that {@code selection} keeps (it wraps the writer's
     * visitor: methods and time window), of the kinds {@code kinds} (calls, exceptions, variables,
     * lines), to {@code target} as a jtrace recording.
     */
    public static Kept write(Recording recording, List<ThreadInfo> threads, UnaryOperator<CallVisitor> selection,
                             Set<EventKind> kinds, Path target) throws IOException {
        TraceIndex index = recording.index();
        long[] keptByKind = new long[EventKind.values().length];
        try (RecordingWriter writer = new RecordingWriter(index, target)) {
            CurrentRecord records = new CurrentRecord();
            // Calls go through the selection even when the kinds leave them out: they tell which
            // frame (and so which method) every other event is in.
            CallVisitor sink = new EventBuilder(kept -> {
                boolean call = kept instanceof MethodEnter || kept instanceof MethodExit || kept instanceof MethodCall;
                EncodedRecord record = call ? null : records.take(); // the record is copied verbatim
                EncodedRecord[] values = call ? records.takeValues() : null; // --args values, likewise
                if (!kinds.contains(EventKind.of(kept)) && !(kept instanceof RecordsLost)) return;
                writer.event(kept, record, values);
                if (!(kept instanceof RecordsLost)) keptByKind[EventKind.of(kept).ordinal()]++;
            });
            Replay.of(index, threads).heavyVisitor().records(records).afterThread(writer::endThread).into(selection.apply(sink));
            return new Kept(writer.calls(), keptByKind[EventKind.EXCEPTIONS.ordinal()], keptByKind[EventKind.VARIABLES.ordinal()],
                    keptByKind[EventKind.LINES.ordinal()], writer.skipped());
        }
    }

    /**
     * Writes the same selection to {@code out} as typed JFR events (calls not kept still give the
     * others their stack traces); the caller closes {@code out}.
     */
    public static Kept expand(Recording recording, List<ThreadInfo> threads, UnaryOperator<CallVisitor> selection,
                              Set<EventKind> kinds, OutputStream out) throws IOException {
        TraceIndex index = recording.index();
        JfrTraceWriter writer = new JfrTraceWriter(out, kinds, JfrTraceWriter.CHUNK_BYTES);
        writer.begin(new RecordingInfo(recording.file().toString(), index.epochNanosOrigin(), threads, index.records()));
        Replay.of(index, threads).order(Replay.Order.BY_TIME).heavyVisitor().into(selection.apply(writer.visitor()));
        writer.end();
        return new Kept(writer.written(EventKind.CALLS), writer.written(EventKind.EXCEPTIONS),
                writer.written(EventKind.VARIABLES), writer.written(EventKind.LINES), 0);
    }

}
