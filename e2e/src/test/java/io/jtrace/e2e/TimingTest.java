package io.jtrace.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtrace.analysis.CallAdapter;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.replay.Replay;
import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Calls shorter than the clock go untimed (the default, adaptive timing): every enter and exit is
 * still there in order, such calls are shown as untimed and estimated, never with an invented
 * duration; {@code --timing full} puts a time on every record.
 */
class TimingTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** Counter's add: a million calls of one line, far past the tracer's warm-up of 8,192 calls. */
    private static final String[] COUNTER = {"counter.Counter", "1000", "1000"};

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Calls(long all, long untimed, long timed) {}

    /** Counts the calls of the method named {@code name} as the library replays them, leaf or not. */
    private static Calls calls(Path rec, String name) throws Exception {
        long[] n = byShape(rec, name);
        return new Calls(n[0] + n[1] + n[2] + n[3], n[1] + n[3], n[0] + n[2]);
    }

    /**
     * The calls of the method named {@code name} as the library replays them: leaf calls timed and
     * untimed, then calls with traced callees timed and untimed.
     */
    private static long[] byShape(Path rec, String name) throws Exception {
        long[] n = new long[4];
        try (TraceIndex index = TraceReader.read(rec, null)) {
            Replay.of(index, index.threads()).into(new CallAdapter() {
                @Override
                public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                                 ExceptionRef exception) {
                    if (method.name().equals(name)) n[kind == ExitKind.RETURN_UNTIMED ? 1 : 0]++;
                }

                @Override
                public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                                 ExceptionRef exception) {
                    if (method.name().equals(name)) n[kind == ExitKind.RETURN_UNTIMED ? 3 : 2]++;
                }
            });
        }
        return n;
    }

    /** Positions, in replay order, of the first untimed call of each method named (-1: none). */
    private static long[] firstUntimedCall(Path rec, String... names) throws Exception {
        long[] first = new long[names.length];
        java.util.Arrays.fill(first, -1);
        long[] position = {0};
        try (TraceIndex index = TraceReader.read(rec, null)) {
            Replay.of(index, index.threads()).into(new CallAdapter() {
                @Override
                public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                                 ExceptionRef exception) {
                    seen(method, kind);
                }

                @Override
                public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                                 ExceptionRef exception) {
                    seen(method, kind);
                }

                private void seen(MethodInfo method, ExitKind kind) {
                    position[0]++;
                    for (int i = 0; i < names.length; i++) {
                        if (first[i] < 0 && kind == ExitKind.RETURN_UNTIMED && method.name().equals(names[i])) first[i] = position[0];
                    }
                }
            });
        }
        return first;
    }

    /** The JSON export's add lines: untimed ones have a null duration, and are still returns. */
    private Calls jsonAddCalls(Path rec) throws Exception {
        Path json = dir.resolve(rec.getFileName() + ".jsonl");
        Jtrace.Result export = Jtrace.jtrace(dir, "export", "--format", "json", "-o", json.toString(), rec.toString());
        assertEquals(0, export.exit(), export::toString);
        long all = 0, untimed = 0, timed = 0;
        try (java.util.stream.Stream<String> lines = Files.lines(json)) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (!line.contains("\"name\":\"add\"")) continue;
                JsonNode n = JSON.readTree(line);
                if (!n.path("kind").asText().equals("call")) continue;
                all++;
                assertEquals("return", n.path("outcome").asText(), line);
                if (n.get("durationNanos").isNull()) untimed++;
                else timed++;
            }
        }
        return new Calls(all, untimed, timed);
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void shortCallsGoUntimedAndAreMarkedSoEverywhere(Jdk jdk) throws Exception {
        Path rec = dir.resolve("adaptive.jfr");
        Jtrace.Result plain = Jtrace.plain(dir, jdk, COUNTER[0], COUNTER[1], COUNTER[2]);
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), COUNTER[0], COUNTER[1], COUNTER[2]);
        assertEquals(0, run.exit(), run::toString);
        assertEquals(plain.out(), run.out());
        assertTrue(run.err().contains("1,000,001 calls (2,000,002 records)"), run.err());

        Calls c = calls(rec, "add");
        assertEquals(1_000_000, c.all(), "every call recorded");
        // when add goes untimed depends on the machine (its calls must come out short 95% of a window)
        assertTrue(c.untimed() > 0, "add's calls go untimed: " + c);
        assertTrue(c.timed() >= 8_192, "the warm-up's calls timed: " + c);
        assertEquals(c, jsonAddCalls(rec), "the JSON export says which calls were untimed");
        assertTrue(run.err().contains("jtrace: " + String.format(java.util.Locale.ROOT, "%,d", c.untimed()) + " of them ("
                + Math.round(100.0 * c.untimed() / 1_000_001) + "%) untimed, measured shorter than the clock's own cost"), run.err());

        Jtrace.Result print = Jtrace.jtrace(dir, "print", rec.toString());
        assertEquals(0, print.exit(), print::toString);
        long untimedLines = print.outLines().stream().filter(l -> l.endsWith("= counter.Counter.add(int, int)  untimed")).count();
        assertEquals(c.untimed(), untimedLines, "print shows each untimed call without a duration");

        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec.toString());
        assertEquals(0, summary.exit(), summary::toString);
        String addRow = summary.outLines().stream().filter(l -> l.contains("counter.Counter.add(int, int)")
                && !l.startsWith("main")).findFirst().orElseThrow();
        assertTrue(addRow.matches("\\s+1,000,000\\s+~\\S+ \\S+\\s+~\\S+ \\S+\\s+~\\S+ \\S+\\s+\\S+ \\S+\\s+0\\s+counter\\.Counter\\.add\\(int, int\\) \\("
                + String.format(java.util.Locale.ROOT, "%,d", c.untimed()) + " untimed\\)"), addRow);
        assertTrue(summary.out().contains("untimed    " + String.format(java.util.Locale.ROOT, "%,d", c.untimed()) + " calls not timed"),
                summary.out());

        Jtrace.Result tree = Jtrace.jtrace(dir, "tree", rec.toString());
        assertTrue(tree.out().contains(String.format(java.util.Locale.ROOT, "%,d", c.untimed()) + " untimed"), tree.out());

        // a filtered recording keeps them untimed
        Path filtered = dir.resolve("filtered.jfr");
        Jtrace.Result filter = Jtrace.jtrace(dir, "filter", rec.toString(), "--include", "counter.**", "-o", filtered.toString());
        assertEquals(0, filter.exit(), filter::toString);
        assertEquals(c, calls(filtered, "add"));
    }

    /**
     * NestedCounter's step only calls add: once add goes untimed, no clock is read between step's
     * enter and exit but its own, and step, as short, goes untimed too; main, which runs the loop,
     * stays timed. Every call is still recorded, and summary's step row says how many were untimed.
     * Whether a call measures short depends on the machine's load: here every leaf call is short
     * (-Djtrace.test.shortNanos, 1 ms), so what is checked is what follows the decisions: add
     * untimed after its warm-up, exactly, and step only after add (its first untimed call later).
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aCallerOfAnUntimedHelperGoesUntimedToo(Jdk jdk) throws Exception {
        Path rec = dir.resolve("nested.jfr");
        List<String> cmd = new java.util.ArrayList<>(List.of("run", "-o", rec.toString(), "--", jdk.java().toString(),
                "-Djtrace.test.shortNanos=1000000", "-cp", Jtrace.examplesClassPath(), "counter.NestedCounter", "1000", "2000"));
        Jtrace.Result run = Jtrace.jtrace(dir, cmd.toArray(String[]::new));
        assertEquals(0, run.exit(), run::toString);
        assertTrue(run.err().contains("4,000,001 calls"), run.err());
        Calls add = calls(rec, "add");
        Calls step = calls(rec, "step");
        assertEquals(2_000_000, add.all(), "every add recorded");
        assertEquals(2_000_000, step.all(), "every step recorded");
        // add's first 33 windows of 256 calls are timed (32 of warm-up, the one that decides), then none
        assertEquals(33 * 256, add.timed(), "add goes untimed after its warm-up: " + add);
        assertTrue(step.untimed() > 0, "step follows it: " + step);
        long[] firstUntimed = firstUntimedCall(rec, "add", "step");
        assertTrue(firstUntimed[0] < firstUntimed[1], "and only after it: first untimed add, step at " + java.util.Arrays.toString(firstUntimed));
        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec.toString());
        assertEquals(0, summary.exit(), summary::toString);
        assertTrue(summary.out().contains("counter.NestedCounter.step(int, int) ("
                + String.format(java.util.Locale.ROOT, "%,d", step.untimed()) + " untimed)"), summary.out());
        String mainRow = summary.outLines().stream().filter(l -> l.contains("counter.NestedCounter.main(String[])"))
                .findFirst().orElseThrow();
        assertFalse(mainRow.contains("untimed"), mainRow);
    }

    /**
     * CallHeavy's fib: half its calls are the base case (leaf calls, short), half recurse (long).
     * The method stays timed, but its leaf calls' exits go untimed: every call recorded, no call
     * with callees untimed, print shows the leaf calls without a duration and the others with
     * one, summary's fib row says how many were untimed.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aRecursionsBaseCaseGoesUntimedWhileItsOtherCallsStayTimed(Jdk jdk) throws Exception {
        Path rec = dir.resolve("fib.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "workloads.CallHeavy", "5000");
        assertEquals(0, run.exit(), run::toString);
        long[] n = byShape(rec, "fib"); // leaf timed, leaf untimed, with callees timed, with callees untimed
        assertEquals(5000 * 89, n[0] + n[1], "every base case recorded (fib(10): 89 of its 177 calls)");
        assertEquals(5000 * 88, n[2] + n[3], "every other call recorded");
        assertTrue(n[1] > 0, "the base case goes untimed: " + java.util.Arrays.toString(n));
        assertEquals(0, n[3], "a call with callees stays timed");

        Jtrace.Result print = Jtrace.jtrace(dir, "print", rec.toString());
        assertEquals(0, print.exit(), print::toString);
        assertEquals(n[1], print.outLines().stream().filter(l -> l.endsWith("= workloads.CallHeavy.fib(int)  untimed")).count());
        assertEquals(0, print.outLines().stream().filter(l -> l.endsWith("< workloads.CallHeavy.fib(int)  untimed")).count());
        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec.toString());
        assertEquals(0, summary.exit(), summary::toString);
        assertTrue(summary.out().contains("workloads.CallHeavy.fib(int) ("
                + String.format(java.util.Locale.ROOT, "%,d", n[1]) + " untimed)"), summary.out());

        // a filtered recording keeps them untimed, and their enters keep their times
        Path filtered = dir.resolve("fib-filtered.jfr");
        Jtrace.Result filter = Jtrace.jtrace(dir, "filter", rec.toString(), "--include", "workloads.**", "-o", filtered.toString());
        assertEquals(0, filter.exit(), filter::toString);
        Jtrace.Result printFiltered = Jtrace.jtrace(dir, "print", filtered.toString());
        assertEquals(0, printFiltered.exit(), printFiltered::toString);
        List<String> before = print.outLines(), after = printFiltered.outLines();
        for (int i = 0; i < Math.min(before.size(), after.size()); i++) { // (a message of a million lines breaks surefire)
            assertEquals(before.get(i), after.get(i), "print of the filtered recording, line " + (i + 1));
        }
        assertEquals(before.size(), after.size(), "lines printed of the filtered recording");
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void fullTimingTimesEveryCall(Jdk jdk) throws Exception {
        Path rec = dir.resolve("full.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--timing", "full"), COUNTER[0], COUNTER[1], COUNTER[2]);
        assertEquals(0, run.exit(), run::toString);
        Calls c = calls(rec, "add");
        assertEquals(new Calls(1_000_000, 0, 1_000_000), c);
        assertFalse(run.err().contains("untimed"), run.err());
        Jtrace.Result print = Jtrace.jtrace(dir, "print", rec.toString());
        assertFalse(print.out().contains("untimed"), "no untimed call with --timing full");
        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec.toString());
        assertFalse(summary.out().contains("untimed") || summary.out().contains("~"), summary.out());
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aBadTimingIsOneClearLine(Jdk jdk) {
        Jtrace.Result run = Jtrace.trace(dir, jdk, dir.resolve("x.jfr"), List.of("--timing", "sometimes"), COUNTER[0]);
        assertEquals(2, run.exit(), run::toString);
        assertTrue(run.err().startsWith("jtrace run: invalid value for option '--timing'"), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }
}
