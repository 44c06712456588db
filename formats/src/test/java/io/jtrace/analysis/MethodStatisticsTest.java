package io.jtrace.analysis;

import io.jtrace.model.ExitKind;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MethodStatisticsTest {
    private static MethodStatistics.MethodRow row(MethodStatistics s, String name) {
        return s.methods().stream().filter(r -> r.method().name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void callsTotalSelfAverageMaxAndExceptions() {
        MethodStatistics s = new MethodStatistics(2);
        List<TraceEvent> events = CallTreeBuilderTest.main();
        events.forEach(s::accept);
        s.endThread(events.get(0).thread());
        MethodStatistics.MethodRow a = row(s, "a");
        assertEquals(3, a.calls());
        assertEquals(20 + 10 + 9, a.totalNanos());
        assertEquals(12 + 10 + 9, a.selfNanos());
        assertEquals(13, a.averageNanos());
        assertEquals(20, a.maxNanos());
        assertEquals(1, a.exceptionalExits());
        MethodStatistics.MethodRow main = row(s, "main");
        assertEquals(100, main.totalNanos());
        assertEquals(100 - 20 - 10 - 30, main.selfNanos());
        assertEquals(6, s.calls());
        assertEquals(3, s.enters());
        assertEquals(3, s.leafCalls());
        assertEquals(1, s.exceptionalExits());
        assertEquals(0, s.firstNanos());
        assertEquals(100, s.lastNanos());
        MethodStatistics.ThreadRow t = s.threads().get(0);
        assertEquals(6, t.calls());
        assertEquals(100, t.tracedNanos());
        assertEquals(2, t.busiest().size());
        assertEquals("main", t.busiest().get(0).method().name());
        assertEquals("a", t.busiest().get(1).method().name());
        long self = s.methods().stream().mapToLong(MethodStatistics.MethodRow::selfNanos).sum();
        assertEquals(100, self, "self times add up to the traced time");
    }

    /**
     * An untimed call is estimated from its method's timed calls just before it went untimed, as the
     * tracer saw them: 95% or more short (that is why it went untimed), a few slowed by a GC pause
     * or a page fault. The estimate is the typical call, not one the outliers made up.
     */
    @Test
    void anUntimedCallIsEstimatedAtTheTypicalCallNotTheOutliers() {
        Events ev = new Events(1, "main").enter("p.T.main", 0);
        long now = 10;
        ev.enter("p.T.leaf", now).exit(now + 20); // the shortest leaf call: the tracer's own time
        now += 100;
        for (int i = 0; i < 1_000; i++) { // 60 ns calls, every 20th slowed to 50 us
            long d = i % 20 == 19 ? 50_000 : 60;
            ev.enter("p.T.get", now).exit(now + d);
            now += d + 10;
        }
        ev.enter("p.T.get", now).exit(now + 50_000); // the last timed call before the switch, slow too
        now += 50_010;
        for (int i = 0; i < 100; i++) ev.enter("p.T.get", now).exit(now, ExitKind.RETURN_UNTIMED);
        List<TraceEvent> events = ev.exit(now + 10).list();
        MethodStatistics s = new MethodStatistics(3);
        events.forEach(s::accept);
        s.endAll();
        MethodStatistics.MethodRow get = row(s, "get");
        assertEquals(100, get.untimedCalls());
        long each = get.estimatedNanos() / 100;
        // about 60 ns less the 20 ns the tracer takes (the slow calls, clipped, add a few); a plain
        // mean of the recent calls would say 2.5 us
        assertTrue(each >= 38 && each <= 55, "estimate per untimed call: " + each + " ns");
    }

    /**
     * A recursion r(2) { r(1) } of 1,000 ns whose base case r(1) takes 60 ns, 200 times timed, then
     * 100 times with the base case untimed (its exit has its enter's time): the tracer's
     * LEAF_UNTIMED. {@code helper}: a method the base case calls, untimed (null: none).
     */
    private static MethodStatistics recursionWithItsBaseCaseUntimed(String helper) {
        Events ev = new Events(1, "main").enter("p.T.main", 0);
        long now = 10;
        ev.enter("p.T.leaf", now).exit(now + 20); // the shortest leaf call: the tracer's own time
        now += 100;
        for (int i = 0; i < 300; i++) {
            ev.enter("p.T.r", now).enter("p.T.r", now + 10);
            if (helper != null) ev.enter(helper, now + 10).exit(now + 10, ExitKind.RETURN_UNTIMED);
            if (i < 200) ev.exit(now + 70);
            else ev.exit(now + 10, ExitKind.RETURN_UNTIMED);
            ev.exit(now + 1_000);
            now += 1_010;
        }
        MethodStatistics s = new MethodStatistics(4);
        ev.exit(now).list().forEach(s::accept);
        s.endAll();
        return s;
    }

    /**
     * Each untimed base case is estimated from the method's timed leaf calls, not from all its
     * timed calls (which include the recursion below them), and the estimates of calls nested in
     * a call of the same method stay out of its total.
     */
    @Test
    void untimedLeafCallsOfATimedRecursionAreEstimatedFromItsLeafCalls() {
        MethodStatistics.MethodRow r = row(recursionWithItsBaseCaseUntimed(null), "r");
        assertEquals(600, r.calls());
        assertEquals(100, r.untimedCalls());
        assertEquals(100 * (60 - 20), r.estimatedNanos(), "each at its timed leaf calls' 60 ns less the tracer's 20 ns");
        assertEquals(300 * 1_000, r.totalNanos(), "the outer calls' measured time, no estimate added twice");
        assertEquals((200 * 60 + 100 * 40 + 300 * 1_000) / 600, r.averageNanos());
    }

    /** The same when the base case calls an untimed helper: the tracer still counts it a leaf call (no clock read between its enter and exit). */
    @Test
    void aBaseCaseWithOnlyUntimedCalleesIsEstimatedLikeALeafCall() {
        MethodStatistics.MethodRow r = row(recursionWithItsBaseCaseUntimed("p.T.isLeaf"), "r");
        assertEquals(100, r.untimedCalls());
        assertEquals(100 * (60 - 20), r.estimatedNanos(), "each at its timed base cases' 60 ns less the tracer's 20 ns");
    }

    @Test
    void recursionIsNotCountedTwiceInTotal() {
        // f(0..100) { f(10..60) { f(20..30) } }
        List<TraceEvent> events = new Events(1, "main").enter("p.R.f", 0).enter("p.R.f", 10).enter("p.R.f", 20)
                .exit(30).exit(60).exit(100).list();
        MethodStatistics s = new MethodStatistics(3);
        events.forEach(s::accept);
        s.endAll();
        MethodStatistics.MethodRow f = row(s, "f");
        assertEquals(3, f.calls());
        assertEquals(100, f.totalNanos());
        assertEquals(100, f.selfNanos());
        assertEquals((100 + 50 + 10) / 3, f.averageNanos());
    }

    /** A damaged record's method id (huge or negative) neither sizes the per-method arrays nor indexes them (fuzz: one flipped byte). */
    @Test
    void damagedMethodIdsAreNotCounted() {
        io.jtrace.model.ThreadInfo t = new io.jtrace.model.ThreadInfo(1, "main", false, 0);
        io.jtrace.model.MethodInfo main = new io.jtrace.model.MethodInfo(1, "p.M", "main", "()V", null, 0, 0);
        MethodStatistics s = new MethodStatistics(2);
        CallVisitor v = s.visitor();
        v.enter(t, 0, 0, main);
        for (int id : new int[] {Integer.MAX_VALUE, -498316294, 1 << 20}) {
            io.jtrace.model.MethodInfo damaged = io.jtrace.model.MethodInfo.unknown(id);
            v.enter(t, 10, 1, damaged);
            v.call(t, 11, 2, damaged, 1, io.jtrace.model.ExitKind.RETURN, null);
            v.exit(t, 20, 1, damaged, 10, io.jtrace.model.ExitKind.RETURN, null);
        }
        v.exit(t, 100, 0, main, 100, io.jtrace.model.ExitKind.RETURN, null);
        s.endAll();
        assertEquals(List.of("main"), s.methods().stream().map(r -> r.method().name()).toList());
        assertEquals(100, row(s, "main").totalNanos());
    }
}
