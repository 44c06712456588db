package io.jtrace.read;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.runtime.RecordEncoder;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Decoding on a second thread hands over exactly what a replay on the calling thread gives. */
class ParallelReplayTest {
    @TempDir
    Path dir;

    /** Two threads, many batches, a lost batch, exceptional exits; optionally a record of an unknown kind. */
    private Path record(boolean unknownKind) throws Exception {
        Path file = dir.resolve("r.jfr");
        try (Recording r = new Recording()) {
            r.start();
            SessionEvent s = new SessionEvent();
            s.nanoOrigin = 0;
            s.commit();
            for (int id = 1; id <= 3; id++) {
                MethodDefinitionEvent m = new MethodDefinitionEvent();
                m.methodId = id;
                m.className = "a.B";
                m.methodName = "m" + id;
                m.descriptor = "()V";
                m.commit();
            }
            RecordEncoder enc = new RecordEncoder();
            for (int thread = 1; thread <= 2; thread++) {
                long t = 1_000;
                for (int seq = 0; seq < 40; seq++) {
                    enc.reset(t);
                    for (int i = 0; i < 2_000; i++) {
                        enc.enter(1, t += 3);
                        enc.enter(2 + i % 2, t += 5);
                        if (i % 97 == 0) enc.exitExceptional(t += 7, 1234, 0);
                        else enc.exit(t += 7);
                        enc.exit(t += 11);
                    }
                    if (unknownKind && thread == 2 && seq == 30) enc.encoded(15, 0, t, new byte[0]);
                    if (seq == 20) continue; // lost
                    TraceBatchEvent b = new TraceBatchEvent();
                    b.threadId = thread;
                    b.threadName = "t" + thread;
                    b.sequence = seq;
                    b.baseNanos = enc.baseNanos();
                    b.recordCount = enc.records();
                    b.payload = enc.payload();
                    b.commit();
                }
            }
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private record Collector(List<Object> seen) implements CallVisitor {
        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            seen.add(List.of("enter", thread, nanos, depth, method));
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long d, ExitKind kind, ExceptionRef x) {
            seen.add(List.of("exit", thread, nanos, depth, method, d, kind, String.valueOf(x)));
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long d, ExitKind kind, ExceptionRef x) {
            seen.add(List.of("call", thread, nanos, depth, method, d, kind, String.valueOf(x)));
        }

        @Override
        public void other(TraceEvent e) {
            seen.add(e);
        }
    }

    @Test
    void handsOverWhatTheReplayGivesInOrderWithThreadEnds() throws Exception {
        try (TraceIndex index = TraceReader.read(record(false), null)) {
            List<Object> expected = new ArrayList<>();
            for (ThreadInfo t : index.threads()) {
                index.replay(t, new Collector(expected));
                expected.add("end " + t.label());
            }
            List<Object> seen = new ArrayList<>();
            ParallelReplay.run(index, index.threads(), new Collector(seen), t -> seen.add("end " + t.label()));
            assertEquals(expected.size(), seen.size());
            assertEquals(expected, seen);
            assertEquals(2 * (40 - 1) * 2_000 * 3 + 2 + 2, seen.size(), "calls + enters + exits, 2 lost markers, 2 ends");
        }
    }

    @Test
    void aFailureWhileDecodingReachesTheCaller() throws Exception {
        try (TraceIndex index = TraceReader.read(record(true), null)) {
            List<Object> seen = new ArrayList<>();
            RuntimeException e = assertThrows(RuntimeException.class,
                    () -> ParallelReplay.run(index, index.threads(), new Collector(seen), t -> { }));
            assertEquals(RawRecord.UnsupportedRecordException.class, e.getClass());
        }
    }
}
