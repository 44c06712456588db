package io.jtrace.analysis;

/**
 * The order of a node's children in a call tree with times: most total time first, then by name
 * (so equal trees print the same); stable, so equal names keep their call order.
 *
 * <p>A sort of its own rather than {@code List.sort} with a chained {@code Comparator}: writing the
 * tree of a real application sorts a million small lists, and the JDK's shared TimSort, inlined
 * with the comparator's lambdas and profiled on every other array type in the process, cost the
 * JIT four compilations and as many deoptimizations (each also throwing away the compiled tree
 * writer it was inlined into) before it settled: about a second of compiling on two cores.
 */
final class MostTimeFirst {
    private MostTimeFirst() {}

    /** Below this many, insertion sort. */
    private static final int SMALL = 16;

    static void sort(CallTree.Node[] nodes) {
        if (nodes.length <= SMALL) {
            insertionSort(nodes, 0, nodes.length);
        } else {
            mergeSort(nodes, nodes.clone(), 0, nodes.length);
        }
    }

    static int compare(CallTree.Node a, CallTree.Node b) {
        long x = a.totalNanos(), y = b.totalNanos();
        if (x != y) return x > y ? -1 : 1;
        return Integer.compare(a.nameOrder(), b.nameOrder());
    }

    /**
     * Binary insertion: each node goes after the last one that does not sort after it (stable). The
     * search is not a counted loop: the plain insertion sort's inner loop was, and C2's predicate for
     * its limit failed on some lists, recompiling the tree writer it was inlined into.
     */
    private static void insertionSort(CallTree.Node[] a, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            CallTree.Node n = a[i];
            if (compare(a[i - 1], n) <= 0) continue; // in place already
            int lo = from, hi = i - 1; // a[hi] sorts after n
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (compare(a[mid], n) > 0) hi = mid;
                else lo = mid + 1;
            }
            System.arraycopy(a, lo, a, lo + 1, i - lo);
            a[lo] = n;
        }
    }

    /** Sorts {@code a[from, to)}; {@code copy} holds the same elements there on entry. */
    private static void mergeSort(CallTree.Node[] a, CallTree.Node[] copy, int from, int to) {
        if (to - from <= SMALL) {
            insertionSort(a, from, to);
            return;
        }
        int mid = (from + to) >>> 1;
        // sort both halves of the copy (using a as scratch), then merge them into a
        mergeSort(copy, a, from, mid);
        mergeSort(copy, a, mid, to);
        int i = from, j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && compare(copy[i], copy[j]) <= 0)) {
                a[k] = copy[i++];
            } else {
                a[k] = copy[j++];
            }
        }
    }
}
