package io.jtrace.compare;

import io.jtrace.model.RecordsLost;

/**
 * One thread's left-out frame (an ignored method's call, or a frame past the depth limit) whose
 * events are skipped: the one rule of where that skip ends, for the walk ({@link ComparedThread})
 * and for {@code --summary} ({@link SummaryDiff}). The events of the frame itself are the caller's
 * to keep or drop.
 */
final class IgnoredFrame {
    /** Depth of the left-out frame open, or -1. */
    private int depth = -1;

    /** Whether a left-out frame is open (its events are being skipped). */
    boolean open() {
        return depth >= 0;
    }

    /** A left-out frame opens at {@code depth}: the events under it are skipped until it ends. */
    void enter(int depth) {
        this.depth = depth;
    }

    /** Whether an event at {@code depth} is under the open left-out frame. */
    boolean under(int depth) {
        return this.depth >= 0 && depth > this.depth;
    }

    /** An exit at {@code depth}: whether it is the left-out frame's own, which ends it. */
    boolean exit(int depth) {
        if (this.depth < 0 || depth != this.depth) return false;
        this.depth = -1;
        return true;
    }

    /** A gap: whether it cut the left-out frame off, which ends it (then the gap itself counts). */
    boolean gap(RecordsLost gap) {
        // FrameContext.lost keeps only the outermost kept() frames (0 after lost batches), so the frame at level depth went on only if kept() > depth
        if (this.depth < 0 || gap.kept() > this.depth) return false;
        this.depth = -1;
        return true;
    }
}
