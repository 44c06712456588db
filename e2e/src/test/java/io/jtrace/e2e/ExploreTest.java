package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jtrace explore} scripted ({@code -c} and standard input) on recordings of the examples made
 * on every JDK found: golden outputs of moves, searches, stacks, variables and exception journeys;
 * the same output from standard input as from -c; bookmarks kept beside the recording for the
 * next session; every bad input one line and a non-zero exit.
 */
class ExploreTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** Output, errors and exit code together, identity hashes (different in every run) replaced. */
    private static String transcript(Jtrace.Result r) {
        return (r.out() + "--- stderr\n" + r.err() + "--- exit " + r.exit() + "\n").replaceAll("@[0-9a-f]{1,8}\\b", "@ID");
    }

    private Jtrace.Result explore(Path rec, String script) {
        return Jtrace.jtrace(dir, "explore", rec.toString(), "--no-times", "-c", script);
    }

    /** Moves whose result does not hang on timing ('longest' from a frame with callees does: ThreadHistoryTest covers it). */
    private static final String SAMPLER = String.join("\n",
            "where", "step; step; step", "next", "rnext", "finish", "rfinish", "up", "first", "longest",
            "goto 50%", "where", "ctx 3", "find call *fib*", "fp", "fp", "where", "rstep", "rstep; rstep", "goto +3",
            "goto -2", "last", "up", "goto 1", "step", "goto 56", "rfinish", "goto 200", "tree --depth 2 | head 6",
            "exceptions --summary", "help ctx", "find call Nothing*", "finish");

    @ParameterizedTest
    @MethodSource("jdks")
    void movesAndSearchesOnTheSampler(Jdk jdk) throws Exception {
        Path rec = dir.resolve("sampler.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "sampler.Main").exit());
        Golden.assertMatches("explore-sampler.txt", transcript(explore(rec, SAMPLER)));
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void followsAnExceptionToItsCatch(Jdk jdk) throws Exception {
        Path rec = dir.resolve("journeys.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "exceptions.Journeys").exit());
        String script = "exc 2; step; step; step; step; step; step; step; where; step\n"
                + "find throw *IllegalState*; fn; fp; goto 1; find throw *Nope*; exc 999";
        Golden.assertMatches("explore-journeys.txt", transcript(explore(rec, script)));
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void variablesAndTheirOrigins(Jdk jdk) throws Exception {
        Path rec = dir.resolve("history.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of("--vars", "vars.**"), "vars.History").exit());
        String script = "find write acc; fn; fn; fn; locals; args; origin acc; origin acc; where; find write acc = 10; "
                + "finish; rfinish; find read nothing*; thread nosuch; goto 1; find write perThread = 1000; ctx 2 | grep perThread";
        Golden.assertMatches("explore-history.txt", transcript(explore(rec, script)));
    }

    @Test
    void standardInputGivesWhatDashCGives() throws Exception {
        Path rec = dir.resolve("sampler.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "sampler.Main").exit());
        Jtrace.Result byScript = explore(rec, SAMPLER);
        Jtrace.Result byStdin = Jtrace.exec(dir, List.of(Jtrace.executable().toString(), "explore", rec.toString(), "--no-times"),
                Map.of(), "# comments and blank lines are skipped\n\n" + SAMPLER + "\n");
        assertEquals(transcript(byScript), transcript(byStdin));
        assertEquals(1, byScript.exit(), "a failed command makes the exit code 1");
        Jtrace.Result ok = explore(rec, "step; where");
        assertEquals(0, ok.exit(), ok::toString);
        assertFalse(ok.out().contains("\u001b["), "no colour in a script");
    }

    /**
     * goto -TIME lands on the last event at or before that time: on a thread with nothing in the
     * 5 ms before the cursor it goes back to the event before (it stayed put, as if it had moved).
     */
    @Test
    void gotoEarlierByTimeMovesBack() {
        Path rec = dir.resolve("blocked.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "lifecycle.BlockedAtExit").exit());
        Jtrace.Result r = explore(rec, "thread sleeper; last; goto -5ms; goto -10min");
        assertEquals(List.of("=>       #1  > lifecycle.BlockedAtExit.block()",
                "=>       #2  ? lifecycle.BlockedAtExit.block()  (still running when the recording ended)",
                "=>       #1  > lifecycle.BlockedAtExit.block()"), r.out().lines().toList(), r::toString);
        assertEquals("jtrace explore: goto: no event there: thread sleeper has events #1 to #2\n", r.err());
    }

    /** Filters, reports and searches say what the user got wrong, in the shell's words. */
    @Test
    void mistakesInFiltersAndReportsAreSaidInTheShellsWords() {
        Path rec = dir.resolve("bank.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "bank.Main").exit());
        Jtrace.Result r = explore(rec, "filter thread nosuch; filter clear extra; filter time abc; filter bogus; goto abc; "
                + "thread customer; summary x; filter include Account.*; find call Bank.transfer");
        assertEquals(List.of(
                "jtrace explore: filter: no thread matches 'nosuch' (see 'threads')",
                "jtrace explore: filter: filter clear takes nothing after it (it removes every filter)",
                "jtrace explore: filter: filter time takes a time like 1.5 (seconds), 250ms, 300us or 2min, not 'abc'",
                "jtrace explore: filter: unknown filter 'bogus': thread, include, exclude, min or time",
                "jtrace explore: goto: not a place: 'abc' (N, TIME, +5ms, -100, 40% or @MARK)",
                "jtrace explore: thread: thread 'customer' is ambiguous: customer-1, customer-2, customer-3, customer-4",
                "jtrace explore: summary: unexpected argument: 'x' (see 'help summary')",
                "jtrace explore: find: the session's filters hide every method that matches 'Bank.transfer' (see 'filters'; 'filter clear')"),
                r.err().lines().toList(), r::toString);
        Jtrace.Result help = explore(rec, "help summary; summary --help");
        assertFalse(help.out().contains("FILE") || help.out().contains("A recording written by"), help::toString);
        assertEquals(2, help.out().lines().filter(l -> l.startsWith("Usage: summary ")).count(), help::toString);
    }

    /** An array site's own name (threads[], as Tab offers it) finds a write to any of its elements. */
    @Test
    void anArraySiteNameFindsItsElements() {
        Path rec = dir.resolve("bankv.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of("--vars", "bank.Main"), "bank.Main").exit());
        Jtrace.Result r = explore(rec, "find write threads[]; fn");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(2, r.out().lines().filter(l -> l.contains(" w threads[")).count(), r::toString);
        assertTrue(r.out().contains("w threads[0] = ") && r.out().contains("w threads[1] = "), r::toString);
    }

    @Test
    void bookmarksStayBesideTheRecordingForTheNextSession() throws Exception {
        Path rec = dir.resolve("sampler.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "sampler.Main").exit());
        Jtrace.Result first = explore(rec, "goto 40; mark forty; goto 2; mark two; marks");
        assertEquals(0, first.exit(), first::toString);
        assertTrue(Files.exists(dir.resolve("sampler.jfr.marks")));
        Jtrace.Result second = explore(rec, "marks; goto @forty; goto @two; goto @nope");
        assertTrue(second.out().contains("=>      #40"), second::toString);
        assertTrue(second.out().contains("=>       #2"), second::toString);
        assertEquals("jtrace explore: goto: no bookmark 'nope' (bookmarks: forty, two)\n", second.err());
        assertEquals(1, second.exit());
    }

    @Test
    void outputGoesThroughPipesAndIntoFiles() throws Exception {
        Path rec = dir.resolve("sampler.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "sampler.Main").exit());
        Path out = dir.resolve("ctx.txt");
        Jtrace.Result r = explore(rec, "goto 50%; ctx 10 > " + out + "; ctx 10 | grep -v Recursion | head 3; ctx 10 >> " + out
                + "; ctx 1 | nosuch; ctx 1 | grep sampler");
        assertEquals(21 * 2, Files.readAllLines(out).size(), r::toString);
        assertEquals(1 + 3 + 3, r.outLines().size(), r::toString); // goto's line, head 3, ctx 1 through grep
        assertTrue(r.outLines().subList(1, 4).stream().noneMatch(l -> l.contains("Recursion")), r::toString);
        assertEquals("jtrace explore: ctx: cannot pipe into 'nosuch': grep and head can follow '|'\n", r.err());
        assertEquals(1, r.exit());
    }

    @Test
    void badInputsGiveOneLine() throws Exception {
        Jtrace.Result missing = Jtrace.jtrace(dir, "explore", dir.resolve("nope.jfr").toString(), "-c", "threads");
        assertEquals(2, missing.exit());
        assertEquals(1, missing.err().lines().count(), missing::toString);
        assertTrue(missing.err().startsWith("jtrace explore: "), missing::toString);
        Path notJfr = dir.resolve("text.jfr");
        Files.writeString(notJfr, "not a recording\n");
        Jtrace.Result bad = Jtrace.jtrace(dir, "explore", notJfr.toString(), "-c", "threads");
        assertEquals(2, bad.exit());
        assertEquals(1, bad.err().lines().count(), bad::toString);
        Path rec = dir.resolve("sampler.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "sampler.Main").exit());
        Jtrace.Result typo = explore(rec, "stpe; goto x%; find call 'a/b'; filter min soon; ctx 1 | grep '['\n\"unclosed");
        assertEquals(1, typo.exit());
        assertEquals(List.of(
                "jtrace explore: unknown command 'stpe' (did you mean step?)",
                "jtrace explore: goto: not a place: 'x%' (N, TIME, +5ms, -100, 40% or @MARK)",
                "jtrace explore: find: bad pattern 'a/b': use '.' between names, e.g. 'a.b'",
                "jtrace explore: filter: duration takes a time like 1.5 (seconds), 250ms, 300us or 2min, not 'soon'",
                "jtrace explore: ctx: bad grep pattern '[': Unclosed character class",
                "jtrace explore: unclosed quote \""), typo.err().lines().toList(), typo::toString);
    }

    /**
     * A script's output through a pipe comes command by command, in order with its errors: with
     * stdout and stderr in one pipe, where's lines come before the error of the command after it,
     * and that error before summary's report (they were held until the line ended: the error came
     * first, where's output after the slow summary).
     */
    @Test
    void scriptOutputThroughAPipeComesInOrderWithErrors() throws Exception {
        Path rec = dir.resolve("sampler.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "sampler.Main").exit());
        ProcessBuilder pb = new ProcessBuilder(Jtrace.executable().toString(), "explore", rec.toString(), "--no-times",
                "-c", "where; bogus; summary").directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        Process p = pb.start();
        p.getOutputStream().close();
        String merged = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS));
        int where = merged.indexOf("=>       #1");
        int error = merged.indexOf("jtrace explore: unknown command 'bogus'");
        int summary = merged.indexOf("sampler.Main.main");
        assertTrue(where >= 0 && error > where && merged.indexOf("sampler.", error) > error && summary >= 0, merged);
    }

    /**
     * Commands on standard input through a pipe: each command's output and errors come out while
     * the next command has not even been written (a slow writer, like a command that takes long,
     * must not hold back what is done).
     */
    @Test
    void standardInputThroughAPipeAnswersEachCommandBeforeTheNext() throws Exception {
        Path rec = dir.resolve("sampler.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "sampler.Main").exit());
        ProcessBuilder pb = new ProcessBuilder(Jtrace.executable().toString(), "explore", rec.toString(), "--no-times")
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        Process p = pb.start();
        java.io.BufferedReader merged = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                java.nio.charset.StandardCharsets.UTF_8));
        java.io.Writer in = new java.io.OutputStreamWriter(p.getOutputStream(), java.nio.charset.StandardCharsets.UTF_8);
        try {
            in.write("where; bogus\n");
            in.flush();
            // readLine blocks until a line comes: with the output held back it would wait for stdin's end, which
            // comes only after these lines arrive (the test's timeout ends it then)
            java.util.concurrent.CompletableFuture<List<String>> first = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    List<String> upToError = new java.util.ArrayList<>();
                    for (String l = merged.readLine(); l != null; l = merged.readLine()) {
                        upToError.add(l);
                        if (l.startsWith("jtrace explore:")) break;
                    }
                    return upToError;
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, Jtrace.READERS);
            List<String> lines = first.get(120, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(lines.get(0).startsWith("=>       #1"), lines.toString());
            assertTrue(lines.size() > 1 && lines.get(lines.size() - 1).startsWith("jtrace explore: unknown command 'bogus'"),
                    lines.toString());
            in.write("step\n");
            in.close();
            assertTrue(merged.readLine().startsWith("=>       #2"));
        } finally {
            p.destroy();
            p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
        }
    }
}
