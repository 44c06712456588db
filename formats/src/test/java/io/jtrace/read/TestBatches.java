package io.jtrace.read;

import io.jtrace.events.TraceBatchEvent;
import io.jtrace.runtime.RecordEncoder;

/** The tests' way to turn what a {@link RecordEncoder} holds into a batch event. */
final class TestBatches {
    private TestBatches() {}

    /** A batch of thread {@code threadId} holding {@code enc}'s records, not committed yet. */
    static TraceBatchEvent batch(RecordEncoder enc, long threadId, String threadName, long sequence) {
        TraceBatchEvent event = new TraceBatchEvent();
        event.threadId = threadId;
        event.threadName = threadName;
        event.sequence = sequence;
        event.baseNanos = enc.baseNanos();
        event.recordCount = enc.records();
        event.payload = enc.payload();
        return event;
    }
}
