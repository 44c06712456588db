package io.jtrace.read;

import io.jtrace.events.TraceBatchEvent;
import io.jtrace.runtime.RecordEncoder;

/** The tests' way to turn what a {@link RecordEncoder} holds into a batch event. */
final class TestBatches {
    private TestBatches() {}

    /** Commits a session whose clock origin is 0 and methods a.B.m1 .. a.B.m{count} (ids 1 .. count), all ()V. */
    static void sessionAndMethods(int count) {
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
