package io.jtrace.e2e;
import io.jtrace.cli.Main;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * JFR dropping a traced program's events (FaultSuiteTest's other faults are beside it): its own class
 * because it was the suite's longest case (up to four traced runs of 16 threads flooding JFR, then
 * every reading command in this JVM over the recording), which holds the test JVM's heap and runs
 * beside lighter classes, not alone. The flood is capped at 1,000 calls a millisecond a thread
 * (~32M calls, ~60 MB): uncapped it made 12-340M calls, as fast as the machine allowed, and the
 * case took 65-170 s; JDK 17 loses batches to a stalled recorder thread at the capped rate as well
 * (5 of 5 runs, 1-15 batches, both of its loss branches; 2026-11-28).
 */
@ReadsLargeRecordings // every reading command in this JVM over the flood's recording
class JfrDataLossTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
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
     * buffers of 64 KB), 16 threads calling at up to 1M calls a second each, and JFR's recorder thread stopped
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
        FaultSuiteTest.Counts c = null;
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
                    "-cp", Jtrace.examplesClassPath(), "faults.Flood", "16", "2000", "1000"));
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
            c = FaultSuiteTest.Counts.of(rec, "step");
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
        // print, summary and filter read every thread (print's gaps, the filtered file's, below); the
        // others warn as they open the file, and read one thread of the 16: each of them over the
        // whole flood (170-230M calls) made this case the build's longest (export's JSON alone GBs)
        List<String[]> commands = List.of(new String[] {"print"}, new String[] {"summary"},
                new String[] {"tree", "--thread", "flood-0"}, new String[] {"exceptions", "--thread", "flood-0"},
                new String[] {"vars", "--thread", "flood-0"},
                // to a file: run in-process, export writes to the test JVM's own stdout
                new String[] {"export", "--format", "json", "--thread", "flood-0", "-o", dir.resolve("export.jsonl").toString()},
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
