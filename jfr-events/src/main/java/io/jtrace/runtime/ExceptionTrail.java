package io.jtrace.runtime;

/**
 * One thread's memory of the exceptions it recently threw or handled, so that the runtime can
 * tell a new throw from a rethrow, a {@code finally} passing its exception on from a new throw,
 * and an exception seen for the first time (raised by the JVM or thrown in untraced code) from
 * one already recorded. Exceptions are compared by reference; at most {@link #SIZE} are kept,
 * and an entry is dropped when the frame that last handled it is left, so nothing is kept alive
 * longer than the frames that hold it anyway.
 */
final class ExceptionTrail {
    static final int SIZE = 8;

    /** Thrown and unwinding (or passed on to untraced code). */
    static final byte THROWN = 1;
    /** A typed handler caught it; a throw of it now is a rethrow. */
    static final byte CAUGHT = 2;
    /** A finally (or resource-close) handler runs for it; a throw of it at the same depth passes it on. */
    static final byte UNWINDING = 3;

    private final Throwable[] exceptions = new Throwable[SIZE];
    private final int[] depths = new int[SIZE];
    private final byte[] states = new byte[SIZE];
    private final boolean[] recorded = new boolean[SIZE];
    private int next;
    /** Entries in use: lets the common case (no exception around) skip the scan. */
    int count;

    /** Slot of {@code t}, or -1. */
    int find(Throwable t) {
        if (count == 0) return -1;
        for (int i = 0; i < SIZE; i++) if (exceptions[i] == t) return i;
        return -1;
    }

    /** Adds {@code t} in the oldest slot (overwriting it if the trail is full); returns the slot. */
    int add(Throwable t, byte state, int depth, boolean wasRecorded) {
        int slot = next;
        next = (next + 1) % SIZE;
        if (exceptions[slot] == null) count++;
        exceptions[slot] = t;
        set(slot, state, depth);
        recorded[slot] = wasRecorded;
        return slot;
    }

    void set(int slot, byte state, int depth) {
        states[slot] = state;
        depths[slot] = depth;
    }

    void markRecorded(int slot) {
        recorded[slot] = true;
    }

    byte state(int slot) {
        return states[slot];
    }

    int depth(int slot) {
        return depths[slot];
    }

    boolean recorded(int slot) {
        return recorded[slot];
    }

    /** Forgets exceptions last handled in frames deeper than {@code depth} (those frames are gone). */
    void dropAbove(int depth) {
        if (count == 0) return;
        for (int i = 0; i < SIZE; i++) {
            if (exceptions[i] != null && depths[i] > depth) {
                exceptions[i] = null;
                count--;
            }
        }
    }
}
