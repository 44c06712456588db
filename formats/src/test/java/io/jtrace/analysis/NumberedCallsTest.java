package io.jtrace.analysis;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NumberedCallsTest {
    /** A call as reported: "id parent depth method start duration self kind". */
    private static List<String> rows(List<TraceEvent> events, List<Long> currents) {
        List<String> rows = new ArrayList<>();
        NumberedCalls numbered = new NumberedCalls(new CallAdapter() { },
                (t, id, parent, depth, m, start, duration, self, kind, x) ->
                        rows.add(id + " " + parent + " " + depth + " " + m.name() + " " + start + " " + duration + " " + self + " " + kind), 1);
        for (TraceEvent e : events) {
            CallVisitor.dispatch(e, numbered);
            currents.add(numbered.current());
        }
        return rows;
    }

    @Test
    void numbersCallsInOrderOfTheirStartAndReportsThemAtTheirEnd() {
        List<Long> currents = new ArrayList<>();
        ThreadInfo main = new ThreadInfo(1, "main", false, 0);
        List<String> rows = rows(CallTreeBuilderTest.main().stream().map(e -> withThread(e, main)).toList(), currents);
        assertEquals(List.of(
                "3 2 2 b 12 8 8 RETURN",
                "2 1 1 a 10 20 12 RETURN",
                "4 1 1 a 40 10 10 RETURN",
                "6 5 2 a 61 9 9 EXCEPTION",
                "5 1 1 c 60 30 21 RETURN",
                "1 0 0 main 0 100 40 RETURN"), rows);
        // events: enter main, enter a, call b, exit a, call a, enter c, call a, exit c, exit main
        assertEquals(List.of(1L, 2L, 3L, 2L, 4L, 5L, 6L, 5L, 1L), currents);
    }

    @Test
    void numbersEachThreadsCallsAloneSoThatTheOrderOfThreadsDoesNotMatter() {
        Events a = new Events(11, "a");
        Events b = new Events(12, "b");
        List<TraceEvent> ea = a.enter("p.A.x", 0).enter("p.A.y", 1).exit(2).exit(3).enter("p.A.z", 4).exit(5).list();
        List<TraceEvent> eb = b.enter("p.B.x", 0).exit(9).list();
        ThreadInfo ta = new ThreadInfo(11, "a", false, 0);
        ThreadInfo tb = new ThreadInfo(12, "b", false, 1);
        List<TraceEvent> byThread = new ArrayList<>();
        for (TraceEvent e : ea) byThread.add(withThread(e, ta));
        for (TraceEvent e : eb) byThread.add(withThread(e, tb));
        List<TraceEvent> byTime = List.of(byThread.get(0), byThread.get(4), byThread.get(1), byThread.get(2), byThread.get(3));
        for (List<TraceEvent> order : List.of(byThread, byTime)) {
            Map<String, Long> ids = new HashMap<>();
            NumberedCalls n = new NumberedCalls(new CallAdapter() { },
                    (t, id, parent, depth, m, start, duration, self, kind, x) -> ids.put(m.qualifiedName(), id), 2);
            order.forEach(e -> CallVisitor.dispatch(e, n));
            assertEquals(Map.of("p.A.x", 1L, "p.A.y", 3L, "p.A.z", 5L, "p.B.x", 2L), ids, order.toString());
            assertEquals(4, n.calls());
        }
    }

    private static TraceEvent withThread(TraceEvent e, ThreadInfo t) {
        if (e instanceof io.jtrace.model.MethodEnter m) return new io.jtrace.model.MethodEnter(t, m.nanos(), m.depth(), m.method());
        if (e instanceof MethodExit m) return new MethodExit(t, m.nanos(), m.depth(), m.method(), m.durationNanos(), m.kind(), m.exception());
        io.jtrace.model.MethodCall c = (io.jtrace.model.MethodCall) e;
        return new io.jtrace.model.MethodCall(t, c.nanos(), c.depth(), c.method(), c.durationNanos(), c.kind(), c.exception());
    }

    @Test
    void agreesWithMethodStatisticsAcrossGapsAndResyncs() {
        ThreadInfo t = new ThreadInfo(7, "worker", false, 0);
        MethodInfo f = Events.method("p.F.f");
        MethodInfo g = Events.method("p.G.g");
        List<TraceEvent> events = new ArrayList<>();
        for (TraceEvent e : new Events(7, "worker").enter("p.F.f", 0).enter("p.G.g", 1).exit(5).exit(9).list()) events.add(withThread(e, t));
        // a gap: two unknown frames, one of which ends; then a RESYNC that keeps one frame
        events.add(new RecordsLost(t, 20, 2, 3));
        events.add(new io.jtrace.model.MethodCall(t, 21, 2, g, 4, ExitKind.RETURN, null));
        events.add(new LineExecuted(t, 22, 2, g, 12));
        events.add(new MethodExit(t, 30, 1, MethodInfo.unknown(0), 15, ExitKind.RETURN, null));
        events.add(new io.jtrace.model.MethodEnter(t, 31, 1, f));
        events.add(new io.jtrace.model.MethodCall(t, 32, 2, g, 2, ExitKind.EXCEPTION, new ExceptionRef("x.E", 1)));
        events.add(new RecordsLost(t, 40, 3, 0, 2));
        events.add(new MethodExit(t, 41, 2, g, 1, ExitKind.RETURN, null));
        events.add(new MethodExit(t, 50, 1, f, 19, ExitKind.UNFINISHED, null));
        events.add(new MethodExit(t, 50, 0, MethodInfo.unknown(0), 30, ExitKind.UNFINISHED, null));

        List<Long> currents = new ArrayList<>();
        List<String> rows = rows(events, currents);
        assertEquals(List.of(
                "2 1 1 g 1 4 4 RETURN",
                "1 0 0 f 0 9 5 RETURN",
                "3 0 2 g 21 4 4 RETURN",
                "5 4 2 g 32 2 2 EXCEPTION",
                "4 0 1 f 31 19 16 UNFINISHED"), rows);
        assertEquals(0L, currents.get(5), "the line in an unknown frame has no call");

        MethodStatistics stats = new MethodStatistics(1);
        events.forEach(stats::accept);
        stats.endAll();
        Map<String, long[]> byMethod = new HashMap<>();
        for (String row : rows) {
            String[] r = row.split(" ");
            long[] v = byMethod.computeIfAbsent(r[3], k -> new long[2]);
            v[0]++;
            v[1] += Long.parseLong(r[6]);
        }
        for (MethodStatistics.MethodRow r : stats.methods()) {
            assertEquals(r.calls(), byMethod.get(r.method().name())[0], r.method().name() + " calls");
            assertEquals(r.selfNanos(), byMethod.get(r.method().name())[1], r.method().name() + " self");
        }
        assertEquals(2, stats.methods().size());
    }
}
