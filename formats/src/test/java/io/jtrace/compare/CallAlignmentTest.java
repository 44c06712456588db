package io.jtrace.compare;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The alignment of a divergent region's calls against a brute-force reference: on thousands of
 * small random sequences the kept calls form a common subsequence of both, and none is longer
 * (every subsequence of the shorter side tried).
 */
class CallAlignmentTest {
    @Test
    void keepsALongestCommonSubsequenceOnRandomSequences() {
        Random random = new Random(38);
        for (int round = 0; round < 3000; round++) {
            int[] a = random(random, random.nextInt(9), 1 + random.nextInt(4));
            int[] b = random(random, random.nextInt(12), 1 + random.nextInt(4));
            boolean[][] kept = CallAlignment.common(a, a.length, b, b.length);
            int[] fromA = keptOf(a, kept[0]);
            int[] fromB = keptOf(b, kept[1]);
            assertTrue(java.util.Arrays.equals(fromA, fromB), () -> "not the same calls kept on both sides");
            assertEquals(longestCommonByBruteForce(a, b), fromA.length, () -> "not a longest common subsequence");
        }
    }

    @Test
    void worksOnTheFirstPartOfLargerArrays() {
        int[] a = {1, 2, 3, 99, 99};
        int[] b = {2, 3, 4, 99};
        boolean[][] kept = CallAlignment.common(a, 3, b, 3);
        assertEquals(3, kept[0].length);
        assertEquals(3, kept[1].length);
        assertTrue(!kept[0][0] && kept[0][1] && kept[0][2]);
        assertTrue(kept[1][0] && kept[1][1] && !kept[1][2]);
    }

    @Test
    void aWholeWindowAlignsAndMoreIsRefused() {
        int w = CallAlignment.WINDOW;
        int[] a = new int[w];
        int[] b = new int[w];
        for (int i = 0; i < w; i++) {
            a[i] = i % 7;
            b[i] = (i + 1) % 7;
        }
        boolean[][] kept = CallAlignment.common(a, w, b, w);
        int n = 0;
        for (boolean k : kept[0]) if (k) n++;
        assertEquals(w - 1, n); // b is a shifted by one: all but one call line up
        assertThrows(IllegalArgumentException.class, () -> CallAlignment.common(new int[w + 1], w + 1, b, w));
    }

    private static int[] random(Random r, int n, int alphabet) {
        int[] s = new int[n];
        for (int i = 0; i < n; i++) s[i] = r.nextInt(alphabet);
        return s;
    }

    private static int[] keptOf(int[] s, boolean[] kept) {
        return java.util.stream.IntStream.range(0, s.length).filter(i -> kept[i]).map(i -> s[i]).toArray();
    }

    /** Every subsequence of {@code a} (at most 2^8 of them), the longest that is also one of {@code b}. */
    private static int longestCommonByBruteForce(int[] a, int[] b) {
        int best = 0;
        for (int mask = 0; mask < 1 << a.length; mask++) {
            int[] sub = new int[Integer.bitCount(mask)];
            int k = 0;
            for (int i = 0; i < a.length; i++) if ((mask & 1 << i) != 0) sub[k++] = a[i];
            if (sub.length > best && isSubsequence(sub, b)) best = sub.length;
        }
        return best;
    }

    private static boolean isSubsequence(int[] sub, int[] s) {
        int k = 0;
        for (int i = 0; i < s.length && k < sub.length; i++) if (s[i] == sub[k]) k++;
        return k == sub.length;
    }
}
