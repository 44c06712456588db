package io.jtrace.runtime;

/**
 * Which methods' calls are recorded without a clock read (see {@link RecordFormat#ENTER_UNTIMED}),
 * decided per method by measuring its own calls.
 *
 * <p>Why: reading the clock twice costs more than a getter takes; real applications are made of
 * such methods, and their timestamps measured mostly the clock (bench/README.md, "Untimed calls:
 * --timing adaptive against full"). Rule: a
 * method's timed calls are watched in windows of {@link #WINDOW}; when at least {@link #SHORT_NEEDED}
 * of a window's calls were short leaf calls, its calls go untimed from then on. A leaf call (no
 * clock read between its enter and exit: no callee, or only untimed callees, so that a short
 * caller of one-line helpers follows them) is short when its measured time, less the
 * shortest leaf call measured so far in the JVM (the tracer's own time between the two clock
 * reads, which every leaf call pays), and less the tracer's own time for each untimed callee (the
 * shortest call with one untimed callee less the shortest with none), is below
 * {@link #shortNanos}: twice the clock's own cost, measured at start. No method is decided before its first {@link #WARMUP_WINDOWS} windows (its
 * first calls run in the interpreter, whose times say little about the compiled code that makes
 * the millions of calls that matter, and the calls just before the switch are what a reader
 * estimates the untimed ones from). A window that misses starts the next one; after
 * {@link #MAX_WINDOWS} windows the method stays timed for good and is no longer watched. Every call is still recorded, enter and exit, in order; only their times are left
 * out. {@code jtrace run --timing full} turns this off.
 *
 * <p>A method whose calls are leaf calls only in part (a recursion's base case, an early return)
 * misses that rule however short its leaf calls are. So a window in which at least
 * {@link #LEAVES_NEEDED} calls were leaf calls and at least 95% of those were short makes its leaf
 * calls' exits untimed ({@link #LEAF_UNTIMED}): every call still reads the clock at its enter (a
 * leaf is known only at the exit), the leaf calls no more at their exit, the others still do.
 *
 * <p>The tables are shared by all threads and updated without locks: a count lost to a race only
 * delays a decision, and a decision is never taken back.
 */
final class MethodTiming {
    private MethodTiming() {}

    static final byte WATCHED = 0;
    static final byte UNTIMED = 1;
    static final byte TIMED = 2;
    /** Timed, but an exit with no clock read since its enter (a leaf call's) is untimed. */
    static final byte LEAF_UNTIMED = 3;
    static final int WINDOW = 256;
    static final int SHORT_NEEDED = WINDOW * 95 / 100;
    /** Leaf calls a window needs before its leaf calls alone decide (a quarter of its calls). */
    static final int LEAVES_NEEDED = WINDOW / 4;
    static final int WARMUP_WINDOWS = 32;
    static final int MAX_WINDOWS = 4096;

    /** Set before tracing starts ({@code timing=full}): every call timed, nothing watched. */
    static boolean full;
    /** A leaf call this much longer than {@link #floorNanos} or less is short (nanoseconds). */
    static long shortNanos = 50;
    /** The shortest leaf call measured so far (the tracer's own time between its clock reads). */
    private static long floorNanos = Long.MAX_VALUE;
    /**
     * The shortest leaf call with exactly one untimed callee measured so far: less {@link #floorNanos},
     * what the tracer spends on an untimed callee's two records (with the shortest callee's own time).
     */
    private static long floorWithCalleeNanos = Long.MAX_VALUE;
    /**
     * Such calls seen: their floor is used once there have been {@link #CALLEE_SAMPLES_NEEDED}
     * (a few early ones, interpreted, would make an untimed callee look far dearer than it is).
     */
    private static int withCalleeSamples;
    static final int CALLEE_SAMPLES_NEEDED = 1024;

    /** Per method id: WATCHED, UNTIMED, TIMED or LEAF_UNTIMED. */
    private static volatile byte[] states = new byte[4096];
    /**
     * Per method id: calls watched in this window (bits 0-8), short leaf calls (bits 9-17), leaf
     * calls (bits 18-26), windows done (bits 27 on).
     */
    private static volatile long[] counts = new long[4096];

    /** Measures the clock's own cost once, before tracing starts. */
    static void calibrate() {
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long start = System.nanoTime();
            long sink = 0;
            for (int i = 0; i < 2000; i++) sink += System.nanoTime();
            long per = (System.nanoTime() - start) / 2000;
            if (sink != 0 && per < best) best = per;
        }
        shortNanos = Math.max(30, Math.min(200, 2 * best));
        // Test only (-Djtrace.test.shortNanos=N on the target; see docs/testing.md): a threshold that
        // no machine's load can miss, for the tests of what follows a decision, not of the measure
        shortNanos = Long.getLong("jtrace.test.shortNanos", shortNanos);
    }

    /** What this method's calls do now: WATCHED, UNTIMED, TIMED or LEAF_UNTIMED (TIMED under full timing). */
    static byte state(int methodId) {
        if (full) return TIMED; // an attach with --timing full after one that decided methods untimed
        byte[] s = states;
        return methodId < s.length ? s[methodId] : WATCHED;
    }

    /** Whether calls of this method go without clock reads now. */
    static boolean untimed(int methodId) {
        return state(methodId) == UNTIMED;
    }

    /** Whether this method's timed calls are still being watched. */
    static boolean watched(int methodId) {
        return state(methodId) == WATCHED;
    }

    /**
     * A timed call of a watched method returned: {@code leaf} with this duration (ns), or not a leaf;
     * {@code untimedRecords}: the records its untimed callees wrote between its enter and exit.
     */
    static void observe(int methodId, boolean leaf, long nanos, int untimedRecords) {
        long[] c = counts;
        byte[] s = states;
        if (methodId >= c.length || methodId >= s.length) {
            grow(methodId);
            return; // the next calls are counted
        }
        boolean isShort = false;
        if (leaf) {
            long floor = floorNanos;
            if (untimedRecords == 0 && nanos < floor) floorNanos = floor = nanos; // racy: a lost update only keeps a higher floor a while
            long withCallee = floorWithCalleeNanos;
            if (untimedRecords == 2) {
                if (nanos < withCallee) floorWithCalleeNanos = withCallee = nanos;
                if (withCalleeSamples < CALLEE_SAMPLES_NEEDED) withCalleeSamples++; // racy: a lost count only waits longer
            }
            // the tracer's own time for the untimed callees is not the method's: a caller of untimed
            // helpers that only adds a compare to them is as short as they are (never more than a
            // timed call's clock reads a callee; with samples counted, withCallee is a measured one,
            // and without a floor the call is not short below whatever this comes to)
            long perCallee = withCalleeSamples < CALLEE_SAMPLES_NEEDED ? 0 : Math.max(0, Math.min(shortNanos, withCallee - floor));
            // no floor yet (every leaf so far had callees): nothing to measure against, not short
            isShort = floor != Long.MAX_VALUE && nanos - floor - (untimedRecords >> 1) * perCallee < shortNanos;
        }
        long v = c[methodId];
        int watchedCalls = (int) (v & 0x1ff) + 1;
        int shortCalls = (int) ((v >>> 9) & 0x1ff) + (isShort ? 1 : 0);
        int leafCalls = (int) ((v >>> 18) & 0x1ff) + (leaf ? 1 : 0);
        long windows = v >>> 27;
        if (watchedCalls < WINDOW) {
            c[methodId] = (windows << 27) | ((long) leafCalls << 18) | (shortCalls << 9) | watchedCalls;
            return;
        }
        windows++;
        if (windows <= WARMUP_WINDOWS) {
            c[methodId] = windows << 27;
            return;
        }
        if (shortCalls >= SHORT_NEEDED) {
            s[methodId] = UNTIMED;
        } else if (leafCalls >= LEAVES_NEEDED && shortCalls * 100 >= leafCalls * 95) {
            s[methodId] = LEAF_UNTIMED;
        } else if (windows >= MAX_WINDOWS) {
            s[methodId] = TIMED;
        }
        c[methodId] = windows << 27; // a new window
    }

    private static synchronized void grow(int methodId) {
        int n = states.length;
        while (n <= methodId) n *= 2;
        if (n == states.length) return;
        counts = java.util.Arrays.copyOf(counts, n);
        states = java.util.Arrays.copyOf(states, n);
    }

    /** Test only: forgets every decision. */
    static synchronized void reset() {
        floorNanos = Long.MAX_VALUE;
        floorWithCalleeNanos = Long.MAX_VALUE;
        withCalleeSamples = 0;
        states = new byte[4096];
        counts = new long[4096];
    }
}
