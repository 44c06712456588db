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

    /**
     * As {@link #visitor()}, for a writer that shows the values {@code run --args} recorded: it
     * reads each call's from {@code values} while it is given the call (a replay's
     * {@code CurrentValues}). Writers that show no values need not override it.
     */
    default io.jtrace.analysis.CallVisitor visitor(java.util.function.Supplier<io.jtrace.model.CallValues> values) {
        return visitor();
    }

    @Override
    default void close() throws IOException {}
}
