package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Counts in {@code jtrace explore}: {@code step N} lands where N {@code step}s land, and so on for
 * every counted move and repeat, from many positions and for many N (some running past the end
 * of the thread, where both stop at the last place they could reach). Brute force: every case is
 * run both ways, each way one script (on standard input), and the cursor's line after each is compared.
 */
class ExploreCountsTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private static final int[] POSITIONS = {1, 2, 37, 120, 333, 600, 901, 1050};
    private static final int[] COUNTS = {1, 2, 3, 5, 8, 13, 40, 150};

    /** Both scripts, every group's cases in turn (one explore for each: a process per group took 2-3 times as long). */
    private final StringBuilder once = new StringBuilder();
    private final StringBuilder byOne = new StringBuilder();
    /** Per case, what it compares (for the failure message); per group, its first case. */
    private final List<String> cases = new ArrayList<>();
    private final List<Integer> groups = new ArrayList<>();

    /** Cases of {@code counted} against N x {@code single} from every position, after {@code setup}. */
    private void compare(String setup, String counted, String single, String thread) {
        groups.add(cases.size());
        once.append('\n').append(setup);
        byOne.append('\n').append(setup);
        for (int p : POSITIONS) {
            for (int n : COUNTS) {
                String start = "\nthread " + thread + " > /dev/null; goto " + p + " > /dev/null; ";
                String end = "where | head 1; threads | grep '^=>'";
                once.append(start).append(counted.replace("N", Integer.toString(n))).append(" > /dev/null; ").append(end);
                byOne.append(start).append((single + " > /dev/null; ").repeat(n)).append(end);
                cases.add("'" + counted.replace("N", Integer.toString(n)) + "' from #" + p + " on " + thread + " against " + n + " x '" + single + "'");
            }
        }
    }

    /** Runs both scripts: the cursor's line after each case, N moves at once and one by one ({@code where | head 1}, and the current thread). */
    private void check(Path rec) {
        List<String> explore = List.of(Jtrace.executable().toString(), "explore", rec.toString(), "--no-times");
        Jtrace.Result a = Jtrace.exec(dir, explore, java.util.Map.of(), once + "\n"); // on standard input: too long for -c
        Jtrace.Result b = Jtrace.exec(dir, explore, java.util.Map.of(), byOne + "\n");
        assertEquals(2 * cases.size(), a.outLines().size(), a::toString);
        assertEquals(2 * cases.size(), b.outLines().size(), b::toString);
        for (int i = 0; i < cases.size(); i++) {
            assertEquals(b.outLines().subList(2 * i, 2 * i + 2), a.outLines().subList(2 * i, 2 * i + 2), cases.get(i));
        }
        for (int g = 0; g < groups.size(); g++) {
            int from = groups.get(g);
            int to = g + 1 < groups.size() ? groups.get(g + 1) : cases.size();
            List<String> lines = a.outLines().subList(2 * from, 2 * to);
            assertTrue(lines.stream().distinct().count() >= 4, "the cases land in several places: " + cases.get(from) + "\n" + lines);
        }
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aCountedMoveIsThatManyMoves(Jdk jdk) {
        Path rec = dir.resolve("bank.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of("--vars", "bank.**"), "bank.Main").exit());
        for (String move : List.of("step", "next", "finish", "rstep", "rnext", "rfinish")) compare("", move + " N", move, "customer-1");
        // searches: on one thread (counted in one pass forward), and a field followed on every thread
        compare("thread customer-2 > /dev/null; find call Account.* > /dev/null", "fn N", "fn", "customer-2");
        compare("thread customer-2 > /dev/null; find call Account.* > /dev/null", "fp N", "fp", "customer-2");
        compare("thread customer-3 > /dev/null; find read balance > /dev/null; find read balance > /dev/null", "fn N", "fn", "customer-3");
        compare("thread customer-3 > /dev/null; find read balance > /dev/null; find read balance > /dev/null", "fp N", "fp", "customer-3");
        // find --nth N is N finds, each from the match before
        compare("", "find call Bank.transfer --nth N", "find call Bank.transfer", "customer-4");
        check(rec);
    }
}
