package io.jtrace.analysis;

import io.jtrace.model.RecordsLost;

/**
 * One thread's open frames as its events show them: the frame context of its next event, and the
 * one copy of the lost-records rule. Whatever follows a thread's frames (the replay, the method
 * statistics, the call tree, the call numbers, a selection of frames, the writers of recordings)
 * extends it with what it keeps of each frame, in its own arrays by level, which {@link #grow}
 * enlarges; this class alone decides how many frames are open and what a gap does to them.
 *
 * <p>Not one stack shared with the replay: a visitor behind a {@link FrameSelection} sees only
 * the selected frames, and a writer given model events sees no replay at all, so each follower
 * counts the frames of the events it is given (docs/design/replay.md, "Frames").
 */
public abstract class FrameContext {
    private int depth;
    private int capacity;

    /** Room for {@code capacity} frames: the subclass's arrays are created that long. */
    protected FrameContext(int capacity) {
        this.capacity = capacity;
    }

    /** How many frames are open. */
    public final int depth() {
        return depth;
    }

    /** Opens a frame and returns its level (0: the outermost), where the subclass stores what it keeps of it. */
    protected final int pushLevel() {
        if (depth == capacity) doubleCapacity(); // kept out: C1 inlines this method only while it is this small
        return depth++;
    }

    private void doubleCapacity() {
        capacity *= 2;
        grow(capacity);
    }

    /** Closes the innermost frame and returns its level; -1 when none is open (its enter was not seen). */
    protected final int popLevel() {
        return depth == 0 ? -1 : --depth;
    }

    /** Keeps the outermost {@code level} frames (if more are open); {@link #cut} is told of each other, innermost first. */
    public final void truncate(int level) {
        while (depth > level) cut(--depth);
    }

    /**
     * The lost-records rule: the frames above the {@code kept} ones a RESYNC still lists end unseen
     * ({@link #cut}), then frames up to the gap's depth are unknown ({@link #unknown}, entered at
     * the gap's time). Returns how many frames went on through the gap.
     */
    public final int lost(RecordsLost gap) {
        truncate(gap.kept());
        int kept = depth;
        padTo(gap.depth(), gap.nanos());
        return kept;
    }

    /** Exactly {@code level} frames open: the rule of a gap that keeps none above it (a writer given depths alone). */
    public final void align(int level) {
        truncate(level);
        padTo(level, 0);
    }

    private void padTo(int level, long nanos) {
        while (depth < level) unknown(pushLevel(), nanos);
    }

    /** Makes room for {@code capacity} frames in the subclass's arrays (the levels below the old capacity keep their values). */
    protected abstract void grow(int capacity);

    /** The frame at {@code level} ended without an exit in the records (cut off by a gap, or dropped). */
    protected void cut(int level) {
    }

    /** The frame at {@code level} is unknown (its enter was in lost records), seen from {@code nanos} on. */
    protected abstract void unknown(int level, long nanos);
}
