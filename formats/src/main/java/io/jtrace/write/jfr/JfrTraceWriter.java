package io.jtrace.write.jfr;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.NumberedCalls;
import io.jtrace.format.TraceWriter;
import io.jtrace.model.EventKind;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.TraceEvent;

import java.io.IOException;
import java.io.OutputStream;
import java.util.EnumSet;
import java.util.Set;

/**
 * The trace as a standard JFR recording with one typed event per record, for JDK Mission Control
 * and the JDK's {@code jfr} tool: {@code jtrace.MethodCall} (a duration event per call, the traced
 * call stack as its stack trace), the exception events, {@code jtrace.VariableAccess},
 * {@code jtrace.Line} and {@code jtrace.RecordsLost}, each on its original thread at its original
 * time; and, derived from the trace, the JDK's {@code jdk.JavaExceptionThrow} and
 * {@code jdk.JavaErrorThrow}, for JDK Mission Control's Exceptions page. A call carries its self
 * time and whether it was timed; an untimed call, {@code jtrace summary}'s estimate of it when
 * {@link #untimedEstimates} gave the statistics. Written by jtrace's own JFR chunk writer (the JDK's event API cannot set an event's thread
 * or time), one chunk of about {@link #CHUNK_BYTES} at a time, so memory stays bounded.
 */
public final class JfrTraceWriter implements TraceWriter {
    /**
     * Chunks are cut at about this many bytes of events and pools (the JDK's own are 12 MB). A
     * chunk repeats the stack traces its events use, so larger chunks make smaller files.
     */
    public static final long CHUNK_BYTES = 16L << 20;

    private final OutputStream out;
    private final Set<EventKind> kinds;
    private final long chunkBytes;
    private ChunkWriter chunk;
    private EventEncoder encoder;
    private CallVisitor visitor;
    private java.util.function.ToLongFunction<io.jtrace.model.MethodInfo> estimates = m -> -1;

    /** Every kind of event, chunks of {@link #CHUNK_BYTES}. */
    public JfrTraceWriter(OutputStream out) {
        this(out, EnumSet.allOf(EventKind.class), CHUNK_BYTES);
    }

    /**
     * Events of {@code kinds} only (calls not among them still give the other events their stack
     * traces), chunks of about {@code chunkBytes}.
     */
    public JfrTraceWriter(OutputStream out, Set<EventKind> kinds, long chunkBytes) {
        this.out = out;
        this.kinds = EnumSet.copyOf(kinds.isEmpty() ? EnumSet.noneOf(EventKind.class) : kinds);
        this.chunkBytes = chunkBytes;
    }

    @Override
    public void begin(RecordingInfo info) {
        chunk = new ChunkWriter(out, new EventTypes(), info.source(), info.epochNanosOrigin(), chunkBytes);
        encoder = new EventEncoder(chunk.types(), chunk, kinds);
        encoder.untimedEstimates(m -> Math.max(0, estimates.applyAsLong(m))); // the field's 0 is none
        // self times as query's tables count them; the call numbers are not used (any thread count does)
        visitor = new NumberedCalls(encoder, encoder, Integer.MAX_VALUE);
    }

    /**
     * Untimed calls get the estimate {@code estimates} gives each method (as every writer takes it:
     * {@link io.jtrace.analysis.MethodStatistics#untimedEstimateNanos} of a first pass over the same
     * calls, negative for none). Before {@link #begin}.
     */
    public JfrTraceWriter estimates(java.util.function.ToLongFunction<io.jtrace.model.MethodInfo> estimates) {
        this.estimates = estimates;
        return this;
    }

    @Override
    public void event(TraceEvent event) {
        CallVisitor.dispatch(event, visitor);
    }

    @Override
    public CallVisitor visitor() {
        return visitor;
    }

    @Override
    public void end() throws IOException {
        chunk.close();
        out.flush();
    }

    /** How many events of {@code kind} were written ({@code EXCEPTIONS}: the unwinding of frames too). */
    public long written(EventKind kind) {
        return encoder.written(kind);
    }

    /** How many chunks the recording has (after {@link #end}). */
    public int chunks() {
        return chunk.chunks();
    }
}
