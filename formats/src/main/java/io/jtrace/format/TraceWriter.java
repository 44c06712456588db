package io.jtrace.format;

import io.jtrace.model.RecordingInfo;
import io.jtrace.model.TraceEvent;

import java.io.IOException;

/** A renderer of a trace: called once before, once per event in order, once after. */
public interface TraceWriter extends AutoCloseable {
    void begin(RecordingInfo info) throws IOException;

    void event(TraceEvent event) throws IOException;

    void end() throws IOException;

    @Override
    default void close() throws IOException {}
}
