package io.jtrace.compare;

/**
 * Lines up two sequences of calls the way diff(1) lines up two files: a longest common subsequence,
 * the calls outside it being the ones only in one run. Quadratic in time and memory, so a divergent
 * region aligns at most {@link #WINDOW} calls a side (the rest is counted per method).
 */
final class CallAlignment {
    private CallAlignment() {}

    /** Calls per side aligned in one region: 4096 x 4096 cells of 2 bytes = 32 MB at most. */
    static final int WINDOW = 4096;

    /**
     * Which elements of {@code a} and of {@code b} are in a longest common subsequence of the two:
     * {@code inA[i]} / {@code inB[j]} true for those kept. Lengths at most {@link #WINDOW}.
     */
    static boolean[][] common(int[] a, int na, int[] b, int nb) {
        if (na > WINDOW || nb > WINDOW) throw new IllegalArgumentException("at most " + WINDOW + " calls a side");
        // lengths of common subsequences of the suffixes a[i..], b[j..]; they fit a char (<= 4096)
        char[][] len = new char[na + 1][nb + 1];
        for (int i = na - 1; i >= 0; i--) {
            char[] row = len[i];
            char[] below = len[i + 1];
            for (int j = nb - 1; j >= 0; j--) {
                row[j] = a[i] == b[j] ? (char) (below[j + 1] + 1) : (char) Math.max(below[j], row[j + 1]);
            }
        }
        boolean[] keptA = new boolean[na];
        boolean[] keptB = new boolean[nb];
        int i = 0;
        int j = 0;
        while (i < na && j < nb) {
            if (a[i] == b[j]) {
                keptA[i++] = true;
                keptB[j++] = true;
            } else if (len[i + 1][j] >= len[i][j + 1]) {
                i++;
            } else {
                j++;
            }
        }
        return new boolean[][] {keptA, keptB};
    }
}
