package io.jtrace.runtime;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import jdk.jfr.consumer.RecordedEvent;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The per-method decision to stop reading the clock: only short calls with no clock read between
 * their enter and exit (leaf calls, or calls whose callees all went untimed), only after warm-up,
 * never taken back.
 */
class MethodTimingTest {
    @BeforeEach
    void fresh() {
        MethodTiming.reset();
        MethodTiming.full = false;
        MethodTiming.shortNanos = 50;
    }

    @AfterEach
    void restore() {
        MethodTiming.reset();
    }

    private static void calls(int methodId, int n, boolean leaf, long nanos) {
        for (int i = 0; i < n; i++) {
            if (MethodTiming.watched(methodId)) MethodTiming.observe(methodId, leaf, nanos, 0);
        }
    }

    private static void calls(int methodId, int n, long nanos, int untimedRecords) {
        for (int i = 0; i < n; i++) {
            if (MethodTiming.watched(methodId)) MethodTiming.observe(methodId, true, nanos, untimedRecords);
        }
    }

    /**
     * A caller of untimed helpers: what the tracer spends on their records (the shortest call with
     * one untimed callee, less the shortest with none) is not the caller's time. Its calls are short
     * when what is left is; 60 ns of its own more and they are not.
     */
    @Test
    void theTracersOwnTimeForUntimedCalleesIsNotTheCallers() {
        calls(90, 1, 60, 0); // the shortest leaf call: 60 ns
        calls(91, 1, 80, 2); // the shortest call with one untimed callee: 80 ns, so 20 ns a callee
        int enough = (MethodTiming.WARMUP_WINDOWS + 1) * MethodTiming.WINDOW;
        calls(8, enough, 60 + 8 * 20 + 30, 16);
        assertFalse(MethodTiming.untimed(8), "one call with a callee is too few to tell what a callee costs the tracer");
        calls(92, MethodTiming.CALLEE_SAMPLES_NEEDED, 500, 2);
        calls(9, enough, 60 + 8 * 20 + 30, 16); // eight untimed callees and 30 ns of its own
        assertTrue(MethodTiming.untimed(9), "its own 30 ns are shorter than the clock's cost");
        calls(10, enough, 60 + 8 * 20 + 90, 16);
        assertFalse(MethodTiming.untimed(10), "90 ns of its own are not");
        assertTrue(MethodTiming.watched(10));
    }

    /** Before any leaf call without callees has been measured there is no floor: nothing is short. */
    @Test
    void withoutAFloorNothingIsShort() {
        int enough = (MethodTiming.WARMUP_WINDOWS + 2) * MethodTiming.WINDOW;
        calls(11, enough, 1_000_000, 2); // a millisecond, always with a callee's records
        assertFalse(MethodTiming.untimed(11));
        assertTrue(MethodTiming.watched(11));
    }

    @Test
    void shortLeafCallsGoUntimedOnlyAfterTheWarmUp() {
        calls(7, 1, true, 60); // the JVM's shortest leaf call so far: the tracer's own time
        int warmUp = MethodTiming.WARMUP_WINDOWS * MethodTiming.WINDOW;
        calls(7, warmUp - 1, true, 70);
        assertFalse(MethodTiming.untimed(7), "not during the warm-up, however short");
        calls(7, MethodTiming.WINDOW + 1, true, 70);
        assertTrue(MethodTiming.untimed(7), "a window of short leaf calls after the warm-up");
        assertFalse(MethodTiming.watched(7));
    }

    @Test
    void longOrNonLeafCallsStayTimedAndAreLeftAloneInTheEnd() {
        calls(3, 1, true, 60);
        calls(3, MethodTiming.MAX_WINDOWS * MethodTiming.WINDOW + 1, true, 60 + 50); // 50 ns over the floor: not short
        assertFalse(MethodTiming.untimed(3));
        assertFalse(MethodTiming.watched(3), "decided timed for good after the last window");

        calls(4, MethodTiming.MAX_WINDOWS * MethodTiming.WINDOW + 1, false, 0); // never a leaf
        assertFalse(MethodTiming.untimed(4));
    }

    @Test
    void aWindowMostlyShortIsNotEnough() {
        calls(5, 1, true, 60);
        int warmUp = MethodTiming.WARMUP_WINDOWS * MethodTiming.WINDOW;
        calls(5, warmUp, true, 60);
        for (int w = 0; w < 10; w++) { // 90% short: below the 95% needed
            calls(5, MethodTiming.WINDOW * 9 / 10, true, 60);
            calls(5, MethodTiming.WINDOW - MethodTiming.WINDOW * 9 / 10, true, 1_000);
        }
        assertFalse(MethodTiming.untimed(5));
        assertTrue(MethodTiming.watched(5));
    }

    /**
     * On a real thread trace: once a callee goes untimed, its caller's calls read the clock only at
     * their own enter and exit, and a short one counts as a leaf call; a caller whose callee stays
     * timed never does.
     */
    @Test
    void aCallerWhoseCalleesWentUntimedIsDecidedLikeALeaf() throws Exception {
        MethodTiming.shortNanos = 1_000_000_000; // every call is short here: what counts is whether it is a leaf
        calls(4, MethodTiming.MAX_WINDOWS * MethodTiming.WINDOW + 1, false, 0); // 4: timed for good
        assertFalse(MethodTiming.watched(4));
        ThreadTrace t = new ThreadTrace(Thread.currentThread(), false);
        int enough = (MethodTiming.WARMUP_WINDOWS + 3) * MethodTiming.WINDOW;
        BatchCapture.batches(() -> {
            for (int i = 0; i < enough; i++) {
                t.enter(1); // 1 calls 2 (a leaf), which goes untimed first; 3 calls 4, which stays timed
                t.enter(2);
                t.exit(2);
                t.exit(1);
                t.enter(3);
                t.enter(4);
                t.exit(4);
                t.exit(3);
            }
            t.flush();
        });
        assertTrue(MethodTiming.untimed(2), "a leaf");
        assertTrue(MethodTiming.untimed(1), "its caller, once 2 went untimed");
        assertFalse(MethodTiming.untimed(3), "its callee is timed");
        assertTrue(MethodTiming.watched(3));
    }

    /**
     * A recursion: half its calls are short leaf calls (the base case), the rest long. Not untimed,
     * but its leaf calls' exits go untimed: on a thread trace, a leaf call then writes an untimed
     * exit after its timed enter, a call with callees a timed exit, and the leaf call's caller is
     * not taken for a leaf (its callee's enter read the clock).
     */
    @Test
    void aMethodWhoseLeafCallsAreShortGoesUntimedInItsLeafCallsAlone() throws Exception {
        calls(6, 1, true, 60);
        for (int w = 0; w < MethodTiming.WARMUP_WINDOWS + 1; w++) {
            calls(6, MethodTiming.WINDOW / 2, true, 70);
            calls(6, MethodTiming.WINDOW / 2, false, 5_000);
        }
        assertFalse(MethodTiming.untimed(6));
        assertEquals(MethodTiming.LEAF_UNTIMED, MethodTiming.state(6));
        assertFalse(MethodTiming.watched(6));

        // too few leaf calls in a window (under a quarter): decided on all its calls, as before
        calls(8, 1, true, 60);
        for (int w = 0; w < MethodTiming.WARMUP_WINDOWS + 3; w++) {
            calls(8, MethodTiming.LEAVES_NEEDED - 1, true, 70);
            calls(8, MethodTiming.WINDOW - MethodTiming.LEAVES_NEEDED + 1, false, 5_000);
        }
        assertEquals(MethodTiming.WATCHED, MethodTiming.state(8));

        ThreadTrace t = new ThreadTrace(Thread.currentThread(), false);
        List<String> records = new ArrayList<>();
        for (RecordedEvent batch : BatchCapture.batches(() -> {
            t.enter(6); // a call with a callee: the callee's exit untimed, its own timed
            t.enter(6);
            t.exit(6);
            t.exit(6);
            t.flush();
        })) {
            RecordDecoder d = new RecordDecoder(batch.getString("payload").getBytes(StandardCharsets.ISO_8859_1));
            d.startBatch();
            while (d.hasMore()) {
                d.readRecordStart();
                String kind = d.kind == RecordFormat.ENTER ? "enter" : d.kind == RecordFormat.EXIT ? "exit" : "kind " + d.kind;
                records.add(kind + (d.delta < 0 ? " untimed" : ""));
            }
        }
        assertEquals(List.of("enter", "enter", "exit untimed", "exit"), records);
    }

    @Test
    void fullTimingWatchesNothing() {
        MethodTiming.full = true;
        assertFalse(MethodTiming.watched(9));
        assertFalse(MethodTiming.untimed(9));
    }

    @Test
    void methodIdsBeyondTheTablesGrowThem() {
        int id = 100_000;
        calls(id, 1, true, 60);
        calls(id, (MethodTiming.WARMUP_WINDOWS + 1) * MethodTiming.WINDOW + 2, true, 60);
        assertTrue(MethodTiming.untimed(id));
    }
}
