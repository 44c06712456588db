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

    /** Steps 0 .. n-1 (line numbers say which), then the end, or a failure after {@code failAt} steps. */
    private static final class Counting implements StepStream.Source {
        final int n;
        final int failAt;
        volatile int given;

        Counting(int n, int failAt) {
            this.n = n;
            this.failAt = failAt;
        }

        @Override
        public Step next() {
            if (given == failAt) throw new IllegalStateException("damaged at " + failAt);
            if (given == n) return null;
            return new Step(new LineExecuted(T, 0, 0, M, given++), Step.Part.WHOLE, -1);
        }
    }

    @Test
    void givesEveryStepInOrder() {
        for (int n : new int[] {0, 1, 2047, 2048, 2049, 100_000}) {
            PrefetchedSteps p = new PrefetchedSteps(new Counting(n, -1), "test");
            for (int i = 0; i < n; i++) assertEquals(i, ((LineExecuted) p.next().event()).line());
            assertNull(p.next());
            assertNull(p.next());
            p.close();
        }
    }

    @Test
    void passesOnAFailureAfterTheStepsBeforeIt() {
        PrefetchedSteps p = new PrefetchedSteps(new Counting(10_000, 5000), "test");
        for (int i = 0; i < 5000; i++) assertEquals(i, ((LineExecuted) p.next().event()).line()); // every step before it
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            while (true) p.next();
        });
        assertEquals("damaged at 5000", e.getMessage());
    }

    @Test
    void stopsReadingWhenTheWalkStops() throws Exception {
        Counting source = new Counting(Integer.MAX_VALUE, -1);
        PrefetchedSteps p = new PrefetchedSteps(source, "test-stop");
        assertSame(Step.Part.WHOLE, p.next().part());
        p.close();
        Thread reader = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("test-stop")).findFirst().orElse(null);
        if (reader != null) reader.join(10_000);
        assertTrue(reader == null || !reader.isAlive(), "the reader thread ended");
        assertTrue(source.given < 10 * 2048, "read no more than the blocks that wait: " + source.given);
    }
}
