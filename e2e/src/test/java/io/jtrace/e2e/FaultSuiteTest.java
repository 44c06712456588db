package io.jtrace.e2e;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.replay.Replay;
import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Faults a traced program meets in the wild, on every JDK: a SIGKILL at a random moment, a disk
 * that fills up while recording, a program that starts child JVMs, 500 platform and 10,000
 * virtual threads, a program redefining its own classes; JFR dropping events is JfrDataLossTest.
 * Each prints its figure (FAULT ...) for docs/reliability.md. They run beside another test class:
 * each waits on what it needs, not for a time, and held under load (docs/testing.md).
 */
class FaultSuiteTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** Calls of methods named {@code name}, threads, losses and unfinished frames of a recording, read in this JVM. */
    static final class Counts extends CallAdapter {
        final String name;
        long calls;
        long lost;
        long unfinished;
        final Set<Long> threads = new HashSet<>();
        final Set<Long> virtualThreads = new HashSet<>();
        /** Ids of the methods named {@code name} that were called (one per definition of the method). */
        final Set<Integer> methodIds = new HashSet<>();

        Counts(String name) {
            this.name = name;
        }

        static Counts of(Path file, String name) throws IOException {
            Counts c = new Counts(name);
            try (TraceIndex index = TraceReader.read(file, null)) {
                Replay.of(index, index.threads()).into(c);
            }
            return c;
        }

        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            seen(thread);
            if (method.name().equals(name)) {
                calls++;
                methodIds.add(method.id());
            }
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                         ExceptionRef exception) {
            enter(thread, nanos, depth, method);
            if (kind == ExitKind.UNFINISHED) unfinished++;
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                         ExceptionRef exception) {
            if (kind == ExitKind.UNFINISHED) unfinished++;
        }

        @Override
        public void other(TraceEvent e) {
            if (e instanceof RecordsLost) lost++;
        }

        private void seen(ThreadInfo t) {
            threads.add(t.id());
            if (t.virtual()) virtualThreads.add(t.id());
        }
    }

    /**
     * SIGKILL to the target at a random moment (1.5-3.5 s in, from a seed printed with the figure;
     * {@code -Djtrace.fault.seed=N} repeats a run's moment): jtrace rebuilds
     * the recording from JFR's chunks; it holds at most the calls the program printed it had made
     * (plus the ones since its last line), and some.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void sigkillAtARandomMoment(Jdk jdk) throws Exception {
        long seed = Long.getLong("jtrace.fault.seed", System.nanoTime());
        System.out.printf("FAULT sigkill %s: seed %d (-Djtrace.fault.seed=%d repeats it)%n", jdk, seed, seed);
        long wait = 1500 + new Random(seed).nextInt(2000);
        Path rec = dir.resolve("killed.jfr");
        List<String> args = new ArrayList<>(List.of("run", "-o", rec.toString(), "--"));
        args.addAll(Jtrace.javaCommand(jdk, "faults.Counting", "0", "1000", "1"));
        Process jtrace = Jtrace.start(dir, args.toArray(String[]::new));
        Jtrace.waitForOutput(dir, "made ");
        Thread.sleep(wait);
        String err = Jtrace.killTarget(dir, jtrace, "faults.Counting");
        assertEquals(137, jtrace.exitValue(), err);
        List<String> out = Files.readAllLines(dir.resolve("out.txt"));
        long made = Long.parseLong(out.get(out.size() - 1).replaceAll("\\D", ""));
        Counts c = Counts.of(rec, "step");
        System.out.printf("FAULT sigkill %s after %d ms (seed %d): %,d of %,d calls recovered (%.0f%%)%n", jdk, wait, seed,
                c.calls, made, 100.0 * c.calls / made);
        assertTrue(c.calls > 0 && c.calls <= made + 1000, () -> c.calls + " calls recovered, " + made + " made\n" + err);
    }

    /**
     * The disk fills up while recording (a 96 MB tmpfs in a private mount namespace): JFR would
     * halt the JVM; jtrace stops tracing first, says so once, writes what it has, and the program
     * goes on and ends as it would.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void fullDisk(Jdk jdk) throws Exception {
        Path mount = Files.createDirectories(dir.resolve("small-disk"));
        Jtrace.Result probe = Jtrace.exec(dir, List.of("unshare", "-rm", "sh", "-c",
                "mount -t tmpfs -o size=1m tmpfs " + mount), Map.of());
        assumeTrue(probe.exit() == 0, "cannot mount a tmpfs in a private mount namespace here: " + probe.err());
        Path rec = mount.resolve("full.jfr");
        Path stop = dir.resolve("stop");
        Path err = dir.resolve("run-err.txt");
        Path printed = dir.resolve("run-out.txt");
        // The program calls on until the agent has said it stopped tracing, then a while untraced:
        // the shell waits for that line in the agent's log (not for a time: under load the disk
        // filled only after a 3 s program had ended), then makes the file that ends the program's loop.
        String command = "mount -t tmpfs -o size=96m tmpfs " + mount + " && { TMPDIR=" + mount + " " + Jtrace.executable()
                // timing full: untimed batches of one loop repeat the same payload, which JFR's string pool
                // stores once (74.7M calls in 0.5 MB once), and the disk never filled
                // no size budget: the guard is what is tested here (SizeBudgetTest tests the budget)
                + " run --timing full --max-size none -o " + rec + " -- " + jdk.java() + " -cp " + Jtrace.examplesClassPath()
                + " faults.Counting 300000 10000 0 " + stop + " >" + printed + " 2>" + err + " & pid=$!;"
                // the agent's log, which jtrace run prints when the program has ended
                + " while kill -0 $pid 2>/dev/null && ! cat " + mount + "/jtrace-run-*/agent.log 2>/dev/null | grep -q 'stopped tracing'; do sleep 0.1; done;"
                // two more lines of calls made untraced, so that fewer calls are recorded than made
                + " n=$(wc -l <" + printed + "); while kill -0 $pid 2>/dev/null && [ $(wc -l <" + printed + ") -lt $((n + 2)) ]; do sleep 0.1; done;"
                + " touch " + stop + "; wait $pid; status=$?; cat " + printed + "; cat " + err + " >&2; [ $status -eq 0 ]; }"
                + " && " + Jtrace.executable() + " summary " + rec + " | grep '^calls'";
        Jtrace.Result r = Jtrace.exec(dir, List.of("unshare", "-rm", "sh", "-c", command), Map.of());
        assertEquals(0, r.exit(), r::toString);
        List<String> out = r.outLines();
        assertTrue(out.get(out.size() - 2).matches("done \\d+ true"), r::toString);
        List<String> agent = r.err().lines().filter(l -> l.startsWith("jtrace agent:")).toList();
        assertEquals(1, agent.size(), r::toString);
        assertTrue(agent.get(0).contains("stopped tracing after") && agent.get(0).contains("the disk would soon be full"), r::toString);
        assertFalse(r.err().contains("irrecoverable"), r::toString);
        long made = Long.parseLong(out.get(out.size() - 2).split(" ")[1]);
        long calls = Long.parseLong(out.get(out.size() - 1).replaceAll("\\(.*", "").replaceAll("\\D", ""));
        System.out.printf("FAULT full disk %s: %s; %,d of %,d calls recorded, the program ended normally%n", jdk,
                agent.get(0).replaceAll(".*(stopped tracing after [0-9.]+ s).*", "$1"), calls, made);
        assertTrue(calls > 0 && calls < made, r::toString);
    }

    /** A program that starts two child JVMs, traced through JAVA_TOOL_OPTIONS: one recording per JVM. */
    @ParameterizedTest
    @MethodSource("jdks")
    void childJvmsEachGetTheirRecording(Jdk jdk) throws Exception {
        Path rec = dir.resolve("fork.jfr");
        Jtrace.Result r = Jtrace.jtrace(dir, "run", "-o", rec.toString(), "--", "sh", "-c",
                "exec " + jdk.java() + " -cp " + Jtrace.examplesClassPath() + " faults.Forking 2");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains("children failed: 0"), r::toString);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().matches("fork-\\d+\\.jfr")).sorted().toList();
        }
        assertEquals(3, files.size(), () -> files + "\n" + r);
        List<Long> steps = new ArrayList<>();
        for (Path f : files) steps.add(Counts.of(f, "step").calls);
        steps.sort(null);
        assertEquals(List.of(10L, 1000L, 2000L), steps, r::toString);
        System.out.printf("FAULT child JVMs %s: %d recordings (%s step calls)%n", jdk, files.size(), steps);
    }

    /** 500 platform threads and, where the JDK has them, 10,000 virtual threads: every one traced, balanced, nothing lost. */
    @ParameterizedTest
    @MethodSource("jdks")
    void manyThreads(Jdk jdk) throws Exception {
        Path rec = dir.resolve("threads.jfr");
        long start = System.nanoTime();
        Jtrace.Result r = Jtrace.trace(dir, jdk, rec, List.of(), "faults.ManyThreads", "500", "10000");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(0, r.exit(), r::toString);
        int virtual = jdk.major() >= 21 ? 10_000 : 0;
        assertTrue(r.out().startsWith((500 + virtual) + " threads"), r::toString);
        Counts c = Counts.of(rec, "step");
        assertEquals(2L * (500 + virtual), c.calls);
        assertEquals(500 + virtual + 1, c.threads.size()); // and main
        assertEquals(virtual, c.virtualThreads.size());
        assertEquals(0, c.lost);
        assertEquals(0, c.unfinished);
        System.out.printf("FAULT threads %s: 500 platform + %,d virtual traced, balanced, nothing lost (run %d ms)%n",
                jdk, virtual, millis);
    }

    /**
     * A program that changes its own class while traced (it is its own java agent): redefined
     * with other method bodies, then retransformed, then the same class file loaded by a second
     * class loader. It prints what it prints untraced; every version's calls are traced, each
     * definition under its own method id; the exceptions of the new bodies are recorded.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void classesRedefinedByTheProgram(Jdk jdk) throws Exception {
        Path secondVersion = compileSecondShape();
        Path selfAgent = dir.resolve("self-agent.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", "faults.Redefining");
        manifest.getMainAttributes().putValue("Can-Redefine-Classes", "true");
        manifest.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        new JarOutputStream(Files.newOutputStream(selfAgent), manifest).close();
        List<String> command = List.of(jdk.java().toString(), "-javaagent:" + selfAgent, "-cp", Jtrace.examplesClassPath(),
                "faults.Redefining", secondVersion.toString(), "1000");

        Jtrace.Result plain = Jtrace.exec(dir, command, Map.of());
        assertEquals(List.of("as loaded: 3000", "redefined: 7995", "retransformed: 7995",
                "second loader: 3000 (the same class: false)"), plain.outLines(), plain::toString);
        Path rec = dir.resolve("redefined.jfr");
        List<String> args = new ArrayList<>(List.of("run", "-o", rec.toString(), "--"));
        args.addAll(command);
        Jtrace.Result traced = Jtrace.jtrace(dir, args.toArray(String[]::new));
        assertEquals(plain.exit(), traced.exit(), traced::toString);
        assertEquals(plain.out(), traced.out());
        assertEquals(plain.err().strip(), Jtrace.targetStderr(traced.err()).strip(), traced::toString);
        assertFalse(traced.err().contains("jtrace agent:"), traced::toString);

        Counts sides = Counts.of(rec, "sides");
        // 1 per round as loaded and in the second loader; the new body: 2 per round but the first
        assertEquals(1000 + 1999 + 1999 + 1000, sides.calls, traced::toString);
        assertEquals(3, sides.methodIds.size(), "one method id per definition: as loaded, redefined, second loader");
        Counts total = Counts.of(rec, "total");
        assertEquals(4, total.calls);
        assertEquals(0, sides.lost);
        assertEquals(0, sides.unfinished);
        Jtrace.Result exceptions = Jtrace.jtrace(dir, "exceptions", rec.toString());
        assertEquals(0, exceptions.exit(), exceptions::toString);
        assertEquals(2, exceptions.out().lines().filter(l -> l.matches("#\\d+ java.lang.IllegalStateException: first round")).count(),
                exceptions::toString);
        assertEquals(2, exceptions.out().lines().filter(l -> l.matches(" +[0-9.]+ +caught at faults.Shape.total\\(int\\):18 .*")).count(),
                exceptions::toString);
        System.out.printf("FAULT redefinition %s: same output; %,d sides() calls traced over 3 definitions (%d ids), "
                + "exceptions of the new body recorded, balanced%n", jdk, sides.calls, sides.methodIds.size());
    }

    /** The second version of examples' faults.Shape, compiled from the test's resources. */
    private Path compileSecondShape() throws Exception {
        Path source = Path.of(FaultSuiteTest.class.getResource("/redefined/faults/Shape.java").toURI());
        Path out = Files.createDirectories(dir.resolve("second-version"));
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        StringWriter messages = new StringWriter();
        boolean ok = javac.getTask(messages, null, null, List.of("--release", "17", "-d", out.toString()), null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjects(source.toFile())).call();
        assertTrue(ok, messages::toString);
        return out.resolve("faults/Shape.class");
    }

}
