package io.jtrace.replay;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TestBatches;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
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
     * main (m1) calls m2 twice timed (40 ns each), m3 timed (30 ns), m4 timed (20 ns: the shortest
     * leaf), then m2 untimed four times: twice a leaf, once with a timed m3 inside it, once with an
     * untimed m3 inside it (a caller goes untimed once its callees have: no clock read in between).
     */
    private Path recording() throws Exception {
        Path file = dir.resolve("u.jfr");
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(4);
            RecordEncoder enc = new RecordEncoder();
            enc.reset(1_000);
            enc.enter(1, 1_000);
            enc.enter(2, 1_100);
            enc.exit(1_140);
            enc.enter(2, 1_200);
            enc.exit(1_240);
            enc.enter(3, 1_300);
            enc.exit(1_330);
            enc.enter(4, 1_340);
            enc.exit(1_360);
            enc.enterUntimed(2);
            enc.exitUntimed();
            enc.enterUntimed(2);
            enc.exitUntimed();
            enc.enterUntimed(2);
            enc.enter(3, 1_500);
            enc.exit(1_530);
            enc.exitUntimed();
            enc.enterUntimed(2);
            enc.enterUntimed(3);
            enc.exitUntimed();
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
                "= m4 1340 20 RETURN",
                "= m2 1360 0 RETURN_UNTIMED",
                "= m2 1360 0 RETURN_UNTIMED",
                "> m2 1360 d1",
                "= m3 1500 30 RETURN",
                "< m2 1530 170 RETURN_UNTIMED",
                "> m2 1530 d1",
                "= m3 1530 0 RETURN_UNTIMED",
                "< m2 1530 0 RETURN_UNTIMED",
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
        assertEquals(6, m2.calls());
        assertEquals(4, m2.untimedCalls());
        assertEquals(5, st.untimedCalls());
        // each untimed call: its method's timed calls just before (m2: 40 ns, m3: 30 ns) less the shortest leaf (20 ns)
        assertEquals(4 * 20, m2.estimatedNanos());
        assertEquals(80 + 4 * 20, m2.totalNanos());
        assertEquals(10, rows.get("m3").estimatedNanos());
        // the untimed m2 around an untimed m3 measured nothing: m3's estimate comes out of m2's estimate
        assertEquals(80 + 4 * 20 - 10, m2.selfNanos());
        assertEquals(10, m2.selfMovedNanos());
        MethodStatistics.MethodRow m1 = rows.get("m1");
        // m1's 1000 ns less its timed callees (40 + 40 + 30 + 20), less the untimed m2 with a timed
        // callee (its 170 ns, as measured between its neighbours), less the estimates of the three
        // untimed m2 calls that measured nothing (two leaf calls, and the one around an untimed m3)
        assertEquals(1000 - 130 - 170 - 3 * 20, m1.selfNanos());
        assertEquals(3 * 20, m1.selfMovedNanos());
        assertEquals(1000, m1.totalNanos());
    }
}
