package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jtrace attach, detach and ps on a running program (attach.Ticker, which prints one line per
 * tick and writes into a state file whether its own code is instrumented right now). The program
 * runs until the test creates its stop file ({@link #stop}), however slow the machine: every wait
 * is on a tick, a line or a file, with a generous deadline.
 */
class AttachTest {
    private static final Pattern STATE = Pattern.compile("tick (\\d+) bci (-?\\d+)\\s*");
    /** What a JVM itself prints on stderr when an agent is loaded into it (not the program's output). */
    /** Ticks at most (100 ms each): a cap for a test that fails before it stops the program. */
    private static final int MAX_TICKS = 6000;
    private static final Pattern JVM_WARNING = Pattern.compile("WARNING: .*|OpenJDK 64-Bit Server VM warning: Sharing is only supported.*");

    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /**
     * Attach for 2 s, then attach again and end it with jtrace detach: both recordings hold the
     * program's calls, the program sees its own code instrumented while traced and original after
     * each detach, and it prints exactly what it prints untraced.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void attachTwiceThenDetachLeavesTheProgramAsItWas(Jdk jdk) throws Exception {
        int ticks = MAX_TICKS;
        Path state = dir.resolve("state");
        Process program = startTicker(jdk, ticks, state, List.of());
        try {
            waitForTick(state, 3);
            Jtrace.Result ps = Jtrace.jtrace(dir, "ps");
            assertEquals(0, ps.exit(), ps::toString);
            assertTrue(ps.out().lines().anyMatch(l -> l.matches(program.pid() + " +" + jdk.major() + "[^ ]* +attach\\.Ticker " + ticks + " .*")),
                    ps::toString);
            Jtrace.Result first = Jtrace.jtrace(dir, "attach", Long.toString(program.pid()), "--duration", "2s", "-o", "first.jfr");
            assertEquals(0, first.exit(), first::toString);
            assertTrue(first.err().contains("jtrace attach: tracing JVM " + program.pid()), first::toString);
            assertTrue(first.err().matches("(?s).*jtrace: \\d+ calls .* -> first.jfr .*"), first::toString);
            assertEquals(0, bciAfterNextTick(state), "first detach restored the original code");

            Process second = Jtrace.start(dir, "attach", Long.toString(program.pid()), "-o", "second.jfr");
            waitFor(() -> Files.readString(dir.resolve("err.txt")).contains("tracing JVM"), "the second attach to start");
            assertTrue(bciAfterNextTick(state) > 0, "the second attach instruments the program again");
            Jtrace.Result detach = Jtrace.jtrace(dir, "detach", Long.toString(program.pid()));
            assertEquals(0, detach.exit(), detach::toString);
            assertTrue(second.waitFor(60, TimeUnit.SECONDS), "jtrace attach ends after jtrace detach");
            assertEquals(0, second.exitValue(), () -> read(dir.resolve("err.txt")));
            assertEquals(0, bciAfterNextTick(state), "detach restored the original code");

            Jtrace.Result again = Jtrace.jtrace(dir, "detach", Long.toString(program.pid()));
            assertEquals(2, again.exit(), again::toString);
            assertEquals("jtrace detach: jtrace is not attached to JVM " + program.pid() + " (start tracing with 'jtrace attach "
                    + program.pid() + "')\n", again.err());

            stop(state, program);
            assertEquals(expectedOutput(ticksPrinted()), read(dir.resolve("program.out")));
            for (String line : read(dir.resolve("program.err")).split("\n")) {
                assertTrue(line.isEmpty() || JVM_WARNING.matcher(line).matches(), "program's stderr: " + line);
            }
        } finally {
            program.destroyForcibly();
        }
        for (String rec : List.of("first.jfr", "second.jfr")) {
            Jtrace.Result print = Jtrace.jtrace(dir, "print", rec, "--thread", "main");
            assertEquals(0, print.exit(), print::toString);
            assertTrue(print.out().contains("= attach.Ticker.square(long)"), print::toString);
            Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec);
            assertEquals(0, summary.exit(), summary::toString);
            assertTrue(summary.out().contains("attach.Ticker.step(int)"), summary::toString);
        }
    }

    /**
     * jtrace attach killed with SIGKILL (it cannot clean up): the agent sees it gone, ends tracing,
     * writes the recording and removes the control directory; a later attach works. Then the
     * program killed while traced: the recording is rebuilt from the chunks JFR had written.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aKilledAttachOrAKilledProgramLosesNothing(Jdk jdk) throws Exception {
        Path state = dir.resolve("state");
        Process program = startTicker(jdk, MAX_TICKS, state, List.of());
        try {
            waitForTick(state, 3);
            Process attach = Jtrace.start(dir, "attach", Long.toString(program.pid()), "-o", "killed.jfr");
            waitFor(() -> read(dir.resolve("err.txt")).contains("tracing JVM"), "the attach to start");
            waitForTick(state, state(state)[0] + 3);
            attach.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, no detach file
            waitFor(() -> bciAfterNextTick(state) == 0, "the agent to end tracing on its own");
            waitFor(() -> Files.size(dir.resolve("killed.jfr")) > 0, "the recording to be written");
            Jtrace.Result killed = Jtrace.jtrace(dir, "summary", "killed.jfr");
            assertEquals(0, killed.exit(), killed::toString);
            assertTrue(killed.out().contains("attach.Ticker.step(int)"), killed::toString);

            Process second = Jtrace.start(dir, "attach", Long.toString(program.pid()), "-o", "crashed.jfr");
            waitFor(() -> read(dir.resolve("err.txt")).contains("tracing JVM"), "the second attach to start");
            waitForTick(state, state(state)[0] + 25); // JFR writes its repository once a second
            program.destroyForcibly().waitFor();
            assertTrue(second.waitFor(60, TimeUnit.SECONDS), "jtrace attach ends with the JVM");
            String err = read(dir.resolve("err.txt"));
            assertEquals(0, second.exitValue(), err);
            assertTrue(err.contains("ended without writing its recording; recovered"), err);
        } finally {
            program.destroyForcibly();
        }
        Jtrace.Result crashed = Jtrace.jtrace(dir, "summary", "crashed.jfr");
        assertEquals(0, crashed.exit(), crashed::toString);
        assertTrue(crashed.out().contains("attach.Ticker.square(long)"), crashed::toString);
    }

    /**
     * attach --include: only the classes it can select are retransformed, and only the methods it
     * names are recorded; the program prints what it prints untraced.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void attachWithIncludeTracesOnlyWhatItNames(Jdk jdk) throws Exception {
        int ticks = MAX_TICKS;
        Path state = dir.resolve("state");
        Process program = startTicker(jdk, ticks, state, List.of());
        try {
            waitForTick(state, 3);
            Jtrace.Result none = Jtrace.jtrace(dir, "attach", Long.toString(program.pid()), "--duration", "1s",
                    "--include", "nosuch.**", "-o", "none.jfr");
            assertTrue(none.err().contains("(0 loaded classes instrumented)"), none::toString);
            assertTrue(none.err().contains("jtrace attach: warning: no class loaded in JVM " + program.pid()
                    + " has a method that --include nosuch.** selects"), none::toString);
            // a class the include can select, none of whose methods it does: retransformed, unchanged, not counted
            Jtrace.Result noMethod = Jtrace.jtrace(dir, "attach", Long.toString(program.pid()), "--duration", "1s",
                    "--include", "attach.Ticker.nosuch", "-o", "nomethod.jfr");
            assertTrue(noMethod.err().contains("(0 loaded classes instrumented)"), noMethod::toString);
            Jtrace.Result one = Jtrace.jtrace(dir, "attach", Long.toString(program.pid()), "--duration", "2s",
                    "--include", "attach.Ticker.square", "-o", "square.jfr");
            assertEquals(0, one.exit(), one::toString);
            assertTrue(one.err().contains("(1 loaded class instrumented)"), one::toString);
            // an attach that traces nothing over an earlier recording leaves it (read by print below)
            byte[] earlier = java.nio.file.Files.readAllBytes(dir.resolve("square.jfr"));
            Jtrace.Result again = Jtrace.jtrace(dir, "attach", Long.toString(program.pid()), "--duration", "1s",
                    "--include", "nosuch.**", "-o", "square.jfr");
            assertTrue(again.err().contains("jtrace attach: no call was traced (square.jfr still holds an earlier recording)"), again::toString);
            assertTrue(java.util.Arrays.equals(earlier, java.nio.file.Files.readAllBytes(dir.resolve("square.jfr"))), again::toString);
            stop(state, program);
            assertEquals(expectedOutput(ticksPrinted()), read(dir.resolve("program.out")));
        } finally {
            program.destroyForcibly();
        }
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "square.jfr", "--thread", "main");
        assertEquals(0, print.exit(), print::toString);
        assertTrue(print.out().contains("attach.Ticker.square(long)"), print::toString);
        assertTrue(print.out().lines().filter(l -> l.contains("attach.Ticker.")).allMatch(l -> l.contains("attach.Ticker.square(long)")),
                print::toString);
    }

    /**
     * attach with the recording options, each adding probes to classes loaded long before:
     * --vars and --args (values of locals, parameters, returns), --lines (step's lines only),
     * --exclude (probe is not recorded), --depth 1 (main's step is the first traced frame, as main
     * was entered before the attach, so square under it is cut; the helper thread's square is its
     * first traced frame and stays), --timing full (no call untimed). The program prints what it
     * prints untraced.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void attachWithRecordingOptionsProbesLoadedClasses(Jdk jdk) throws Exception {
        Path state = dir.resolve("state");
        Process program = startTicker(jdk, MAX_TICKS, state, List.of());
        try {
            waitForTick(state, 3);
            Process attach = Jtrace.start(dir, "attach", Long.toString(program.pid()), "-o", "options.jfr", "--vars", "attach.**",
                    "--args", "attach.**", "--lines", "attach.Ticker.step", "--exclude", "attach.Ticker.probe", "--depth", "1",
                    "--timing", "full");
            waitFor(() -> read(dir.resolve("err.txt")).contains("tracing JVM"), "the attach to start");
            waitForTick(state, state(state)[0] + 5);
            Jtrace.Result detach = Jtrace.jtrace(dir, "detach", Long.toString(program.pid()));
            assertEquals(0, detach.exit(), detach::toString);
            assertTrue(attach.waitFor(60, TimeUnit.SECONDS), "jtrace attach ends after jtrace detach");
            assertEquals(0, attach.exitValue(), () -> read(dir.resolve("err.txt")));
            assertEquals(0, bciAfterNextTick(state), "detach restored the original code");
            stop(state, program);
            assertEquals(expectedOutput(ticksPrinted()), read(dir.resolve("program.out")));
        } finally {
            program.destroyForcibly();
        }
        Jtrace.Result main = Jtrace.jtrace(dir, "print", "--no-times", "--thread", "main", "options.jfr");
        assertEquals(0, main.exit(), main::toString);
        List<String> lines = main.outLines();
        // --args: step's parameter; --lines: step's lines; --vars: its locals
        assertTrue(lines.stream().anyMatch(l -> l.matches("main +> attach\\.Ticker\\.step\\(i=\\d+\\)")), main::toString);
        assertTrue(lines.stream().anyMatch(l -> l.matches("main +\\. line \\d+")), main::toString);
        assertTrue(lines.stream().anyMatch(l -> l.matches("main +w s = \\d+ +\\(local long, line \\d+\\)")), main::toString);
        // --depth 1: nothing under step; --exclude: no probe (callerBci, called by it, is its own frame)
        assertTrue(lines.stream().noneMatch(l -> l.contains("attach.Ticker.square")), "cut by --depth 1: " + main);
        assertTrue(lines.stream().noneMatch(l -> l.contains("attach.Ticker.probe")), "--exclude: " + main);
        assertTrue(lines.stream().noneMatch(l -> l.contains("untimed")), "--timing full: " + main);
        // the helper's square: its first traced frame, with its argument and return value
        Jtrace.Result squares = Jtrace.jtrace(dir, "calls", "options.jfr", "--method", "attach.Ticker.square", "--no-times");
        assertEquals(0, squares.exit(), squares::toString);
        List<String> rows = squares.outLines().stream().filter(l -> l.contains("attach.Ticker.square(")).toList();
        assertTrue(!rows.isEmpty() && rows.stream().allMatch(l -> l.matches(" *helper +attach\\.Ticker\\.square\\(x=([0-6])\\) = \\d+")),
                squares::toString);
        for (String row : rows) {
            long x = Long.parseLong(row.replaceAll(".*x=(\\d)\\).*", "$1"));
            assertTrue(row.endsWith(" = " + x * x), row);
        }
        Jtrace.Result vars = Jtrace.jtrace(dir, "vars", "options.jfr");
        assertEquals(0, vars.exit(), vars::toString);
        assertTrue(vars.out().contains("local long s in attach.Ticker.step(int)"), vars::toString);
    }

    /** --live prints the calls while the program still runs; the recording is written as well. */
    @ParameterizedTest
    @MethodSource("jdks")
    void attachLivePrintsWhileTheProgramRuns(Jdk jdk) throws Exception {
        Path state = dir.resolve("state");
        Process program = startTicker(jdk, MAX_TICKS, state, List.of());
        try {
            waitForTick(state, 3);
            Process attach = Jtrace.start(dir, "attach", Long.toString(program.pid()), "--live", "--thread", "main", "-o", "live.jfr");
            waitFor(() -> Files.exists(dir.resolve("out.txt")) && Files.readString(dir.resolve("out.txt")).contains("attach.Ticker.step(int)"),
                    "live lines");
            assertTrue(program.isAlive(), "live lines came while the program runs");
            String live = Files.readString(dir.resolve("out.txt"));
            assertTrue(live.lines().allMatch(l -> l.matches(" +\\d+\\.\\d{6}  main +.*")), live);
            Jtrace.Result detach = Jtrace.jtrace(dir, "detach", Long.toString(program.pid()));
            assertEquals(0, detach.exit(), detach::toString);
            assertTrue(attach.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, attach.exitValue(), () -> read(dir.resolve("err.txt")));
            assertTrue(Files.size(dir.resolve("live.jfr")) > 0);
        } finally {
            program.destroyForcibly();
        }
    }

    /**
     * jtrace run --live: trace lines arrive on a pipe while the program runs. The program goes on
     * until the test has read a trace line of a tick (it is told to stop only then), so its last
     * line ("done"), read after it, proves the trace came before the program's end.
     */
    @Test
    void runLivePrintsBeforeTheProgramEnds() throws Exception {
        Path state = dir.resolve("state");
        List<String> cmd = new ArrayList<>(List.of(Jtrace.executable().toString(), "run", "--live", "-o", "run.jfr", "--"));
        cmd.addAll(Jtrace.javaCommand(Jdk.current(), "attach.Ticker", Integer.toString(MAX_TICKS), "100", state.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(dir.resolve("err.txt").toFile());
        pb.environment().put("NO_COLOR", "1");
        pb.environment().put("XDG_CACHE_HOME", Jtrace.CACHE.toString());
        Process p = pb.start();
        // no trace line within 2 minutes: the program is stopped all the same, and the test fails
        java.util.concurrent.CompletableFuture.runAsync(() -> {
            try {
                Files.createFile(Path.of(state + ".stop"));
            } catch (IOException stoppedAlready) {
                // the test saw its line
            }
        }, java.util.concurrent.CompletableFuture.delayedExecutor(120, TimeUnit.SECONDS));
        List<String> lines = new ArrayList<>();
        int stoppedAt = -1;
        try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()))) {
            for (String line; (line = in.readLine()) != null; ) {
                lines.add(line);
                if (stoppedAt < 0 && line.contains("attach.Ticker.step(int)")) {
                    stoppedAt = lines.size();
                    try {
                        Files.createFile(Path.of(state + ".stop"));
                    } catch (java.nio.file.FileAlreadyExistsException late) {
                        stoppedAt = -1; // the 2 minutes were over: the line came too late to prove anything
                    }
                }
            }
        } finally {
            p.destroyForcibly();
        }
        assertEquals(0, p.waitFor(), () -> read(dir.resolve("err.txt")));
        assertTrue(stoppedAt > 0, () -> "no trace line of a tick: " + lines);
        List<String> after = lines.subList(stoppedAt, lines.size());
        assertTrue(after.stream().anyMatch(l -> l.startsWith("done ")), () -> "the program's last line after the first traced tick: " + lines);
    }

    /** One clear line for each attach that cannot work, fast, and nothing printed into the target. */
    @Test
    void impossibleAttachesSayWhy() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "60").start();
        Process closed = startTicker(Jdk.current(), MAX_TICKS, dir.resolve("state"), List.of("-XX:+DisableAttachMechanism"));
        try {
            Jtrace.Result notJvm = Jtrace.jtrace(dir, "attach", Long.toString(sleep.pid()));
            assertEquals(2, notJvm.exit(), notJvm::toString);
            assertEquals("jtrace attach: process " + sleep.pid() + " (" + sleep.info().command().orElse("?")
                    + ") is not a Java virtual machine (see 'jtrace ps')\n", notJvm.err());

            // pid 1, whose memory map jtrace cannot read even as root here: said at once, not after the Attach API's timeout
            long before = System.nanoTime();
            Jtrace.Result init = Jtrace.jtrace(dir, "attach", "1");
            assertEquals(2, init.exit(), init::toString);
            assertTrue(init.err().matches("jtrace attach: process 1 \\(.+\\) is not a Java virtual machine \\(see 'jtrace ps'\\)\n"),
                    init::toString);
            assertTrue(System.nanoTime() - before < TimeUnit.SECONDS.toNanos(8), "attach 1 took the Attach API's timeout");

            for (String bad : List.of("abc", "-3", "0")) {
                Jtrace.Result notPid = Jtrace.jtrace(dir, "attach", "--", bad);
                assertEquals(2, notPid.exit(), notPid::toString);
                assertEquals("jtrace attach: '" + bad + "' is not a process id: give the number of a running JVM, as 'jtrace ps' lists"
                        + " them\n", notPid.err());
            }

            Jtrace.Result none = Jtrace.jtrace(dir, "attach", "999999999");
            assertEquals(2, none.exit(), none::toString);
            assertEquals("jtrace attach: no process with pid 999999999 (see 'jtrace ps')\n", none.err());

            waitForTick(dir.resolve("state"), 1);
            Jtrace.Result disabled = Jtrace.jtrace(dir, "attach", Long.toString(closed.pid()));
            assertEquals(2, disabled.exit(), disabled::toString);
            assertEquals(1, disabled.err().lines().count(), disabled::toString);
            assertTrue(disabled.err().startsWith("jtrace attach: JVM " + closed.pid() + " was started with -XX:+DisableAttachMechanism"),
                    disabled::toString);

            Jtrace.Result ps = Jtrace.jtrace(dir, "ps"); // lists the JVMs jtrace can attach to: neither of these
            assertEquals(0, ps.exit(), ps::toString);
            assertTrue(ps.out().lines().noneMatch(l -> l.startsWith(closed.pid() + " ") || l.startsWith(sleep.pid() + " ")), ps::toString);
        } finally {
            sleep.destroyForcibly();
            closed.destroyForcibly();
        }
        assertEquals("", read(dir.resolve("program.err")));
    }

    /** A JVM that has just exited, not yet reaped by its parent (a zombie): said so, not "not a Java virtual machine". */
    @Test
    void aJvmThatHasExitedIsSaidToHaveExited() throws Exception {
        // sh starts java in the background and becomes sleep, which never reaps it
        Process parent = new ProcessBuilder("sh", "-c", Jdk.current().java() + " -version 2>/dev/null & echo $!; exec sleep 60").start();
        try {
            long pid = Long.parseLong(new java.io.BufferedReader(new java.io.InputStreamReader(parent.getInputStream())).readLine().strip());
            Path stat = Path.of("/proc", Long.toString(pid), "stat");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(stat).replaceAll(".*\\) ", "").startsWith("Z")) {
                assertTrue(System.nanoTime() < deadline, "java -version did not end within a minute");
                Thread.sleep(50);
            }
            Jtrace.Result r = Jtrace.jtrace(dir, "attach", Long.toString(pid));
            assertEquals(2, r.exit(), r::toString);
            assertEquals("jtrace attach: process " + pid + " has exited (its parent has not yet collected its exit status): there is"
                    + " no JVM to attach to (see 'jtrace ps')\n", r.err());
        } finally {
            parent.destroyForcibly();
        }
    }

    /** As root, another user's JVM: refused before loading anything (that JVM cannot read jtrace's private agent files). */
    @Test
    void anotherUsersJvmIsRefusedEvenAsRoot() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/bin/setpriv")),
                "needs root and setpriv");
        // the program's classes where user nobody can read them (the checkout may be private)
        Path classes = Files.createTempDirectory("jtrace-attach-other-", java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x")));
        Path pkg = Files.createDirectories(classes.resolve("attach"));
        try (java.util.stream.Stream<Path> files = Files.list(Jtrace.examples().resolve("attach"))) {
            for (Path f : files.toList()) {
                Files.setPosixFilePermissions(Files.copy(f, pkg.resolve(f.getFileName())),
                        java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
        }
        Files.setPosixFilePermissions(pkg, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Process other = new ProcessBuilder("/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                Jdk.current().java().toString(), "-cp", classes.toString(), "attach.Ticker", Integer.toString(MAX_TICKS), "100")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            // setpriv has become the JVM, as nobody: the program's command line, the JVM's library mapped
            Path proc = Path.of("/proc", Long.toString(other.pid()));
            waitFor(() -> {
                assertTrue(other.isAlive(), "the program as user nobody ended");
                return read(proc.resolve("cmdline")).contains("attach.Ticker") && read(proc.resolve("maps")).contains("/libjvm.");
            }, "the program as user nobody to run");
            Jtrace.Result r = Jtrace.jtrace(dir, "attach", Long.toString(other.pid()), "--duration", "1s");
            assertEquals(2, r.exit(), r::toString);
            assertEquals("jtrace attach: process " + other.pid() + " belongs to user nobody: jtrace can attach only to JVMs of"
                    + " its own user (run jtrace as nobody, e.g. with sudo -u nobody)\n", r.err());
        } finally {
            other.destroyForcibly().waitFor();
            try (java.util.stream.Stream<Path> files = Files.walk(classes)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
            }
        }
    }

    private Process startTicker(Jdk jdk, int ticks, Path state, List<String> jvmOptions) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(jdk.java().toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", Jtrace.examples().toString(), "attach.Ticker", Integer.toString(ticks), "100", state.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(dir.resolve("program.out").toFile()).redirectError(dir.resolve("program.err").toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        return pb.start();
    }

    /** The program's lines without jtrace: tick i adds i^2 + (i+1)^2 + (i+2)^2. */
    private static String expectedOutput(int ticks) {
        StringBuilder sb = new StringBuilder();
        long sum = 0;
        for (long i = 1; i <= ticks; i++) {
            sum += i * i + (i + 1) * (i + 1) + (i + 2) * (i + 2);
            sb.append("tick ").append(i).append(" sum ").append(sum).append('\n');
        }
        return sb.append("done ").append(sum).append('\n').toString();
    }

    /** Tells the program to stop (its stop file) and waits for it to end well. */
    private static void stop(Path state, Process program) throws Exception {
        Files.createFile(Path.of(state + ".stop"));
        assertTrue(program.waitFor(60, TimeUnit.SECONDS), "the program did not stop within a minute of its stop file");
        assertEquals(0, program.exitValue());
    }

    /** Tick lines the program printed. */
    private int ticksPrinted() {
        return (int) read(dir.resolve("program.out")).lines().filter(l -> l.startsWith("tick ")).count();
    }

    private static int[] state(Path state) throws IOException {
        if (!Files.exists(state)) return new int[] {0, 0};
        Matcher m = STATE.matcher(Files.readString(state));
        return m.matches() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))} : new int[] {0, 0};
    }

    private static void waitForTick(Path state, int tick) throws Exception {
        waitFor(() -> state(state)[0] >= tick, "tick " + tick);
    }

    /** The bytecode index the program saw at a tick that began after this call (0: original code). */
    private static int bciAfterNextTick(Path state) throws Exception {
        int now = state(state)[0];
        waitForTick(state, now + 2);
        return state(state)[1];
    }

    interface Check {
        boolean ok() throws Exception;
    }

    private static void waitFor(Check check, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!check.ok()) {
            if (System.nanoTime() > deadline) throw new AssertionError("no " + what + " within a minute");
            Thread.sleep(50);
        }
    }

    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (IOException e) {
            return "<" + e + ">";
        }
    }
}
