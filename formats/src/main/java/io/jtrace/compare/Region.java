package io.jtrace.compare;

import java.util.Map;

/**
 * A stretch where two runs differ ({@code --all}): from a divergence until both runs leave the
 * frame they parted in (or their threads end). {@code onlyInA} / {@code onlyInB}: calls of each
 * method that the other run does not match, as a longest common subsequence lines the region's
 * calls up; {@code aligned} false when the region held more calls than one alignment takes
 * ({@link CallAlignment#WINDOW}), the rest then matched per method by count.
 */
public record Region(Divergence start, long callsA, long callsB, Map<MethodKey, Long> onlyInA,
                     Map<MethodKey, Long> onlyInB, boolean aligned) {
    /** Calls a side that one region lines up; beyond them, calls are matched per method by count. */
    public static final int ALIGNED_CALLS = CallAlignment.WINDOW;

    public Region {
        onlyInA = Map.copyOf(onlyInA);
        onlyInB = Map.copyOf(onlyInB);
    }
}
