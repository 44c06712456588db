package io.jtrace.write.jfr;

import io.jtrace.model.MethodInfo;
import io.jtrace.replay.FrameStack;

import java.util.Arrays;

/**
 * One thread's open traced frames as the replay reports them, and the stack-trace key of each
 * level in the current chunk (found lazily, found again after a chunk change). The replay's depth
 * is the truth: a frame missing below it (its enter was lost) is an unknown frame, and a stack
 * through one is written as truncated there.
 */
final class ThreadFrames {
    private final FrameStack frames = new FrameStack(null);
    private int[] keys = new int[64];
    /** Levels below this have their key in {@link #keys}, for chunk {@link #generation}. */
    private int known;
    private int generation;

    /** Makes the stack exactly {@code depth} frames deep: cuts it, or pads it with unknown frames. */
    void align(int depth) {
        frames.align(depth);
        if (known > depth) known = depth;
    }

    void push(MethodInfo m) {
        frames.push(m, 0);
    }

    /** Makes {@code m} the frame at level {@code depth}, the innermost (an exit about to be written). */
    void exiting(int depth, MethodInfo m) {
        if (frames.depth() > depth && m.equals(frames.method(depth))) {
            align(depth + 1);
            return;
        }
        align(depth);
        push(m);
    }

    /** The stack-trace key of the outermost {@code levels} frames (0: none, or an unknown frame on top). */
    int stack(int levels, ConstantPools pools, int currentGeneration) {
        return Math.max(0, path(levels, pools, currentGeneration));
    }

    /** The stack-trace key of the outermost {@code levels} frames and then {@code m} on top. */
    int stackWith(int levels, MethodInfo m, ConstantPools pools, int currentGeneration) {
        return pools.stacks.child(path(levels, pools, currentGeneration), pools.method(m));
    }

    /** Like {@link #stack}, but {@link StackTraces#UNKNOWN_BELOW} when the innermost frame is unknown. */
    private int path(int levels, ConstantPools pools, int currentGeneration) {
        if (generation != currentGeneration) {
            generation = currentGeneration;
            known = 0;
        }
        if (levels > frames.depth()) align(levels);
        if (keys.length < frames.depth()) keys = Arrays.copyOf(keys, Math.max(keys.length * 2, frames.depth()));
        for (; known < levels; known++) {
            int parent = known == 0 ? 0 : keys[known - 1];
            MethodInfo m = frames.method(known);
            keys[known] = m == null ? StackTraces.UNKNOWN_BELOW : pools.stacks.child(parent, pools.method(m));
        }
        return levels == 0 ? 0 : keys[levels - 1];
    }
}
