package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jtrace filter writes a recording that the JDK's jfr tool and jtrace read, with exactly the
 * events the filter promised. jtrace itself runs on each JDK found (JTRACE_JAVA), and every JDK's
 * jfr tool reads what each wrote.
 */
class FilterTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private static Jtrace.Result jtraceOn(Jdk jdk, Path dir, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Jtrace.executable().toString());
        cmd.addAll(List.of(args));
        return Jtrace.exec(dir, cmd, Map.of("JTRACE_JAVA", jdk.java().toString()));
    }

    /** A call as the filter must keep it: thread, enter time, method, duration, outcome. */
    private static String call(TraceEvent e) {
        if (e instanceof MethodCall m) return e.thread().id() + " " + m.nanos() + " " + m.method().displayName() + " " + m.durationNanos() + " " + m.kind();
        if (e instanceof MethodExit m) return e.thread().id() + " " + (m.nanos() - m.durationNanos()) + " " + m.method().displayName() + " " + m.durationNanos() + " " + m.kind();
        return null;
    }

    /** Every event as the model holds it (times, values, sites, identities), without its thread. */
    private static List<String> events(List<TraceEvent> events) {
        return events.stream().map(e -> e.toString().replace(e.thread().toString(), "T")).toList();
    }

    private static List<String> calls(List<TraceEvent> events) {
        return events.stream().map(FilterTest::call).filter(c -> c != null).sorted().toList();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void oneThreadIsKeptExactly(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "3", "30").exit());
        Path out = dir.resolve("customer-2.jfr");
        Jtrace.Result f = jtraceOn(jdk, dir, "filter", rec.toString(), "--thread", "customer-2", "-o", out.toString());
        assertEquals(0, f.exit(), f::toString);
        assertTrue(f.err().contains("-> " + out), f::toString);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));

        Recording original = Recording.read(rec);
        Recording filtered = Recording.read(out);
        assertEquals(1, filtered.threads.size());
        List<TraceEvent> want = original.thread("customer-2");
        List<TraceEvent> got = filtered.thread("customer-2");
        // Every call of the thread, with its time, duration and outcome (exceptional exits too).
        assertEquals(calls(want), calls(got));
        // Everything else of the thread too: its exception records, in place (the trace prints the same).
        assertTrue(want.stream().anyMatch(e -> e instanceof io.jtrace.model.ExceptionEvent), "bank throws");
        assertEquals(events(want), events(got));
        assertFalse(f.err().contains("left out"), f::toString);
        assertEquals(jtraceOn(jdk, dir, "print", "--no-times", "--thread", "customer-2", rec.toString()).out(),
                jtraceOn(jdk, dir, "print", "--no-times", out.toString()).out());
        ThreadInfo t = filtered.threads.keySet().iterator().next();
        assertEquals(original.threads.keySet().stream().filter(x -> x.label().equals("customer-2")).findFirst().orElseThrow().id(), t.id());
        assertEquals(0, filtered.index.dataLossEvents());

        for (Jdk tool : Jdk.all()) {
            Jtrace.Result summary = Jtrace.exec(dir, List.of(tool.jfrTool().toString(), "summary", out.toString()), Map.of());
            assertEquals(0, summary.exit(), summary::toString);
            assertTrue(summary.out().lines().anyMatch(l -> l.matches("\\s*jtrace\\.TraceBatch\\s+[1-9][0-9]*\\s+[0-9]+\\s*")), summary::toString);
            assertTrue(summary.out().lines().anyMatch(l -> l.matches("\\s*jtrace\\.MethodDefinition\\s+[1-9][0-9]*\\s+[0-9]+\\s*")), summary::toString);
            Jtrace.Result print = Jtrace.exec(dir, List.of(tool.jfrTool().toString(), "print", "--events", "jtrace.TraceBatch", out.toString()), Map.of());
            assertEquals(0, print.exit(), print::toString);
            assertTrue(print.out().contains("threadName = \"customer-2\""), () -> tool + ": " + print.out());
            assertFalse(print.out().contains("customer-1"), print::toString);
        }
        // JDK Mission Control's parser reads every batch, on the thread and at the time it was traced
        org.openjdk.jmc.common.item.IItemCollection jmc = org.openjdk.jmc.flightrecorder.JfrLoaderToolkit.loadEvents(out.toFile());
        long jmcBatches = 0;
        java.util.Set<Object> jmcThreadNames = new java.util.HashSet<>();
        for (org.openjdk.jmc.common.item.IItemIterable items : jmc.apply(org.openjdk.jmc.common.item.ItemFilters.type("jtrace.TraceBatch"))) {
            jmcBatches += items.getItemCount();
            // the thread's name from the chunk's string pool
            org.openjdk.jmc.common.item.IMemberAccessor<?, org.openjdk.jmc.common.item.IItem> name =
                    JmcReadsExportTest.field(items.getType(), "threadName");
            for (org.openjdk.jmc.common.item.IItem item : items) jmcThreadNames.add(name.getMember(item));
        }
        assertEquals(java.util.Set.of("customer-2"), jmcThreadNames);
        List<RecordedEvent> batches = RecordingFile.readAllEvents(out).stream()
                .filter(e -> e.getEventType().getName().equals("jtrace.TraceBatch")).toList();
        assertTrue(jmcBatches > 0);
        assertEquals(batches.size(), jmcBatches);
        for (RecordedEvent b : batches) {
            // a batch is timed as it was traced (its first record), not as it was filtered
            long sinceOrigin = b.getLong("baseNanos") - filtered.index.nanoOrigin();
            assertEquals(java.time.Instant.ofEpochSecond(0, filtered.index.epochNanosOrigin() + sinceOrigin), b.getStartTime(), b::toString);
        }
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void methodsAndTimeWindowKeepBalancedCalls(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "3", "300").exit());
        Recording original = Recording.read(rec);
        // The window: from the first quarter to the half of the transfers' start times (a window by the
        // span of all events could fall where no transfer started when the machine is loaded).
        long[] starts = original.all().stream().map(FilterTest::call).filter(c -> c != null && c.split(" ")[2].startsWith("bank.Bank.transfer("))
                .mapToLong(c -> Long.parseLong(c.split(" ")[1])).sorted().toArray();
        assertTrue(starts.length > 8, "transfers: " + starts.length);
        long from = starts[starts.length / 4];
        long to = starts[starts.length / 2];
        Path out = dir.resolve("window.jfr");
        Jtrace.Result f = jtraceOn(jdk, dir, "filter", rec.toString(), "--include", "bank.Bank.transfer", "--include", "bank.Account",
                "--from", (from / 1000) + "us", "--to", (to / 1000) + "us", "-o", out.toString());
        assertEquals(0, f.exit(), f::toString);

        long fromNs = from / 1000 * 1000, toNs = to / 1000 * 1000;
        // Expected, computed independently: calls of the selected methods that start in the window.
        List<TraceEvent> selected = new ArrayList<>();
        for (List<TraceEvent> events : original.threads.values()) {
            for (TraceEvent e : events) {
                String c = call(e);
                if (c == null) continue;
                long start = Long.parseLong(c.split(" ")[1]);
                String name = c.split(" ")[2];
                boolean method = name.startsWith("bank.Bank.transfer(") || name.startsWith("bank.Account.");
                if (method && start >= fromNs && start <= toNs) selected.add(e);
            }
        }
        assertFalse(selected.isEmpty());
        Recording filtered = Recording.read(out);
        assertEquals(calls(selected), calls(filtered.all()));
        for (Map.Entry<ThreadInfo, List<TraceEvent>> t : filtered.threads.entrySet()) {
            RunAndPrintTest.assertBalanced(t.getKey(), t.getValue());
            for (TraceEvent e : t.getValue()) {
                if (!(e instanceof MethodEnter) && call(e) == null) continue; // exception records, kept by the filter
                // transfer at depth 0; withdraw/deposit under a kept transfer at depth 1, or at 0 when
                // their transfer started before the window (then it is not kept)
                String name = e instanceof MethodEnter m ? m.method().qualifiedName() : call(e).split(" ")[2];
                if (name.startsWith("bank.Bank.transfer")) assertEquals(0, e.depth(), e::toString);
                else assertTrue(e.depth() <= 1, e::toString);
            }
        }
        // jtrace reads it like any recording
        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", out.toString());
        assertEquals(0, summary.exit(), summary::toString);
        Jtrace.Result summaryTool = Jtrace.exec(dir, List.of(jdk.jfrTool().toString(), "summary", out.toString()), Map.of());
        assertEquals(0, summaryTool.exit(), summaryTool::toString);
    }

    /**
     * Variable, line and exception records survive a filter exactly: with nothing left out, every
     * reading command prints the same; with --kinds, just those kinds stay, in their frames.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void everyKindOfRecordIsCarriedOver(Jdk jdk) throws Exception {
        Path vars = dir.resolve("history.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, vars, List.of("--vars", "vars.**", "--lines", "vars.**"), "vars.History").exit());
        Path journeys = dir.resolve("journeys.jfr");
        Jtrace.Result j = Jtrace.trace(dir, jdk, journeys, List.of(), "exceptions.Journeys");
        for (Path rec : List.of(vars, journeys)) {
            Path out = dir.resolve("all-" + rec.getFileName());
            Jtrace.Result f = jtraceOn(jdk, dir, "filter", rec.toString(), "-o", out.toString());
            assertEquals(0, f.exit(), f::toString);
            assertFalse(f.err().contains("left out"), f::toString);
            for (List<String> command : List.of(List.of("print", "--no-times"), List.of("vars", "--no-times"),
                    List.of("exceptions", "--no-times"), List.of("summary"), List.of("tree"))) {
                List<String> before = new ArrayList<>(command);
                before.add(rec.toString());
                List<String> after = new ArrayList<>(command);
                after.add(out.toString());
                // the same output, but for the file's name (summary's first line)
                assertEquals(jtraceOn(jdk, dir, before.toArray(String[]::new)).out().replace(rec.getFileName().toString(), "FILE"),
                        jtraceOn(jdk, dir, after.toArray(String[]::new)).out().replace(out.getFileName().toString(), "FILE"),
                        command + " of " + rec);
            }
            Recording original = Recording.read(rec);
            Recording filtered = Recording.read(out);
            for (ThreadInfo t : original.threads.keySet()) {
                assertEquals(events(original.thread(t.label())), events(filtered.thread(t.label())), t::toString);
            }
        }
        // --kinds calls,lines: the calls and lines, in order, and nothing else
        Path some = dir.resolve("lines.jfr");
        Jtrace.Result f = jtraceOn(jdk, dir, "filter", vars.toString(), "--kinds", "calls,lines", "-o", some.toString());
        assertEquals(0, f.exit(), f::toString);
        assertTrue(f.err().matches("(?s).*kept [0-9,]+ calls, 0 exception, 0 variable and [1-9][0-9,]* line records.*"), f::toString);
        Recording original = Recording.read(vars);
        Recording filtered = Recording.read(some);
        for (ThreadInfo t : original.threads.keySet()) {
            List<TraceEvent> want = original.thread(t.label()).stream()
                    .filter(e -> !(e instanceof io.jtrace.model.VariableAccess)).toList();
            assertEquals(events(want), events(filtered.thread(t.label())), t::toString);
        }
        // --kinds exceptions with a method pattern: only the exception records inside those methods' frames
        Path unwinding = dir.resolve("unwinding.jfr");
        f = jtraceOn(jdk, dir, "filter", journeys.toString(), "--kinds", "exceptions", "--include", "exceptions.Unwinding",
                "-o", unwinding.toString());
        assertEquals(0, f.exit(), f::toString);
        List<TraceEvent> kept = Recording.read(unwinding).all();
        assertFalse(kept.isEmpty(), f::toString);
        for (TraceEvent e : kept) {
            assertTrue(e instanceof io.jtrace.model.ExceptionEvent, e::toString);
        }
        // (records outside every traced frame are kept: an uncaught exception after its thread's last
        // frame, a task's exception caught by the JDK for its Future in a pool thread)
        List<TraceEvent> stray = kept.stream().filter(e -> !(e instanceof io.jtrace.model.ExceptionUncaught)
                && !(e.depth() == 0 && e instanceof io.jtrace.model.ExceptionCaught)
                && !e.toString().contains("exceptions.Unwinding")).toList();
        assertEquals(List.of(), stray);
        assertTrue(kept.stream().anyMatch(e -> e instanceof io.jtrace.model.FinallyEntered), kept::toString);
        // --kinds exceptions alone: the same journeys less their 'unwound' steps (a frame's exceptional exit is a
        // call record), as docs/filter.md says
        Path onlyExceptions = dir.resolve("only-exceptions.jfr");
        assertEquals(0, jtraceOn(jdk, dir, "filter", journeys.toString(), "--kinds", "exceptions", "-o", onlyExceptions.toString()).exit());
        String whole = Jtrace.jtrace(dir, "exceptions", journeys.toString()).out();
        assertTrue(whole.contains(" unwound "), whole);
        assertEquals(whole.lines().filter(l -> !l.contains(" unwound ")).toList(),
                Jtrace.jtrace(dir, "exceptions", onlyExceptions.toString()).out().lines().toList());
        // an expanded file is JMC's, not jtrace's: said so, not 'has no jtrace events'
        Path expanded = dir.resolve("expanded.jfr");
        assertEquals(0, jtraceOn(jdk, dir, "filter", journeys.toString(), "--expand", "-o", expanded.toString()).exit());
        Jtrace.Result printExpanded = Jtrace.jtrace(dir, "print", expanded.toString());
        assertEquals(2, printExpanded.exit(), printExpanded::toString);
        assertEquals("jtrace print: " + expanded + " holds jtrace's typed events (jtrace.MethodCall...: 'filter --expand' or"
                + " 'export --format jfr' wrote it) for JDK Mission Control and 'jfr print', not a trace jtrace reads: give the"
                + " recording it was made from\n", printExpanded.err());
        assertEquals(j.exit(), Jtrace.plain(dir, jdk, "exceptions.Journeys").exit());
    }

    @Test
    void badInputsAreOneLineErrors() throws Exception {
        Jdk jdk = Jdk.current();
        Path rec = dir.resolve("c.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "counter.Counter", "10", "1").exit());
        Files.writeString(dir.resolve("text.jfr"), "hello");
        String[][] cases = {
            {"summary", "missing.jfr"}, {"no such file: missing.jfr"},
            {"tree", "text.jfr"}, {"text.jfr is not a JFR recording"},
            {"export", "c.jfr"}, {"missing required option: '--format=FORMAT'"},
            {"export", "c.jfr", "--format", "xml"}, {"invalid value for option '--format'"},
            {"filter", "c.jfr", "-o", "c.jfr"}, {"output c.jfr is the recording being read"},
            {"filter", "c.jfr", "--from", "1.5x", "-o", "o.jfr"}, {"--from takes a time like 1.5 (seconds), 250ms, 300us or 2min, not '1.5x'"},
            {"filter", "c.jfr", "--from", "2s", "--to", "1s", "-o", "o.jfr"}, {"--from 2s is after --to 1s"},
            {"filter", "c.jfr", "-o", "nodir/o.jfr"}, {"cannot write nodir/o.jfr: no such directory"},
            {"tree", "c.jfr", "--focus", "Nothing.here"}, {"--focus Nothing.here matches no traced method in c.jfr"},
            {"tree", "c.jfr", "--min-percent", "120"}, {"--min-percent must be between 0 and 100, not 120"},
            {"summary", "c.jfr", "--top", "0"}, {"--top must be a positive number, not 0"},
            {"summary", "c.jfr", "--thread", "nobody"}, {"no thread matches nobody; threads in c.jfr: main"},
            {"summary", "c.jfr", "--include", "a..b"}, {"a..b"},
        };
        for (int i = 0; i < cases.length; i += 2) {
            Jtrace.Result r = Jtrace.jtrace(dir, cases[i]);
            String what = String.join(" ", cases[i]);
            assertEquals(2, r.exit(), () -> what + ": " + r);
            assertEquals(1, r.err().lines().count(), () -> what + ": " + r);
            assertTrue(r.err().startsWith("jtrace " + cases[i][0] + ": "), () -> what + ": " + r);
            assertTrue(r.err().contains(cases[i + 1][0]), () -> what + ": " + r);
            assertFalse(r.err().contains("Exception"), () -> what + ": " + r);
        }
        // a truncated recording: what could be read is used, then exit 2 naming the damage
        byte[] bytes = Files.readAllBytes(rec);
        Path cut = dir.resolve("cut.jfr");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 100));
        Jtrace.Result s = Jtrace.jtrace(dir, "summary", cut.toString());
        assertEquals(2, s.exit(), s::toString);
        assertTrue(s.err().contains("is truncated or damaged"), s::toString);
        // export and filter of one cut in its last event: one line, the damage and where the part
        // read went (no closing line that reads as a success), and that part is in the output
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 1));
        Path part = dir.resolve("part.json");
        Jtrace.Result e = Jtrace.jtrace(dir, "export", cut.toString(), "--format", "json", "-o", part.toString());
        assertEquals(2, e.exit(), e::toString);
        assertEquals(1, e.err().lines().count(), e::toString);
        assertTrue(e.err().startsWith("jtrace export: ") && e.err().contains("is truncated or damaged")
                && e.err().strip().endsWith("written to " + part), e::toString);
        assertTrue(Files.size(part) > 0, e::toString);
        Path partRec = dir.resolve("part.jfr");
        Jtrace.Result f = Jtrace.jtrace(dir, "filter", cut.toString(), "-o", partRec.toString());
        assertEquals(2, f.exit(), f::toString);
        assertEquals(1, f.err().lines().count(), f::toString);
        assertTrue(f.err().startsWith("jtrace filter: ") && f.err().strip().endsWith("written to " + partRec), f::toString);
        assertEquals(0, Jtrace.jtrace(dir, "summary", partRec.toString()).exit());
    }
}
