package io.jtrace.compare;

import java.util.List;

/**
 * How one thread pair compares: {@code sameSteps} steps agreed (until the first divergence, or in
 * all when there is none); {@code first} is null when the two are the same. With {@code --all},
 * {@code regions} lists every divergent region (the first starts at {@code first}). A thread that
 * only one run has is a pair with a null side; {@code lost} says that records were lost, so the
 * comparison stopped there.
 */
public record ThreadDiff(ThreadPairs.Pair pair, long sameSteps, Divergence first, List<Region> regions, boolean lost) {
    public ThreadDiff {
        regions = List.copyOf(regions);
    }

    public boolean same() {
        return first == null && pair.a() != null && pair.b() != null;
    }
}
