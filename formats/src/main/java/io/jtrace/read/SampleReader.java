package io.jtrace.read;

import jdk.jfr.consumer.EventStream;

import java.nio.file.Path;

/**
 * Reads the execution samples of a recording made with {@code jtrace run --sample} through the
 * JDK's consumer API (their stack traces live in constant pools this reader need not decode
 * otherwise). The stream has a handler for that one event name and steps over the rest.
 */
final class SampleReader {
    private SampleReader() {}

    /** Adds the samples to the index; returns the failure that stopped the stream early, or null. */
    static Exception read(Path file, TraceIndex index) {
        try (EventStream stream = EventStream.openFile(file)) {
            stream.setOrdered(false);
            stream.onEvent("jdk.ExecutionSample", e -> Samples.add(index.samples, e));
            stream.start();
            return null;
        } catch (Exception e) {
            return e;
        }
    }
}
