package io.jtrace.compare;

import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** B's steps read on another thread: the same steps in the same order, its failure passed on, stopped when the walk stops. */
class PrefetchedStepsTest {
    private static final ThreadInfo T = new ThreadInfo(1, "main", false, 0);
    private static final MethodInfo M = new MethodInfo(1, "a.B", "m", "()V", null, 0, 0);

    /** Steps 0 .. n-1 (line numbers say which) in blocks of {@link #ROWS}, then the end, or a failure after {@code failAt} steps. */
    private static final class Counting implements StepStream.Source {
        static final int ROWS = 1000;
        final int n;
        final int failAt;
        volatile int given;
        /** Blocks made new (not given back to be filled again). */
        volatile int made;

        Counting(int n, int failAt) {
            this.n = n;
            this.failAt = failAt;
        }

        @Override
        public StepBlock nextBlock(StepBlock reuse) {
            if (given == n) return null;
            StepBlock b = reuse;
            if (b == null) {
                b = new StepBlock(T, ROWS, -1);
                made++;
            }
            b.clear();
            while (b.n < ROWS && given < n) {
                // as ComparedThread does: the steps before a failure first, the failure at the next block
                if (given == failAt && b.n == 0) throw new IllegalStateException("damaged at " + failAt);
                if (given == failAt) return b;
                b.add(StepBlock.OTHER, -1, null, 0, 0, 0, null, null, null, given, new LineExecuted(T, 0, 0, M, given));
                given++;
            }
            return b;
        }
    }

    private static int line(Step s) {
        return ((LineExecuted) s.event()).line();
    }

    @Test
    void givesEveryStepInOrder() {
        for (int n : new int[] {0, 1, 2047, 2048, 2049, 100_000}) {
            Counting source = new Counting(n, -1);
            PrefetchedSteps p = new PrefetchedSteps(() -> source, "test");
            StepStream s = new StepStream(p);
            for (int i = 0; i < n; i++) assertEquals(i, line(s.next()));
            assertNull(s.next());
            assertNull(s.next());
            s.close();
            assertTrue(source.made <= 6, "blocks are filled again, not made anew: " + source.made + " made for " + n + " steps");
        }
    }

    @Test
    void passesOnAFailureAfterTheStepsBeforeIt() {
        // the failure inside a block: every step before it comes first
        StepStream s = new StepStream(new PrefetchedSteps(() -> new Counting(10_000, 5500), "test"));
        for (int i = 0; i < 5500; i++) assertEquals(i, line(s.next()));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            while (true) s.next();
        });
        assertEquals("damaged at 5500", e.getMessage());
    }

    @Test
    void stopsReadingWhenTheWalkStops() throws Exception {
        Counting source = new Counting(Integer.MAX_VALUE, -1);
        PrefetchedSteps p = new PrefetchedSteps(() -> source, "test-stop");
        StepStream s = new StepStream(p);
        assertSame(Step.Part.WHOLE, s.next().part());
        s.close();
        Thread reader = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("test-stop")).findFirst().orElse(null);
        if (reader != null) reader.join(10_000);
        assertTrue(reader == null || !reader.isAlive(), "the reader thread ended");
        assertTrue(source.given < 10 * Counting.ROWS, "read no more than the blocks that wait: " + source.given);
    }
}
