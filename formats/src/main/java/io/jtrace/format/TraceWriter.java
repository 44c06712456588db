package io.jtrace.format;

import io.jtrace.model.RecordingInfo;
import io.jtrace.model.TraceEvent;

import java.io.IOException;

/** A renderer of a trace: called once before, once per event in order, once after. */
public interface TraceWriter extends AutoCloseable {
    void begin(RecordingInfo info) throws IOException;

    void event(TraceEvent event) throws IOException;

    void end() throws IOException;

    /**
     * The same output as {@link #event} for each event, given as a replay's visitor (after {@link
     * #begin}); writers that can do without the event objects override it.
     */
    default io.jtrace.analysis.CallVisitor visitor() {
        return new io.jtrace.analysis.EventBuilder(e -> {
            try {
                event(e);
            } catch (IOException x) {
                throw new java.io.UncheckedIOException(x);
            }
        });
    }

    @Override
    default void close() throws IOException {}
}
