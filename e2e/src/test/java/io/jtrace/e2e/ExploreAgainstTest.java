package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jtrace explore B --against A} driven in a real terminal (tmux) on two runs of
 * diverge.Orders, B with every planted difference (an extra exception at order 12, the other branch
 * at order 30, another argument to price; its worker pool numbered differently), on every JDK found:
 * the shell opens where {@code jtrace diff} says the runs part, with the stack there; {@code diverge
 * next} visits the regions {@code jtrace diff --all} lists, in its order; {@code other} lands on the
 * counterpart in A (the prompt says which run is shown) and comes back.
 */
class ExploreAgainstTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private Path orders(Jdk jdk, String name, String... args) {
        Path rec = dir.resolve(name + ".jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--args", "diverge.**"), "diverge.Orders", args);
        assertEquals(0, run.exit(), run::toString);
        return rec;
    }

    /** What each hunk header says differs: {@code @@ thread main[, region N]: after N same steps, WHAT @@}. */
    private static List<String> hunks(Jtrace.Result diff) {
        Pattern header = Pattern.compile("^@@ thread main(, region \\d+)?: after [0-9,]+ same steps, (.*) @@$");
        return diff.outLines().stream().map(header::matcher).filter(Matcher::matches).map(m -> m.group(2)).toList();
    }

    /** The output's lines, without the prompt line at its end. */
    private static List<String> lines(String output) {
        List<String> lines = output.lines().map(String::stripTrailing).filter(l -> !l.isEmpty()).toList();
        return lines.subList(0, lines.size() - 1);
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void walksTheDivergencesDiffFinds(Jdk jdk) throws Exception {
        Path a = orders(jdk, "a", "-1", "3", "-1", "0");
        Path b = orders(jdk, "b", "30", "4", "12", "2");
        Jtrace.Result first = Jtrace.jtrace(dir, "diff", a.toString(), b.toString());
        assertEquals(1, first.exit(), first::toString);
        List<String> firstWhat = hunks(first);
        assertEquals(1, firstWhat.size(), first::toString);
        Jtrace.Result all = Jtrace.jtrace(dir, "diff", "--all", a.toString(), b.toString());
        List<String> regions = hunks(all);
        assertEquals(4, regions.size(), all::toString); // the check's throw, the rest of order 12, the branch, the argument
        assertEquals(firstWhat.get(0), regions.get(0));

        try (Tmux t = new Tmux(dir, Jtrace.executable() + " explore --against " + a + " " + b)) {
            // opened at the planted throw, as diff reports it, with the stack there
            String opened = t.waitFor("]>");
            List<String> shown = opened.lines().map(String::stripTrailing).filter(l -> !l.isEmpty()).toList();
            int at = shown.indexOf("B parts from A (a.jfr) in thread main: " + firstWhat.get(0));
            assertTrue(at >= 0, opened);
            int banner = -1;
            for (int i = 0; i < shown.size() && banner < 0; i++) if (shown.get(i).startsWith("jtrace explore b.jfr: ")) banner = i;
            assertTrue(banner >= 0 && banner < at, "the shell's banner first, then where the runs part:\n" + opened);
            assertEquals("A returns from diverge.Orders.check(int) where B throws java.lang.IllegalStateException", firstWhat.get(0));
            assertTrue(shown.get(at + 1).matches("=> +#\\d+ +[0-9.]+ +> diverge\\.Orders\\.check\\(order=12\\)"), shown.get(at + 1));
            assertTrue(shown.get(at + 2).matches(" +d2  diverge\\.Orders\\.check\\(int\\) .*"), opened);
            assertTrue(shown.get(at + 3).matches(" +d1  diverge\\.Orders\\.process\\(int\\) .*"), opened);
            assertTrue(shown.get(at + 4).matches(" +d0  diverge\\.Orders\\.main\\(String\\[]\\) .*"), opened);
            assertTrue(Tmux.lastLine(opened).matches("\\[B main #\\d+ d2 diverge\\.Orders\\.check]>"), Tmux.lastLine(opened));

            // every region diff --all lists, in its order; the branch's other side in A and back
            List<String> region = lines(t.command("diverge first"));
            assertEquals("region 1 of 4: " + regions.get(0), region.get(0));
            for (int k = 2; k <= regions.size(); k++) {
                String out = t.command("diverge next");
                region = lines(out);
                assertEquals("region " + k + " of 4: " + regions.get(k - 1), region.get(0), out);
                if (regions.get(k - 1).contains("express")) {
                    assertTrue(region.get(1).contains("= diverge.Orders.express(order=30) = 90"), out);
                    String prompt = Tmux.lastLine(out);
                    assertTrue(prompt.matches("\\[B main #\\d+ d4 diverge\\.Orders\\.express]>"), prompt);
                    String there = t.command("other");
                    List<String> inA = lines(there);
                    assertEquals("A: where A does something else: the runs part here", inA.get(0), there);
                    assertTrue(inA.get(1).contains("= diverge.Orders.standard(order=30) = 60"), there);
                    assertTrue(inA.get(2).matches(" +d4  diverge\\.Orders\\.standard\\(int\\) .*"), there);
                    assertTrue(inA.get(3).matches(" +d3  diverge\\.Orders\\.route\\(int\\) .*"), there);
                    assertTrue(Tmux.lastLine(there).matches("\\[A main #\\d+ d4 diverge\\.Orders\\.standard]>"), there);
                    String back = t.command("other");
                    assertEquals("B: back where 'other' came from", lines(back).get(0), back);
                    assertEquals(prompt, Tmux.lastLine(back));
                }
                if (regions.get(k - 1).contains("price")) {
                    assertTrue(region.get(1).contains("= diverge.Orders.price(quantity=7, factor=4) = 28"), out);
                }
            }
            String none = t.command("diverge next");
            assertTrue(none.contains("diverge: no divergent region after the cursor in this thread (4 in all; 'diverge list')"), none);
            t.type("diverge li");
            t.press("Tab"); // the subcommands complete
            t.waitFor("]> diverge list");
            t.press("C-u");
            String listed = t.command("diverge list");
            for (int k = 1; k <= 4; k++) assertTrue(listed.contains(String.format("%3d  #", k)), listed);
            assertTrue(listed.contains("=>   4  #"), "the cursor is at the last region:\n" + listed);

            // an event both runs share: after order 12's region, the check of order 13 is the same call in A
            String back2 = t.command("diverge prev 2");
            assertEquals("region 2 of 4: " + regions.get(1), lines(back2).get(0), back2);
            String check = t.command("find call diverge.Orders.check");
            assertTrue(check.contains("= diverge.Orders.check(order=13)"), check);
            String same = t.command("other");
            assertEquals("A: the same event in A", lines(same).get(0), same);
            assertTrue(lines(same).get(1).contains("= diverge.Orders.check(order=13)"), same);
            assertTrue(Tmux.lastLine(same).matches("\\[A main #\\d+ d2 diverge\\.Orders\\.check]>"), same);

            String bad = t.command("diverge sideways");
            assertTrue(bad.contains("diverge: diverge takes next, prev (each with a count), first or list, not 'sideways'"), bad);
            t.type("quit");
            t.press("Enter");
            t.waitFor("shell exited with 0");
        }

        // the worker pool is pool-3 in B (two executors made before it): 'other' goes to A's pool-1 thread
        Jtrace.Result pool = Jtrace.jtrace(dir, "explore", "--against", a.toString(), b.toString(), "--no-times", "-c",
                "thread pool-3-thread-1; step; other; where");
        assertEquals(0, pool.exit(), pool::toString);
        List<String> poolLines = pool.outLines();
        int inA = poolLines.indexOf("A: the same event in A");
        assertTrue(inA > 0, pool::toString);
        assertTrue(poolLines.get(inA + 1).contains("diverge.Orders.pack(items=12)"), pool::toString);
        assertTrue(pool.outLines().stream().anyMatch(l -> l.matches(" +d1  diverge\\.Orders\\.pack\\(int\\) .*")), pool::toString);
        // a call only A made (route of order 12, which B's check threw before): 'other' goes to the nearest point before it where the runs line up
        Jtrace.Result onlyA = Jtrace.jtrace(dir, "explore", "--against", a.toString(), b.toString(), "--no-times", "-c",
                "diverge first; other; step; step; other");
        assertEquals(0, onlyA.exit(), onlyA::toString);
        assertTrue(onlyA.outLines().stream().anyMatch(l -> l.matches("B: the nearest point before #\\d+ where the runs line up")), onlyA::toString);
        Jtrace.Result samePool = Jtrace.jtrace(dir, "explore", "--against", a.toString(), b.toString(), "-c", "thread pool-3-thread-1; diverge");
        assertEquals(1, samePool.exit(), samePool::toString);
        assertEquals("jtrace explore: diverge: thread pool-1-thread-1 = pool-3-thread-1 is the same in A and B", samePool.err().strip());
        // the same run twice: no divergence to open at
        Jtrace.Result same = Jtrace.jtrace(dir, "explore", "--against", a.toString(), a.toString(), "-c", "diverge");
        assertEquals(1, same.exit(), same::toString);
        assertEquals("B is the same as A (a.jfr): no divergence", same.outLines().get(0), same::toString);
        assertEquals("jtrace explore: diverge: thread main is the same in A and B", same.err().strip());

        // without --against there is nothing to diverge from; a bad --against is named
        Jtrace.Result alone = Jtrace.jtrace(dir, "explore", b.toString(), "-c", "diverge");
        assertEquals(1, alone.exit(), alone::toString);
        assertEquals("jtrace explore: diverge: no recording to compare with: start the shell with 'jtrace explore B.jfr --against A.jfr'",
                alone.err().strip());
        Jtrace.Result missing = Jtrace.jtrace(dir, "explore", "--against", dir.resolve("none.jfr").toString(), b.toString(), "-c", "where");
        assertEquals(2, missing.exit(), missing::toString);
        assertEquals("jtrace explore: --against: no such file: " + dir.resolve("none.jfr"), missing.err().strip());
        Jtrace.Result notRecording = Jtrace.jtrace(dir, "explore", "--against", dir.toString(), b.toString(), "-c", "where");
        assertEquals(2, notRecording.exit(), notRecording::toString);
        assertEquals("jtrace explore: --against: " + dir + " is a directory, not a recording", notRecording.err().strip());
    }

    /**
     * Tab completes from the recording shown: after 'other' shows A, A's methods (two different
     * programs here, so each has methods the other lacks), though B's were listed first.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void completionFollowsTheRecordingShown(Jdk jdk) throws Exception {
        Path a = orders(jdk, "a", "-1", "3", "-1", "0");
        Path b = dir.resolve("b.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, b, List.of(), "workloads.DeepStack", "5").exit());
        try (Tmux t = new Tmux(dir, Jtrace.executable() + " explore --against " + a + " " + b)) {
            t.waitFor("]>");
            t.type("find call DeepStack.desc");
            t.press("Tab"); // B's methods listed
            String inB = t.waitFor("]> find call DeepStack.descend");
            assertTrue(Tmux.lastLine(inB).matches("\\[B .*]> find call DeepStack\\.descend.*"), inB);
            t.press("C-u");
            String there = t.command("other");
            assertTrue(Tmux.lastLine(there).startsWith("[A "), there);
            t.type("find call Orders.chec");
            t.press("Tab");
            String inA = t.waitFor("]> find call Orders.check");
            assertTrue(Tmux.lastLine(inA).matches("\\[A .*]> find call Orders\\.check.*"), inA);
            t.press("C-u");
            t.type("quit");
            t.press("Enter");
            t.waitFor("shell exited with 0");
        }
    }
}
