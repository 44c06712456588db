package io.jtrace.compare;

import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The skip under an ignored call that the walk and {@code --summary} share: it ends at the
 * frame's exit, or at a gap that cuts the frame off by the replay's rule (FrameContext.lost keeps
 * the outermost {@code kept} frames), whatever depth the trace resumes at.
 */
class IgnoredFrameTest {
    private static final ThreadInfo T = new ThreadInfo(1, "main", false, 0);

    @Test
    void lostBatchesInsideTheIgnoredCallEndTheSkipEvenWhenTheTraceResumesDeeper() {
        IgnoredFrame f = new IgnoredFrame();
        f.enter(2);
        assertTrue(f.under(3));
        // lost batches keep no frame: the ignored one at level 2 is cut off, though the trace resumes at depth 5
        assertTrue(f.gap(new RecordsLost(T, 10, 5, 1)));
        assertFalse(f.open());
        assertFalse(f.under(6), "events after the gap are in unknown frames, not under the ignored call");
    }

    @Test
    void aResyncThatStillListsTheIgnoredFrameKeepsSkipping() {
        IgnoredFrame f = new IgnoredFrame();
        f.enter(2);
        // a RESYNC keeping 3 frames (levels 0-2, the ignored one among them), resuming at depth 4
        assertFalse(f.gap(new RecordsLost(T, 10, 4, 0, 3)));
        assertTrue(f.open());
        assertTrue(f.under(4));
        assertFalse(f.exit(3));
        assertTrue(f.exit(2));
        assertFalse(f.open());
    }

    @Test
    void aResyncKeepingFramesBelowTheIgnoredOneEndsIt() {
        IgnoredFrame f = new IgnoredFrame();
        f.enter(2);
        assertTrue(f.gap(new RecordsLost(T, 10, 3, 0, 2)));
        assertFalse(f.open());
    }
}
