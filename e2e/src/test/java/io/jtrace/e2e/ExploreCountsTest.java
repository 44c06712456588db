package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Counts in {@code jtrace explore}: {@code step N} lands where N {@code step}s land, and so on for
 * every counted move and repeat, from many positions and for many N (some running past the end
 * of the thread, where both stop at the last place they could reach). Brute force: each case is
 * run both ways in one script (on standard input) and the cursor's line after each is compared.
 */
class ExploreCountsTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private static final int[] POSITIONS = {1, 2, 37, 120, 333, 600, 901, 1050};
    private static final int[] COUNTS = {1, 2, 3, 5, 8, 13, 40, 150};

    /** The cursor's line after each case, N moves at once and one by one: {@code where | head 1}, and the current thread. */
    private void compare(Path rec, String setup, String counted, String single, String thread) {
        StringBuilder once = new StringBuilder(setup);
        StringBuilder byOne = new StringBuilder(setup);
        int cases = 0;
        for (int p : POSITIONS) {
            for (int n : COUNTS) {
                String start = "\nthread " + thread + " > /dev/null; goto " + p + " > /dev/null; ";
                String end = "where | head 1; threads | grep '^=>'";
                once.append(start).append(counted.replace("N", Integer.toString(n))).append(" > /dev/null; ").append(end);
                byOne.append(start).append((single + " > /dev/null; ").repeat(n)).append(end);
                cases++;
            }
        }
        List<String> explore = List.of(Jtrace.executable().toString(), "explore", rec.toString(), "--no-times");
        Jtrace.Result a = Jtrace.exec(dir, explore, java.util.Map.of(), once + "\n"); // on standard input: too long for -c
        Jtrace.Result b = Jtrace.exec(dir, explore, java.util.Map.of(), byOne + "\n");
        assertEquals(2 * cases, a.outLines().size(), a::toString);
        for (int i = 0; i < cases; i++) {
            int p = POSITIONS[i / COUNTS.length];
            int n = COUNTS[i % COUNTS.length];
            assertEquals(b.outLines().subList(2 * i, 2 * i + 2), a.outLines().subList(2 * i, 2 * i + 2),
                    "'" + counted.replace("N", Integer.toString(n)) + "' from #" + p + " on " + thread + " against " + n + " x '" + single + "'");
        }
        assertTrue(a.out().lines().distinct().count() >= 4, "the cases land in several places: " + a.out());
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aCountedMoveIsThatManyMoves(Jdk jdk) {
        Path rec = dir.resolve("bank.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of("--vars", "bank.**"), "bank.Main").exit());
        for (String move : List.of("step", "next", "finish", "rstep", "rnext", "rfinish")) compare(rec, "", move + " N", move, "customer-1");
        // searches: on one thread (counted in one pass forward), and a field followed on every thread
        compare(rec, "thread customer-2 > /dev/null; find call Account.* > /dev/null", "fn N", "fn", "customer-2");
        compare(rec, "thread customer-2 > /dev/null; find call Account.* > /dev/null", "fp N", "fp", "customer-2");
        compare(rec, "thread customer-3 > /dev/null; find read balance > /dev/null; find read balance > /dev/null", "fn N", "fn", "customer-3");
        compare(rec, "thread customer-3 > /dev/null; find read balance > /dev/null; find read balance > /dev/null", "fp N", "fp", "customer-3");
        // find --nth N is N finds, each from the match before
        compare(rec, "", "find call Bank.transfer --nth N", "find call Bank.transfer", "customer-4");
    }
}
