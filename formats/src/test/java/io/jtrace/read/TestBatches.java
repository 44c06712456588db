package io.jtrace.read;

import io.jtrace.events.TraceBatchEvent;
import io.jtrace.runtime.RecordEncoder;

/** The tests' way to turn what a {@link RecordEncoder} holds into a batch event. */
public final class TestBatches {
    private TestBatches() {}

    /** Commits a session whose clock origin is 0 and methods a.B.m1 .. a.B.m{count} (ids 1 .. count), all ()V. */
    public static void sessionAndMethods(int count) {
        io.jtrace.events.SessionEvent s = new io.jtrace.events.SessionEvent();
        s.nanoOrigin = 0;
        s.commit();
        for (int id = 1; id <= count; id++) {
            io.jtrace.events.MethodDefinitionEvent m = new io.jtrace.events.MethodDefinitionEvent();
            m.methodId = id;
            m.className = "a.B";
            m.methodName = "m" + id;
            m.descriptor = "()V";
            m.commit();
        }
    }

    /** A batch of thread {@code threadId} holding {@code enc}'s records, not committed yet. */
    public static TraceBatchEvent batch(RecordEncoder enc, long threadId, String threadName, long sequence) {
        TraceBatchEvent event = new TraceBatchEvent();
        event.threadId = threadId;
        event.threadName = threadName;
        event.sequence = sequence;
        event.baseNanos = enc.baseNanos();
        event.recordCount = enc.records();
        event.payload = enc.payload();
        return event;
    }

    /** {@code t} with only its first batch (an index no reading makes, for the replay tests). */
    public static TraceIndex.ThreadBatches onlyFirstBatch(TraceIndex.ThreadBatches t) {
        TraceIndex.ThreadBatches one = new TraceIndex.ThreadBatches(t.threadId);
        one.batches.add(t.batches.get(0));
        one.info = t.info;
        return one;
    }
}
