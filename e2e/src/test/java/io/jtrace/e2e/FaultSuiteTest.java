package io.jtrace.e2e;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.cli.Main;
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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
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
 * virtual threads, a program redefining its own classes, JFR dropping events. Each prints its
 * figure (FAULT ...) for docs/reliability.md.
 */
// alone: floods JFR, stops its thread, fills a disk and kills at random moments; the outcomes depend on timing
@org.junit.jupiter.api.parallel.Isolated
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

    /** The batches jtrace run's closing report says JFR dropped (0 if it says none). */
    private static long missingBatchesWarned(String err) {
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("jtrace run: warning: ([\\d,]+) of the trace's batches \\([\\d,]+ records\\) that the agent handed to JFR are not in")
                .matcher(err);
        return m.find() ? Long.parseLong(m.group(1).replace(",", "")) : 0;
    }

    /**
     * JFR dropping events for real: small JFR buffers (two global buffers of 512 KB, thread
     * buffers of 64 KB), 16 threads calling as fast as they can, and JFR's recorder thread stopped
     * for 1.5 s, then longer (ptrace, as a write to a stalled disk stops it), so the threads find no free
     * buffer. JDK 17 drops what it cannot place and says so with jdk.DataLoss events: jtrace
     * marks the missing batches ('~') and every reading command warns (in most runs: when JFR found
     * room in all four, the run is held to what JDK 25's is). JDK 25 takes a new buffer
     * from the heap instead when it records to disk: nothing is lost (asserted: every call made is
     * in the recording).
     *
     * <p>Which of the three outcomes ran is printed (FAULT jfr data loss ... [branch]) and held to
     * the JDK: on JDK 25 only "nothing lost" passes; on JDK 17 "nothing lost" in every run checks
     * the recording is whole, then ends the case as aborted (skipped, with the reason), not passed:
     * the loss path it exists for did not run. (JDK 17 lost batches in 3 of 3 runs here even
     * without a stall, 2026-11-27; with thread buffers of 8 KB, smaller than a batch, in none.)
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void jfrDataLoss(Jdk jdk) throws Exception {
        Path stall = Path.of(FaultSuiteTest.class.getResource("/stall-thread.py").toURI());
        assumeTrue(Jtrace.exec(dir, List.of("python3", "-c", "import ctypes"), Map.of()).exit() == 0,
                "python3 with ctypes is needed to stop JFR's recorder thread");
        Path rec = dir.resolve("loss.jfr");
        String err = "";
        long made = 0;
        Counts c = null;
        long lossEvents = 0;
        long lossBytes = 0;
        int attempt = 0;
        boolean ran = false;
        int stalls = 0;
        // JDK 17 loses in most runs, not all (it also takes buffers from the heap; on a loaded CI
        // machine a 0.8 s stall lost nothing in 3 runs): up to 4 runs, each stall a second longer
        // (retried only while nothing at all was lost: a loss JFR did not report is kept, and checked below)
        while (attempt < 4 && (!ran || (jdk.major() < 25 && lossEvents == 0 && c.calls == made))) {
            attempt++;
            Files.deleteIfExists(dir.resolve("out.txt"));
            List<String> args = new ArrayList<>(List.of("run", "-o", rec.toString(), "--", jdk.java().toString(),
                    "-XX:FlightRecorderOptions:memorysize=1m,numglobalbuffers=2,globalbuffersize=512k,threadbuffersize=64k",
                    "-cp", Jtrace.examplesClassPath(), "faults.Flood", "16", "2000"));
            Process jtrace = Jtrace.start(dir, args.toArray(String[]::new));
            // looked up before the flood starts, as it always was (in CI a look-up after "started"
            // found no such thread); looked up again only if ptrace refused the first one
            long recorder = recorderThread(jtrace, "faults.Flood");
            Jtrace.waitForOutput(dir, "started");
            Jtrace.Result stopped = Jtrace.exec(dir, List.of("python3", stall.toString(), Long.toString(recorder),
                    Double.toString(0.5 + attempt)), Map.of());
            if (stopped.exit() != 0 && jtrace.isAlive()) {
                System.out.println("FAULT jfr data loss " + jdk + ": stall of thread " + recorder + " failed: " + stopped.err().strip());
                try {
                    recorder = recorderThread(jtrace, "faults.Flood");
                    stopped = Jtrace.exec(dir, List.of("python3", stall.toString(), Long.toString(recorder),
                            Double.toString(0.5 + attempt)), Map.of());
                } catch (AssertionError gone) {
                    // the program ended meanwhile: this run stalled nothing
                }
            }
            Jtrace.Result stallRun = stopped;
            assertTrue(jtrace.waitFor(120, TimeUnit.SECONDS), "jtrace run did not end");
            // a run whose stall failed still counts: the small buffers alone make JDK 17 lose (3 of 3
            // runs here without a stall, 2026-11-27; ptrace failing with ESRCH on this machine's
            // loaded runs made every case skip before)
            if (stallRun.exit() == 0) stalls++;
            ran = true;
            err = Files.readString(dir.resolve("err.txt"));
            List<String> out = Files.readAllLines(dir.resolve("out.txt"));
            assertEquals(0, jtrace.exitValue(), err);
            made = Long.parseLong(out.get(out.size() - 1).replaceAll("made (\\d+) calls.*", "$1"));
            c = Counts.of(rec, "step");
            try (TraceIndex index = TraceReader.read(rec, null)) {
                lossEvents = index.dataLossEvents();
                lossBytes = index.dataLossBytes();
            }
        }
        System.out.printf("FAULT jfr data loss %s: %d run(s), the recorder thread stopped in %d%n", jdk, attempt, stalls);
        if (jdk.major() >= 25) assertEquals(0, lossEvents, err);
        long recorded = c.calls;
        long madeCalls = made;
        if (lossEvents == 0 && jdk.major() < 25 && (c.lost > 0 || c.calls < made)) {
            // JDK 17 once (a CI run, 2026-11-27): JFR dropped two batches and wrote no jdk.DataLoss
            // event; jtrace run warns from the agent's own count, and the trace shows each gap
            assertTrue(c.calls < made, () -> recorded + " calls recorded of " + madeCalls + " made");
            // every lost batch is counted, the last ones of a thread too, where print can show no gap
            assertTrue(missingBatchesWarned(err) >= Math.max(1, c.lost), err);
            assertTrue(err.contains("JFR dropped them without a jdk.DataLoss event"), err);
            GapLines gaps = new GapLines();
            Main.execute(new String[] {"print", rec.toString()}, new PrintWriter(gaps), new PrintWriter(new StringWriter()));
            assertEquals(c.lost, gaps.count, "print marks each lost batch once");
            System.out.printf("FAULT jfr data loss %s [lost, unreported]: JFR lost %d batch(es) without a jdk.DataLoss event; print marks each%n",
                    jdk, c.lost);
            return;
        }
        if (lossEvents == 0) {
            // JDK 25 always, JDK 17 now and then (a fast machine's JFR took buffers from the heap
            // in all 4 stalled runs once): then nothing may be missing and nothing warned of
            assertEquals(0, c.lost, err);
            assertEquals(made, c.calls, err);
            // no word of a loss (other warnings, e.g. the size budget's early one, are not about it)
            assertFalse(err.contains("JFR lost") || err.contains("that the agent handed to JFR are not in"), err);
            System.out.printf("FAULT jfr data loss %s [nothing lost]: JFR took buffers from the heap: %,d of %,d calls%n",
                    jdk, c.calls, made);
            assumeTrue(jdk.major() >= 25, "JDK " + jdk.major() + "'s JFR lost nothing in " + attempt
                    + " run(s) (" + stalls + " stalled): the recording is whole, but the loss path was not exercised");
            return;
        }
        // JFR's loss may hit only other events (its own, a thread's last batch after which no gap can show):
        // then no batch is marked lost, and what every command must still do is warn
        assertTrue(c.calls <= made, () -> recorded + " calls recorded of " + madeCalls + " made");
        if (c.lost > 0) {
            assertTrue(c.calls < made, () -> recorded + " calls recorded of " + madeCalls + " made");
            assertTrue(missingBatchesWarned(err) >= c.lost, err);
        }
        // a thread's last batches leave no gap to mark; the agent's count still tells of them
        if (c.calls < made) assertTrue(missingBatchesWarned(err) >= 1, err);
        assertTrue(err.contains("jtrace run: warning: JFR lost at least " + lossBytes + " bytes of events"), err);
        String warning = "warning: JFR lost at least " + lossBytes + " bytes of events in " + lossEvents + " place(s)";
        Path filtered = dir.resolve("filtered.jfr");
        List<String[]> commands = List.of(new String[] {"print"}, new String[] {"summary"}, new String[] {"tree"},
                new String[] {"exceptions"}, new String[] {"vars"},
                // to a file: run in-process, export writes to the test JVM's own stdout (a GB here)
                new String[] {"export", "--format", "json", "-o", dir.resolve("export.jsonl").toString()},
                new String[] {"filter", "-o", filtered.toString(), "--include", "faults.**"},
                new String[] {"explore", "-c", "threads"});
        for (String[] command : commands) {
            List<String> line = new ArrayList<>(List.of(command));
            line.add(command[0].equals("explore") ? 1 : line.size(), rec.toString());
            GapLines gaps = new GapLines();
            StringWriter errors = new StringWriter();
            Main.execute(line.toArray(String[]::new), new PrintWriter(gaps), new PrintWriter(errors));
            assertTrue(errors.toString().contains("jtrace " + command[0] + ": " + warning), () -> line + ":\n" + errors);
            if (command[0].equals("print")) assertEquals(c.lost, gaps.count, "print marks each lost batch once");
        }
        GapLines gaps = new GapLines();
        StringWriter filteredErrors = new StringWriter();
        Main.execute(new String[] {"print", filtered.toString()}, new PrintWriter(gaps), new PrintWriter(filteredErrors));
        assertEquals(c.lost, gaps.count, () -> "the filtered recording keeps the gaps; print said: " + filteredErrors);
        // and the loss itself: JFR's jdk.DataLoss cannot be copied, the filter carries it in jtrace.TracerStatistics
        assertTrue(filteredErrors.toString().contains("jtrace print: " + warning), filteredErrors::toString);
        StringWriter summaryOut = new StringWriter();
        Main.execute(new String[] {"summary", filtered.toString()}, new PrintWriter(summaryOut), new PrintWriter(new StringWriter()));
        assertTrue(summaryOut.toString().contains("JFR LOST AT LEAST " + io.jtrace.format.Counts.grouped(lossBytes) + " BYTES OF EVENTS IN "
                + lossEvents + " PLACE(S)"), summaryOut::toString);
        System.out.printf("FAULT jfr data loss %s [lost, jdk.DataLoss] (run %d): %d jdk.DataLoss event(s) reporting %,d bytes; %d batch(es) missing; "
                + "%,d of %,d calls recorded (%.2f%% lost); every reading command warns%n", jdk, attempt, lossEvents, lossBytes,
                c.lost, c.calls, made, 100.0 * (made - c.calls) / made);
    }

    /** Thread id of JFR's recorder thread in the target JVM (running {@code main}) of a {@code jtrace run}. */
    private static long recorderThread(Process jtrace, String main) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            // every process whose command line names the program: jtrace's own JVM does too (its
            // arguments after '--'), and it may come first; only the target has a JFR recorder thread
            List<ProcessHandle> candidates = jtrace.descendants()
                    .filter(h -> h.info().commandLine().orElse("").contains(main)).toList();
            for (ProcessHandle target : candidates) {
                try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(target.pid()), "task"))) {
                    for (Path task : (Iterable<Path>) tasks::iterator) {
                        if (Files.readString(task.resolve("comm")).strip().equals("JFR Recorder Th")) {
                            return Long.parseLong(task.getFileName().toString());
                        }
                    }
                } catch (IOException gone) {
                    // not yet, or already ended
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no JFR recorder thread in the target of jtrace run");
    }

    /** Output that only counts the trace's gap lines ('~ ... were lost here'). */
    private static final class GapLines extends Writer {
        long count;
        private final StringBuilder line = new StringBuilder();

        @Override
        public void write(char[] buf, int off, int len) {
            for (int i = off; i < off + len; i++) {
                if (buf[i] != '\n') {
                    if (line.length() < 200) line.append(buf[i]);
                    continue;
                }
                if (line.indexOf(" ~ ") >= 0 && line.indexOf("were lost here") >= 0) count++;
                line.setLength(0);
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }
}
