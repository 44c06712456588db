package io.jtrace.analysis;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LongCountsTest {
    /** Runs of the same key (the last-added fast path), keys colliding in their slots, and growth past many rehashes. */
    @Test
    void countsAsAMapWouldThroughRunsCollisionsAndGrowth() {
        LongCounts counts = new LongCounts();
        Map<Long, Long> expected = new HashMap<>();
        Random random = new Random(42);
        for (int i = 0; i < 200_000; i++) {
            long key = random.nextInt(4) == 0
                    ? (long) random.nextInt(50_000) << 32 | random.nextInt(3) // many distinct: grows the table
                    : (long) random.nextInt(8) << 32 | 1; // few, and often the same as the one before
            int run = 1 + random.nextInt(5);
            for (int r = 0; r < run; r++) {
                counts.add(key);
                expected.merge(key, 1L, Long::sum);
            }
        }
        assertEquals(expected.size(), counts.size());
        for (Map.Entry<Long, Long> e : expected.entrySet()) assertEquals(e.getValue(), counts.get(e.getKey()), "key " + e.getKey());
        assertEquals(0, counts.get(123_456_789L << 32));
        Map<Long, Long> seen = new HashMap<>();
        counts.forEach(seen::put);
        assertEquals(expected, seen);
    }
}
