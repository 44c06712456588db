package io.jtrace.history;

import io.jtrace.events.TraceBatchEvent;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TestBatches;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.replay.ThreadTimeline;
import io.jtrace.runtime.RecordEncoder;
import io.jtrace.runtime.RecordFormat;
import jdk.jfr.Recording;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntPredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cursor over a thread's history against a brute-force reference (every event in a list):
 * every event at every number, every move from every event, on a trace with held-back enters
 * across batch boundaries, two chunks, a lost batch, a RESYNC after lost records and frames
 * left open; and every forward move undone by its backward move.
 */
class ThreadHistoryTest {
    private static Path file;
    private static TraceIndex index;
    private static ThreadInfo thread;
    private static List<TraceEvent> events;
    private static ThreadHistory history;
    private static int lostMarkers;

    @BeforeAll
    static void record() throws Exception {
        file = Files.createTempFile("history", ".jfr");
        Random random = new Random(7);
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(6);
            RecordEncoder enc = new RecordEncoder();
            long t = 1_000;
            int depth = 0;
            Recording second = null;
            for (int seq = 0; seq < 60; seq++) {
                enc.reset(t);
                int startDepth = depth;
                int records = 20 + random.nextInt(150);
                for (int i = 0; i < records; i++) {
                    boolean enter = depth == 0 || depth < 9 && random.nextInt(100) < 52;
                    if (enter) {
                        enc.enter(1 + random.nextInt(6), t += 1 + random.nextInt(5));
                        depth++;
                    } else {
                        enc.exit(t += 1 + random.nextInt(5));
                        depth--;
                    }
                }
                if (seq == 40) { // the tracer lost records and says which frames are open now
                    enc.encoded(RecordFormat.RESYNC, 3, t += 2, enc.body(3, 1, 2, 3));
                    depth = 3;
                }
                if (seq == 30) second = startSecondChunk();
                TraceBatchEvent b = TestBatches.batch(enc, 1, "main", seq);
                b.startDepth = startDepth;
                if (seq != 20) b.commit(); // batch 20 lost: its frames are unknown afterwards
            }
            r.stop();
            r.dump(file);
            second.close();
        }
        index = TraceReader.read(file, null);
        thread = index.threads().get(0);
        events = new ArrayList<>();
        ThreadTimeline timeline = ThreadTimeline.of(index, thread);
        for (TraceEvent e = timeline.next(); e != null; e = timeline.next()) events.add(e);
        lostMarkers = (int) events.stream().filter(e -> e instanceof RecordsLost).count();
        history = ThreadHistory.of(index, thread);
    }

    /** A second recording started in the middle: JFR begins a new chunk. */
    private static Recording startSecondChunk() {
        Recording second = new Recording();
        second.start();
        return second;
    }

    @AfterAll
    static void close() throws Exception {
        index.close();
        Files.deleteIfExists(file);
    }

    @Test
    void theTraceHasWhatTheTestNeeds() {
        assertTrue(history.segments() > 50, "many batches: " + history.segments());
        assertEquals(2, lostMarkers, "a lost batch and a RESYNC");
        assertTrue(events.get(events.size() - 1) instanceof MethodExit x && x.kind() == io.jtrace.model.ExitKind.UNFINISHED,
                "frames left open are closed as unfinished");
        assertEquals(events.size(), history.size());
    }

    @Test
    void everyEventAtItsNumberWithItsStack() {
        for (int i = 0; i < events.size(); i++) {
            ThreadHistory.Located at = history.at(i);
            TraceEvent e = events.get(i);
            assertEquals(e, at.event(), "event " + i);
            int frames = e instanceof MethodEnter || e instanceof MethodExit || e instanceof MethodCall ? e.depth() + 1 : e.depth();
            assertEquals(frames, at.stack().size(), "stack size at " + i);
            if (e instanceof MethodEnter m) assertEquals(m.method(), at.stack().get(m.depth()).method());
            if (e instanceof MethodExit m) assertEquals(m.method(), at.stack().get(m.depth()).method());
            if (e instanceof MethodExit m && m.depth() > 0) {
                // the callers at an exit are the callers at its enter
                long enter = history.findBackward(i, m.depth(), v -> true);
                if (!lossBetween(enter, i)) {
                    assertEquals(history.at(enter).stack().subList(0, m.depth()), at.stack().subList(0, m.depth()), "callers at " + i);
                }
            }
        }
    }

    /** Whether records were lost from event a to b: frames opened before are unknown after. */
    private static boolean lossBetween(long a, long b) {
        for (long j = a; j <= b; j++) if (events.get((int) j) instanceof RecordsLost) return true;
        return false;
    }

    private static int level(int i) {
        return events.get(i).depth();
    }

    private static long firstAfter(int i, IntPredicate p) {
        for (int j = i + 1; j < events.size(); j++) if (p.test(j)) return j;
        return -1;
    }

    private static long lastBefore(int i, IntPredicate p) {
        for (int j = i - 1; j >= 0; j--) if (p.test(j)) return j;
        return -1;
    }

    private static int finishLevel(TraceEvent e) {
        return e instanceof MethodEnter ? e.depth() : e.depth() - 1;
    }

    private static int rfinishLevel(TraceEvent e) {
        return e instanceof MethodExit ? e.depth() : e.depth() - 1;
    }

    private static long move(int i, java.util.function.Predicate<HistoryCursor> move) {
        HistoryCursor c = new HistoryCursor(history, i);
        return move.test(c) ? c.number() : -1;
    }

    @Test
    void everyMoveFromEveryEventLandsWhereTheReferenceSays() {
        for (int i = 0; i < events.size(); i++) {
            int at = i;
            TraceEvent e = events.get(i);
            assertEquals(i + 1 < events.size() ? i + 1 : -1, move(i, HistoryCursor::step), "step from " + i);
            assertEquals(i - 1, move(i, HistoryCursor::rstep), "rstep from " + i);
            assertEquals(firstAfter(i, j -> level(j) <= level(at)), move(i, HistoryCursor::next), "next from " + i);
            assertEquals(lastBefore(i, j -> level(j) <= level(at)), move(i, HistoryCursor::rnext), "rnext from " + i);
            int fk = finishLevel(e);
            assertEquals(fk < 0 ? -1 : firstAfter(i, j -> level(j) <= fk), move(i, HistoryCursor::finish), "finish from " + i);
            int rk = rfinishLevel(e);
            assertEquals(rk < 0 ? -1 : lastBefore(i, j -> level(j) <= rk), move(i, HistoryCursor::rfinish), "rfinish from " + i);
            int caller = history.at(i).stack().size() - 2;
            assertEquals(caller < 0 ? -1 : lastBefore(i, j -> level(j) <= caller), move(i, HistoryCursor::up), "up from " + i);
        }
    }

    /**
     * The bounded searches (explore's search within one call) against the reference: from events
     * all over the thread, with bounds before, inside and past the batches around them.
     */
    @Test
    void boundedFindsStopAtTheirBounds() {
        java.util.Random random = new java.util.Random(7);
        for (int k = 0; k < 3000; k++) {
            int i = random.nextInt(events.size());
            int level = random.nextInt(6);
            int span = random.nextInt(k % 3 == 0 ? 50 : 20000);
            long to = Math.min(events.size() + 5L, i + 1L + span);
            long downTo = Math.max(0, i - span);
            IntPredicate at = j -> level(j) <= level && events.get(j) instanceof MethodExit;
            long forward = firstAfter(i, at);
            long backward = lastBefore(i, at);
            assertEquals(forward >= 0 && forward < to ? forward : -1,
                    history.findForward(i, to, level, v -> v.kind() == EventView.Kind.EXIT), "forward from " + i + " to " + to);
            assertEquals(backward >= downTo ? backward : -1,
                    history.findBackward(i, downTo, level, v -> v.kind() == EventView.Kind.EXIT), "backward from " + i + " down to " + downTo);
        }
    }

    @Test
    void everyForwardMoveIsUndoneByItsBackwardMove() {
        for (int i = 0; i < events.size(); i++) {
            HistoryCursor c = new HistoryCursor(history, i);
            if (c.step()) {
                assertTrue(c.rstep());
                assertEquals(i, c.number(), "rstep after step from " + i);
            }
            c.goTo(i);
            if (c.next() && c.event().depth() == events.get(i).depth()) { // stayed at its level
                assertTrue(c.rnext());
                assertEquals(i, c.number(), "rnext after next from " + i);
            }
            c.goTo(i);
            if (c.rnext() && c.event().depth() == events.get(i).depth()) {
                assertTrue(c.next());
                assertEquals(i, c.number(), "next after rnext from " + i);
            }
            c.goTo(i);
            if (events.get(i) instanceof MethodEnter && c.finish() && !lossBetween(i, c.number())) { // over the call and back
                assertTrue(c.rfinish());
                assertEquals(i, c.number(), "rfinish after finish from the enter at " + i);
            }
        }
    }

    /** A history asked while another thread builds it waits for what it has not indexed yet, and answers the same. */
    @Test
    void answersWhileBeingBuilt() throws Exception {
        for (int round = 0; round < 20; round++) {
            ThreadHistory growing = ThreadHistory.building(index, thread);
            Thread builder = new Thread(growing::build);
            builder.start();
            int n = (round * 997) % events.size();
            assertEquals(events.get(n), growing.at(n).event());
            HistoryCursor c = new HistoryCursor(growing, n);
            assertEquals(move(n, HistoryCursor::finish), c.finish() ? c.number() : -1);
            assertEquals(history.firstAtOrAfter(events.get(n).nanos()), growing.firstAtOrAfter(events.get(n).nanos()));
            assertEquals(events.size(), growing.size());
            assertTrue(growing.complete());
            builder.join();
        }
    }

    @Test
    void findsTheFirstEventAtOrAfterATime() {
        long last = events.get(events.size() - 1).nanos();
        for (long t = 0; t <= last + 1; t += 7) {
            long time = t;
            long expected = firstAfter(-1, j -> events.get(j).nanos() >= time);
            assertEquals(expected < 0 ? events.size() : expected, history.firstAtOrAfter(t), "time " + t);
        }
    }

    @Test
    void longestGoesToTheLongestDirectCallee() {
        for (int i = 0; i < events.size(); i++) {
            if (!(events.get(i) instanceof MethodEnter enter)) continue;
            HistoryCursor c = new HistoryCursor(history, i);
            long exit = c.finishTarget();
            long best = -1;
            long bestDuration = -1;
            for (int j = i + 1; j < (exit < 0 ? events.size() : exit); j++) {
                TraceEvent e = events.get(j);
                long d = e instanceof MethodExit x ? x.durationNanos() : e instanceof MethodCall x ? x.durationNanos() : -1;
                if (e.depth() == enter.depth() + 1 && d > bestDuration) {
                    best = e instanceof MethodExit ? lastBefore(j, k -> level(k) <= enter.depth() + 1) : j;
                    bestDuration = d;
                }
            }
            assertEquals(best, c.longest() ? c.number() : -1, "longest from " + i);
        }
    }
}
