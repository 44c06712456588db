package io.jtrace.read;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.MethodStatistics;
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
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Calls recorded without clock reads: replayed as RETURN_UNTIMED at their neighbours' times, estimated by summary. */
class UntimedCallsTest {
    @TempDir
    Path dir;

    /**
     * main (m1) calls m2 twice timed (40 ns each), m3 timed (30 ns: the shortest leaf), then m2
     * untimed three times, once with a timed m3 inside it.
     */
    private Path recording() throws Exception {
        Path file = dir.resolve("u.jfr");
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(3);
            RecordEncoder enc = new RecordEncoder();
            enc.reset(1_000);
            enc.enter(1, 1_000);
            enc.enter(2, 1_100);
            enc.exit(1_140);
            enc.enter(2, 1_200);
            enc.exit(1_240);
            enc.enter(3, 1_300);
            enc.exit(1_330);
            enc.enterUntimed(2);
            enc.exitUntimed();
            enc.enterUntimed(2);
            enc.exitUntimed();
            enc.enterUntimed(2);
            enc.enter(3, 1_500);
            enc.exit(1_530);
            enc.exitUntimed();
            enc.exit(2_000);
            TraceBatchEvent b = TestBatches.batch(enc, 1, "main", 0);
            b.commit();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    @Test
    void untimedCallsTakeTheirNeighboursTimesAndSaySo() throws Exception {
        List<String> seen = new ArrayList<>();
        try (TraceIndex index = TraceReader.read(recording(), null)) {
            Replay.of(index, index.threads()).into(new CallVisitor() {
                @Override
                public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
                    seen.add("> " + method.name() + " " + nanos + " d" + depth);
                }

                @Override
                public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                                 ExceptionRef exception) {
                    seen.add("< " + method.name() + " " + nanos + " " + duration + " " + kind);
                }

                @Override
                public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                                 ExceptionRef exception) {
                    seen.add("= " + method.name() + " " + nanos + " " + duration + " " + kind);
                }

                @Override
                public void other(TraceEvent e) {
                    seen.add(e.toString());
                }
            });
        }
        assertEquals(List.of(
                "> m1 1000 d0",
                "= m2 1100 40 RETURN",
                "= m2 1200 40 RETURN",
                "= m3 1300 30 RETURN",
                "= m2 1330 0 RETURN_UNTIMED",
                "= m2 1330 0 RETURN_UNTIMED",
                "> m2 1330 d1",
                "= m3 1500 30 RETURN",
                "< m2 1530 200 RETURN_UNTIMED",
                "< m1 2000 1000 RETURN"), seen);
    }

    @Test
    void summaryEstimatesUntimedCallsAndTakesThemOutOfTheCallersSelfTime() throws Exception {
        MethodStatistics st = new MethodStatistics(3);
        try (TraceIndex index = TraceReader.read(recording(), null)) {
            Replay.of(index, index.threads()).into(st.visitor());
        }
        st.endAll();
        Map<String, MethodStatistics.MethodRow> rows = st.methods().stream()
                .collect(Collectors.toMap(r -> r.method().name(), Function.identity()));
        MethodStatistics.MethodRow m2 = rows.get("m2");
        assertEquals(5, m2.calls());
        assertEquals(3, m2.untimedCalls());
        assertEquals(3, st.untimedCalls());
        // each untimed call: m2's timed calls just before (40 ns) less the shortest leaf (30 ns)
        assertEquals(3 * 10, m2.estimatedNanos());
        assertEquals(80 + 30, m2.totalNanos());
        MethodStatistics.MethodRow m1 = rows.get("m1");
        // m1's 1000 ns less its timed callees (40 + 40 + 30), less the untimed m2 with a callee (its
        // 200 ns, as measured between its neighbours), less the two untimed leaf calls' estimates
        assertEquals(1000 - 110 - 200 - 2 * 10, m1.selfNanos());
        assertEquals(2 * 10, m1.selfMovedNanos());
        assertEquals(1000, m1.totalNanos());
    }
}
