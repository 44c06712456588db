package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** However the target ends, jtrace exits with its code and the recording is complete. */
class LifecycleTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /**
     * A target that fails before its first traced call (its main class does not exist), or ends
     * well having traced nothing, says so in one line, not "0 calls", and an earlier recording at
     * the same path is still there after it, with no second name of it left beside it.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aTargetThatTracesNothingLeavesTheEarlierRecording(Jdk jdk) throws Exception {
        Path rec = dir.resolve("kept.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "counter.Counter", "7").exit());
        byte[] before = Files.readAllBytes(rec);
        Jtrace.Result failed = Jtrace.trace(dir, jdk, rec, List.of(), "lifecycle.NoSuchMainClass");
        assertEquals(1, failed.exit(), failed::toString);
        assertTrue(failed.err().contains("jtrace run: no call was traced: the target exited with code 1 before its first"
                + " traced call (kept.jfr still holds an earlier recording)"), failed::toString);
        assertFalse(failed.err().contains("0 calls"), failed::toString);
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(rec)), "the earlier recording changed");
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".kept")).toList());
        }
        // with nothing there before, the same run leaves no recording of JFR's events alone (114 KB), and says so
        Path fresh = dir.resolve("fresh.jfr");
        Jtrace.Result none = Jtrace.trace(dir, jdk, fresh, List.of(), "lifecycle.NoSuchMainClass");
        assertEquals(1, none.exit(), none::toString);
        assertTrue(none.err().contains("jtrace run: no call was traced: the target exited with code 1 before its first"
                + " traced call; no recording kept (fresh.jfr removed)"), none::toString);
        assertFalse(Files.exists(fresh), "an empty recording was left");
        // a misspelt --include also traces nothing: the pattern is named too
        Jtrace.Result typo = Jtrace.trace(dir, jdk, rec, List.of("--include", "lifecycle.ExitFromDepe"), "lifecycle.ExitFromDeep", "1");
        assertEquals(1, typo.exit(), typo::toString);
        assertTrue(typo.err().contains("no call was traced") && typo.err().contains(
                "jtrace run: warning: --include lifecycle.ExitFromDepe matches no method of the classes the program loaded"
                        + " (did you mean lifecycle.ExitFromDeep?)"), typo::toString);
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(rec)), "the earlier recording changed");
        // so does a run that ends well having traced nothing (a misspelt --include, java -version): the
        // earlier recording is not replaced by an empty one; with none there, the empty one is kept
        Jtrace.Result inScopeNothing = Jtrace.trace(dir, jdk, rec, List.of("--include", "lifecycle.ExitFromDepe"), "counter.Counter", "3");
        assertEquals(0, inScopeNothing.exit(), inScopeNothing::toString);
        assertTrue(inScopeNothing.err().contains("jtrace run: no call was traced (kept.jfr still holds an earlier recording)"),
                inScopeNothing::toString);
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(rec)), "the earlier recording changed");
        Path empty = dir.resolve("empty.jfr");
        Jtrace.Result emptyRun = Jtrace.trace(dir, jdk, empty, List.of("--include", "lifecycle.ExitFromDepe"), "counter.Counter", "3");
        assertEquals(0, emptyRun.exit(), emptyRun::toString);
        assertTrue(emptyRun.err().startsWith("jtrace: 0 calls (0 records) in 0 threads -> empty.jfr"), emptyRun::toString);
        assertTrue(Files.exists(empty));
        // a JVM halted at once: JFR may have written nothing (then the earlier recording stays), or
        // chunks to rebuild this run's from; the file is never left empty
        Jtrace.Result halted = Jtrace.trace(dir, jdk, rec, List.of(), "lifecycle.Halt", "0");
        assertEquals(9, halted.exit(), halted::toString);
        if (halted.err().contains("recovered")) {
            assertFalse(java.util.Arrays.equals(before, Files.readAllBytes(rec)), halted::toString);
        } else {
            assertTrue(halted.err().contains("(kept.jfr still holds an earlier recording)"), halted::toString);
            assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(rec)), halted::toString);
        }
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".kept")).toList());
        }
        // a run that traces calls replaces the earlier recording as usual
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "counter.Counter", "3").exit());
        assertFalse(java.util.Arrays.equals(before, Files.readAllBytes(rec)));
    }

    /**
     * A call still running when the recording ends ran at least until then: its duration reaches
     * the recording's end, not only its thread's last record (here its own enter: 0 ns before).
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aCallBlockedAtTheEndLastsUntilTheRecordingEnds(Jdk jdk) throws Exception {
        Path rec = dir.resolve("blocked.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "lifecycle.BlockedAtExit");
        assertEquals(0, run.exit(), run::toString);
        MethodExit blocked = Recording.read(rec).thread("sleeper").stream()
                .filter(e -> e instanceof MethodExit x && x.kind() == ExitKind.UNFINISHED && x.method().name().equals("block"))
                .map(MethodExit.class::cast).findFirst().orElseThrow();
        // main slept 200 ms inside work() after the sleeper blocked
        assertTrue(blocked.durationNanos() >= 150_000_000L, () -> "unfinished block() lasted " + blocked.durationNanos() + " ns");
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--thread", "sleeper", rec.toString());
        assertTrue(print.out().lines().anyMatch(l -> l.contains("? lifecycle.BlockedAtExit.block()") && l.contains(" ms  (still running")),
                print::toString);
    }

    /** System.exit(3) three frames deep: exit 3, and the frames that never returned are shown with '?'. */
    @ParameterizedTest
    @MethodSource("jdks")
    void systemExitFromNestedFrames(Jdk jdk) throws Exception {
        Path rec = dir.resolve("exit.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "lifecycle.ExitFromDeep", "3");
        assertEquals(3, run.exit(), run::toString);
        assertEquals("exiting with 3\n", run.out());
        List<TraceEvent> main = Recording.read(rec).thread("main");
        List<MethodExit> unfinished = main.stream().filter(e -> e instanceof MethodExit x && x.kind() == ExitKind.UNFINISHED)
                .map(MethodExit.class::cast).toList();
        assertEquals(List.of("descend", "descend", "descend", "descend", "main"),
                unfinished.stream().map(x -> x.method().name()).toList(), main::toString);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--no-times", rec.toString());
        assertEquals(0, print.exit(), print::toString);
        assertEquals(String.join("\n",
                "main  > lifecycle.ExitFromDeep.main(String[])",
                "main    > lifecycle.ExitFromDeep.descend(int, int)",
                "main      > lifecycle.ExitFromDeep.descend(int, int)",
                "main        > lifecycle.ExitFromDeep.descend(int, int)",
                "main          > lifecycle.ExitFromDeep.descend(int, int)",
                "main          ? lifecycle.ExitFromDeep.descend(int, int)  (still running when the recording ended)",
                "main        ? lifecycle.ExitFromDeep.descend(int, int)  (still running when the recording ended)",
                "main      ? lifecycle.ExitFromDeep.descend(int, int)  (still running when the recording ended)",
                "main    ? lifecycle.ExitFromDeep.descend(int, int)  (still running when the recording ended)",
                "main  ? lifecycle.ExitFromDeep.main(String[])  (still running when the recording ended)", ""), print.out());
    }

    /** An exception leaving main: exit 1, the JVM's own report on stderr, both frames left by the exception. */
    @ParameterizedTest
    @MethodSource("jdks")
    void uncaughtExceptionInMain(Jdk jdk) throws Exception {
        Path rec = dir.resolve("uncaught.jfr");
        Jtrace.Result plain = Jtrace.plain(dir, jdk, "lifecycle.Uncaught");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "lifecycle.Uncaught");
        assertEquals(1, run.exit(), run::toString);
        assertEquals(plain.out(), run.out());
        assertEquals(plain.err().strip(), Jtrace.targetStderr(run.err()).strip());
        assertTrue(run.err().contains("Exception in thread \"main\" java.lang.IllegalStateException: no luck"), run::toString);
        List<TraceEvent> all = Recording.read(rec).thread("main");
        List<MethodExit> exits = all.stream().filter(e -> e instanceof MethodExit).map(e -> (MethodExit) e).toList();
        assertEquals(2, exits.size(), all::toString);
        MethodExit fail = exits.get(0);
        assertEquals("fail", fail.method().name());
        assertEquals(ExitKind.EXCEPTION, fail.kind());
        assertEquals("java.lang.IllegalStateException", fail.exception().type());
        MethodExit mainExit = exits.get(1);
        assertEquals("main", mainExit.method().name());
        assertEquals(ExitKind.EXCEPTION, mainExit.kind());
        assertEquals(fail.exception(), mainExit.exception(), "the same exception object left both frames");
        assertTrue(all.get(all.size() - 1) instanceof io.jtrace.model.ExceptionUncaught u
                && u.exception().equals(fail.exception()), "the thread died of it: " + all);
    }

    /** SIGTERM to jtrace reaches the target; the recording is written, with the frames still open. */
    @ParameterizedTest
    @MethodSource("jdks")
    void sigtermIsForwardedAndTheRecordingWritten(Jdk jdk) throws Exception {
        Path rec = dir.resolve("term.jfr");
        List<String> args = new java.util.ArrayList<>(List.of("run", "-o", rec.toString(), "--"));
        args.addAll(Jtrace.javaCommand(jdk, "lifecycle.WorkThenSleep"));
        Process jtrace = Jtrace.start(dir, args.toArray(String[]::new));
        Jtrace.waitForOutput(dir, "ready");
        new ProcessBuilder("kill", "-TERM", Long.toString(jtrace.pid())).inheritIO().start().waitFor();
        assertTrue(jtrace.waitFor(60, TimeUnit.SECONDS), "jtrace did not end after SIGTERM");
        String err = Files.readString(dir.resolve("err.txt"));
        assertEquals(143, jtrace.exitValue(), err);
        assertFalse(Files.readString(dir.resolve("out.txt")).contains("woke up"));
        Recording r = Recording.read(rec);
        assertEquals(null, r.index.damage());
        assertEquals(1000, r.thread("worker").stream().filter(e -> RunAndPrintTest.isCallOf(e, "lifecycle.WorkThenSleep.step")).count());
        List<TraceEvent> main = r.thread("main");
        assertTrue(main.stream().anyMatch(e -> e instanceof MethodExit x && x.kind() == ExitKind.UNFINISHED
                && x.method().name().equals("sleep")), main::toString);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--no-times", "--thread", "main", rec.toString());
        assertTrue(print.out().contains("? lifecycle.WorkThenSleep.sleep(long)  (still running when the recording ended)"), print::toString);
    }

    /** SIGKILL to the target JVM: jtrace rebuilds the recording from JFR's repository and exits 137. */
    @ParameterizedTest
    @MethodSource("jdks")
    void sigkilledTargetIsRecoveredFromTheRepository(Jdk jdk) throws Exception {
        Path rec = dir.resolve("killed.jfr");
        // an earlier recording at the same path is not taken for this run's
        assertEquals(1, Jtrace.trace(dir, jdk, rec, List.of(), "lifecycle.Uncaught").exit());
        assertTrue(Files.size(rec) > 0);
        List<String> args = new java.util.ArrayList<>(List.of("run", "-o", rec.toString(), "--"));
        args.addAll(Jtrace.javaCommand(jdk, "lifecycle.WorkThenSleep"));
        Path tmp = Files.createDirectories(dir.resolve("tmp")); // where jtrace run keeps the target's JFR repository
        Process jtrace = Jtrace.start(dir, Map.of("TMPDIR", tmp.toString()), args.toArray(String[]::new));
        Jtrace.waitForOutput(dir, "ready");
        // The worker's records are committed when the flusher sees it has ended (twice a second), and
        // JFR writes them to its repository at its next flush (once a second): killed once the
        // repository holds them, read as jtrace reads it after a kill.
        awaitInRepository(tmp, "worker", "lifecycle.WorkThenSleep.step", 1000);
        String err = Jtrace.killTarget(dir, jtrace, "lifecycle.WorkThenSleep");
        assertEquals(137, jtrace.exitValue(), err);
        assertTrue(err.contains("killed by SIGKILL") && err.contains("recovered"), err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);
        Recording r = Recording.read(rec);
        assertTrue(r.threads.keySet().stream().anyMatch(t -> t.label().equals("worker")), () -> err + r.threads.keySet());
        assertEquals(1000, r.thread("worker").stream().filter(e -> RunAndPrintTest.isCallOf(e, "lifecycle.WorkThenSleep.step")).count(),
                err);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--no-times", "--thread", "worker", rec.toString());
        assertEquals(0, print.exit(), print::toString);
        for (Jdk tool : Jdk.all()) { // the recovered file is a finished recording for the JDK's own tools too
            Jtrace.Result summary = Jtrace.exec(dir, List.of(tool.jfrTool().toString(), "summary", rec.toString()), Map.of());
            assertEquals(0, summary.exit(), () -> tool + ": " + summary);
            assertTrue(summary.out().contains("jtrace.TraceBatch"), () -> tool + ": " + summary);
        }
    }

    /** Waits until the JFR repository of the one jtrace run in {@code tmp} holds {@code calls} calls of {@code method} on {@code thread}. */
    static void awaitInRepository(Path tmp, String thread, String method, long calls) throws Exception {
        Path probe = tmp.getParent().resolve("repository-now.jfr");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        long seen = -1;
        while (System.nanoTime() < deadline) {
            try (java.util.stream.Stream<Path> runs = Files.list(tmp)) {
                Path run = runs.filter(p -> p.getFileName().toString().startsWith("jtrace-run-")).findFirst().orElse(null);
                if (run != null && io.jtrace.cli.launch.ChunkRecovery.recover(run.resolve("repository"), probe) > 0) {
                    Recording r = Recording.read(probe);
                    if (r.threads.keySet().stream().anyMatch(t -> t.label().equals(thread))) {
                        seen = r.thread(thread).stream().filter(e -> RunAndPrintTest.isCallOf(e, method)).count();
                        if (seen >= calls) return;
                    }
                }
            } catch (IOException | RuntimeException notYet) {
                // a chunk being written, or not readable yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the JFR repository held " + seen + " of " + calls + " calls of " + method + " after 120 s");
    }

    /**
     * Ctrl-C: SIGINT to jtrace's whole process group (what a terminal does) or to jtrace alone (it
     * forwards it) ends the target with exit 130, and the recording is complete.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void ctrlCEndsTheTargetWith130AndACompleteRecording(Jdk jdk) throws Exception {
        for (boolean toGroup : new boolean[] {true, false}) {
            Path rec = dir.resolve(toGroup ? "int-group.jfr" : "int-jtrace.jfr");
            List<String> args = new java.util.ArrayList<>(List.of("run", "-o", rec.toString(), "--"));
            args.addAll(Jtrace.javaCommand(jdk, "lifecycle.WorkThenSleep"));
            Process jtrace = Jtrace.startInOwnGroup(dir, Map.of(), args.toArray(String[]::new));
            Jtrace.waitForOutput(dir, "ready");
            String target = toGroup ? "-" + jtrace.pid() : Long.toString(jtrace.pid());
            new ProcessBuilder("kill", "-INT", "--", target).inheritIO().start().waitFor();
            assertTrue(jtrace.waitFor(60, TimeUnit.SECONDS), "jtrace did not end after SIGINT to " + target);
            String err = Files.readString(dir.resolve("err.txt"));
            assertEquals(130, jtrace.exitValue(), err);
            assertFalse(Files.readString(dir.resolve("out.txt")).contains("woke up"));
            assertFalse(err.contains("recovered") || err.contains("warning"), err);
            Recording r = Recording.read(rec);
            assertEquals(null, r.index.damage());
            assertEquals(1000, r.thread("worker").stream().filter(e -> RunAndPrintTest.isCallOf(e, "lifecycle.WorkThenSleep.step")).count());
            assertTrue(r.thread("main").stream().anyMatch(e -> e instanceof MethodExit x && x.kind() == ExitKind.UNFINISHED
                    && x.method().name().equals("sleep")), () -> r.thread("main").toString());
        }
    }

    /**
     * Runtime.halt(9) after 101 traced calls: no shutdown hook runs, so the JVM writes no recording.
     * jtrace says so (not that tracing never started), rebuilds it from JFR's repository, exits 9.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void haltedTargetIsRecoveredAndReportedAsHalted(Jdk jdk) throws Exception {
        Path rec = dir.resolve("halt.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "lifecycle.Halt");
        assertEquals(9, run.exit(), run::toString);
        assertEquals("worker sum 338350\nhalting\n", run.out());
        assertFalse(run.err().contains("before tracing started"), run::toString);
        assertTrue(run.err().contains("jtrace run: warning: the target halted with exit code 9 (Runtime.halt")
                && run.err().contains("recovered"), run::toString);
        assertEquals(101, Recording.read(rec).thread("worker").stream()
                .filter(e -> RunAndPrintTest.isCallOf(e, "lifecycle.Halt.step")).count(), run::toString);
        // Halting at once: JFR may not have written anything yet; whatever jtrace says must be true.
        Jtrace.Result now = Jtrace.trace(dir, jdk, dir.resolve("halt-now.jfr"), List.of(), "lifecycle.Halt", "0");
        assertEquals(9, now.exit(), now::toString);
        assertTrue(now.err().contains("the target halted with exit code 9"), now::toString);
        assertFalse(now.err().contains("before tracing started"), now::toString);
    }

    private static long runDirectories(Path tmp) throws java.io.IOException {
        try (java.util.stream.Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith("jtrace-run-")).count();
        }
    }

    /**
     * jtrace run keeps its work directory (agent log, JFR repository) in TMPDIR while the target
     * runs and removes it however the run ends: success, the target's failure, a signal, or an
     * error before or while starting the target.
     */
    @org.junit.jupiter.api.Test
    void noTemporaryDirectoryIsLeftBehind() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Map<String, String> env = Map.of("TMPDIR", tmp.toString());
        Jdk jdk = Jdk.current();
        List<String> counter = Jtrace.javaCommand(jdk, "counter.Counter", "3");
        List<List<String>> runs = List.of(
                List.of("run", "--", "no-such-command-here"),
                List.of("run", "--", dir.toString()),
                concat(List.of("run", "-o", "/proc/y.jfr", "--"), counter),
                concat(List.of("run", "-o", dir.resolve("ok.jfr").toString(), "--"), counter),
                concat(List.of("run", "-o", dir.resolve("fails.jfr").toString(), "--"), Jtrace.javaCommand(jdk, "lifecycle.Uncaught")),
                List.of("run", "-o", dir.resolve("script.jfr").toString(), "--", "sh", "-c", String.join(" ", counter)));
        for (List<String> args : runs) {
            Jtrace.Result r = Jtrace.jtraceWithEnv(dir, env, args.toArray(String[]::new));
            assertEquals(0, runDirectories(tmp), () -> args + ": " + r);
        }
        List<String> args = concat(List.of("run", "-o", dir.resolve("term.jfr").toString(), "--"), Jtrace.javaCommand(jdk, "lifecycle.WorkThenSleep"));
        Process jtrace = Jtrace.start(dir, env, args.toArray(String[]::new));
        Jtrace.waitForOutput(dir, "ready");
        assertEquals(1, runDirectories(tmp), "the running jtrace's work directory is in TMPDIR");
        new ProcessBuilder("kill", "-TERM", Long.toString(jtrace.pid())).inheritIO().start().waitFor();
        assertTrue(jtrace.waitFor(60, TimeUnit.SECONDS), "jtrace did not end after SIGTERM");
        assertEquals(143, jtrace.exitValue());
        assertEquals(0, runDirectories(tmp));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** Standard input passes through to the target untouched. */
    @ParameterizedTest
    @MethodSource("jdks")
    void stdinReachesTheTarget(Jdk jdk) throws Exception {
        Path rec = dir.resolve("echo.jfr");
        List<String> cmd = new java.util.ArrayList<>(List.of(Jtrace.executable().toString(), "run", "-o", rec.toString(), "--"));
        cmd.addAll(Jtrace.javaCommand(jdk, "lifecycle.Echo"));
        Jtrace.Result run = Jtrace.exec(dir, cmd, Map.of(), "hello\nworld\n");
        assertEquals(0, run.exit(), run::toString);
        assertEquals("HELLO\nWORLD\n2 line(s)\n", run.out());
        long shouts = Recording.read(rec).thread("main").stream().filter(e -> RunAndPrintTest.isCallOf(e, "lifecycle.Echo.shout")).count();
        assertEquals(2, shouts);
    }
}
