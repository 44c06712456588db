package io.jtrace.analysis;

import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The one copy of the lost-records rule, and the growth every follower of frames relies on. */
class FrameContextTest {
    private static final ThreadInfo T = new ThreadInfo(1, "main", false, 0);

    /** Keeps a label per frame (from a capacity of 2, so that it grows) and logs what the rule does. */
    private static final class Labels extends FrameContext {
        String[] labels = new String[2];
        final List<String> log = new ArrayList<>();

        Labels(String... open) {
            super(2);
            for (String m : open) push(m);
        }

        void push(String label) {
            int level = pushLevel();
            labels[level] = label;
        }

        String pop() {
            int level = popLevel();
            return level < 0 ? null : labels[level];
        }

        @Override
        protected void grow(int capacity) {
            labels = Arrays.copyOf(labels, capacity);
        }

        @Override
        protected void cut(int level) {
            log.add("cut " + labels[level]);
        }

        @Override
        protected void unknown(int level, long nanos) {
            labels[level] = "?@" + nanos;
            log.add("unknown " + level);
        }
    }

    @Test
    void aResyncCutsTheFramesAboveThoseItKeepsInnermostFirstThenPadsWithUnknownFrames() {
        Labels f = new Labels("a", "b", "c", "d");
        assertEquals(2, f.lost(new RecordsLost(T, 70, 5, 0, 2)));
        assertEquals(List.of("cut d", "cut c", "unknown 2", "unknown 3", "unknown 4"), f.log);
        assertEquals(5, f.depth());
        for (int i = 0; i < 3; i++) assertEquals("?@70", f.pop());
        assertEquals("b", f.pop());
        assertEquals("a", f.pop());
        assertNull(f.pop()); // an exit whose enter was not seen
        assertEquals(0, f.depth());
    }

    @Test
    void lostBatchesKeepNoFrame() {
        Labels f = new Labels("a", "b", "c");
        assertEquals(0, f.lost(new RecordsLost(T, 5, 1, 2)));
        assertEquals(List.of("cut c", "cut b", "cut a", "unknown 0"), f.log);
    }

    @Test
    void aResyncListingOnlyFramesItKeepsOnlyCuts() {
        Labels f = new Labels("a", "b", "c");
        assertEquals(1, f.lost(new RecordsLost(T, 5, 1, 0, 1)));
        assertEquals(List.of("cut c", "cut b"), f.log);
    }

    @Test
    void alignMakesTheStackExactlySoDeep() {
        Labels f = new Labels("a", "b", "c");
        f.align(1);
        f.align(3); // a writer given depths alone
        assertEquals(List.of("cut c", "cut b", "unknown 1", "unknown 2"), f.log);
        assertEquals("?@0", f.pop());
    }

    @Test
    void growsPastItsFirstCapacity() {
        Labels f = new Labels();
        for (int i = 0; i < 1000; i++) f.push("m" + i);
        assertEquals(1000, f.depth());
        assertEquals("m999", f.pop());
        f.truncate(10);
        assertEquals("m9", f.pop());
    }
}
