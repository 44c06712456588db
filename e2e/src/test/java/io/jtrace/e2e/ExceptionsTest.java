package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.e2e.ExceptionReport.Block;
import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.ExitKind;
import io.jtrace.model.FinallyEntered;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodExit;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exception tracking on programs whose exception journeys are known (examples/exceptions), on
 * every JDK found: the recorded events, {@code jtrace exceptions} parsed back, and the traced
 * programs behaving exactly like plain ones.
 */
class ExceptionsTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private Map<Integer, Block> journeys(Path rec, String... options) {
        String[] args = new String[options.length + 3];
        args[0] = "exceptions";
        args[1] = "--no-times";
        System.arraycopy(options, 0, args, 2, options.length);
        args[args.length - 1] = rec.toString();
        Jtrace.Result r = Jtrace.jtrace(dir, args);
        assertEquals(0, r.exit(), r::toString);
        return ExceptionReport.parse(r.out());
    }

    private Path traceJourneys(Jdk jdk) {
        Path rec = dir.resolve("journeys.jfr");
        Jtrace.Result plain = Jtrace.plain(dir, jdk, "exceptions.Journeys");
        Jtrace.Result traced = Jtrace.trace(dir, jdk, rec, List.of(), "exceptions.Journeys");
        assertEquals(plain.exit(), traced.exit(), traced::toString);
        assertEquals(plain.out(), traced.out());
        assertEquals(plain.err().strip(), Jtrace.targetStderr(traced.err()).strip());
        assertFalse(traced.err().contains("jtrace agent:"), traced::toString);
        return rec;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void everyJourneyOfTheKnownProgram(Jdk jdk) throws Exception {
        Map<Integer, Block> j = journeys(traceJourneys(jdk));

        Block same = ExceptionReport.only(j, "java.lang.IllegalStateException", "thrown and caught here");
        assertEquals(List.of("thrown at", "caught at"), same.whats());
        assertEquals("exceptions.Journeys.sameMethod():29", same.first().rest());
        assertEquals("exceptions.Journeys.sameMethod():30 as java.lang.IllegalStateException", same.last().rest());

        Block unwinding = ExceptionReport.only(j, "java.lang.IllegalArgumentException", "three frames down");
        assertEquals(List.of("thrown at", "finally at", "unwound", "finally at", "unwound", "finally at", "unwound", "caught at"),
                unwinding.whats());
        assertEquals(List.of("exceptions.Unwinding.level3():27", "exceptions.Unwinding.level3():29", "exceptions.Unwinding.level3()",
                "exceptions.Unwinding.level2():21", "exceptions.Unwinding.level2()", "exceptions.Unwinding.level1():13",
                "exceptions.Unwinding.level1()", "exceptions.Journeys.unwinding():38 as java.lang.IllegalArgumentException"),
                unwinding.steps().stream().map(ExceptionReport.Step::rest).toList());

        Block rethrown = ExceptionReport.only(j, "java.lang.IllegalStateException", "rethrow me");
        assertEquals(List.of("thrown at", "unwound", "caught at", "rethrown at", "unwound", "caught at"), rethrown.whats());
        assertEquals("exceptions.Wrapping.rethrow():17", rethrown.steps().get(3).rest());

        Block wrapped = ExceptionReport.only(j, "java.lang.IllegalStateException", "wrap me");
        Block wrapper = ExceptionReport.only(j, "exceptions.Wrapping$WrappedException", "wrapped failure");
        assertEquals(List.of("thrown at", "unwound", "caught at", "wrapped into"), wrapped.whats());
        assertEquals("#" + wrapper.number() + " exceptions.Wrapping$WrappedException at exceptions.Wrapping.wrap():25", wrapped.last().rest());
        assertEquals(wrapped.number(), wrapper.causeNumber());

        Block body = ExceptionReport.only(j, "java.lang.IllegalStateException", "body failed");
        Block close = ExceptionReport.only(j, "java.io.UncheckedIOException", "java.io.IOException: close failed");
        assertEquals(List.of("thrown at", "close resource at", "adds suppressed", "unwound", "caught at"), body.whats());
        assertTrue(body.steps().get(2).rest().startsWith("#" + close.number() + " java.io.UncheckedIOException"), body::toString);
        assertEquals(List.of("thrown at", "unwound", "suppressed into"), close.whats());
        assertTrue(close.last().rest().startsWith("#" + body.number() + " java.lang.IllegalStateException"), close::toString);

        Block locked = ExceptionReport.only(j, "java.lang.IllegalStateException", "failed while holding the lock");
        assertEquals(List.of("thrown at", "unwound", "caught at"), locked.whats(), "a synchronized block is not a finally");

        Block constructor = ExceptionReport.only(j, "java.lang.IllegalArgumentException", "negative size -1");
        assertEquals(List.of("thrown at", "unwound", "caught at"), constructor.whats());
        assertEquals("exceptions.Construction.<init>(int):8", constructor.first().rest());

        Block initializer = ExceptionReport.only(j, "java.lang.IllegalStateException", "static initializer failed");
        Block eiie = ExceptionReport.only(j, "java.lang.ExceptionInInitializerError", null);
        assertEquals(List.of("thrown at", "unwound", "unwound", "wrapped into"), initializer.whats());
        assertEquals("exceptions.Construction$BrokenStatic.<clinit>()", initializer.steps().get(2).rest());
        assertEquals(initializer.number(), eiie.causeNumber());
        assertEquals(List.of("raised by the JVM at", "caught at"), eiie.whats());

        Block npe = ExceptionReport.only(j, "java.lang.NullPointerException", null);
        assertEquals(List.of("raised by the JVM at", "unwound", "caught at"), npe.whats());
        assertEquals("exceptions.JvmRaised.length(String):8", npe.first().rest());
        assertTrue(npe.message().contains("\"s\" is null"), npe::toString); // helpful message, read from JDK code
        Block arithmetic = ExceptionReport.only(j, "java.lang.ArithmeticException", "/ by zero");
        assertEquals("exceptions.JvmRaised.divide(int, int):12", arithmetic.first().rest());

        Block parse = ExceptionReport.only(j, "java.lang.NumberFormatException", "For input string: \"forty-two\"");
        assertEquals(List.of("thrown in untraced code at", "caught at"), parse.whats());
        assertEquals("exceptions.Parsing.parseOrDefault(String, int):10 as java.lang.NumberFormatException | java.lang.NullPointerException",
                parse.last().rest(), "a multi-catch names every declared type");
        assertTrue(parse.first().rest().matches("java\\.lang\\.Integer\\.parseInt:\\d+, came out at "
                + "exceptions\\.Parsing\\.parseOrDefault\\(String, int\\):9"), parse::toString);

        Block doomed = ExceptionReport.only(j, "java.lang.IllegalStateException", "the worker gives up");
        assertEquals("doomed-worker", doomed.thread());
        assertEquals(List.of("thrown at", "unwound", "uncaught in"), doomed.whats());
        assertEquals("doomed-worker, handled by no handler (the JDK prints it)", doomed.last().rest());

        Block async = ExceptionReport.only(j, "java.lang.UnsupportedOperationException", "async failure");
        Block completion = ExceptionReport.only(j, "java.util.concurrent.CompletionException",
                "java.lang.UnsupportedOperationException: async failure");
        assertFalse(async.thread().equals("main"), async::toString);
        assertEquals("main", completion.thread());
        assertEquals(async.number(), completion.causeNumber(), "the future's failure links across threads");
        assertEquals("wrapped into", async.last().what());
        assertEquals(List.of("thrown in untraced code at", "caught at"), completion.whats());

        assertEquals(17, j.size(), () -> String.join("\n", j.values().stream().map(Object::toString).toList()));
        assertEquals(List.copyOf(j.keySet()), java.util.stream.IntStream.rangeClosed(1, 17).boxed().toList(), "numbered in order");
    }

    /** The report round-trips against the recording itself: one journey per exception that started in it. */
    @ParameterizedTest
    @MethodSource("jdks")
    void reportAgreesWithTheRecordedEvents(Jdk jdk) throws Exception {
        Path rec = traceJourneys(jdk);
        Recording r = Recording.read(rec);
        List<ExceptionThrown> starts = r.all().stream().filter(e -> e instanceof ExceptionThrown t && t.kind() != ThrowKind.RETHROWN)
                .map(e -> (ExceptionThrown) e).toList();
        Map<Integer, Block> j = journeys(rec);
        assertEquals(starts.size(), j.size());
        for (ExceptionThrown t : starts) {
            String site = t.site().displayName();
            assertTrue(j.values().stream().anyMatch(b -> b.type().equals(t.exception().type()) && b.first().rest().startsWith(site)),
                    () -> "no journey for " + t);
        }
        long catches = r.all().stream().filter(e -> e instanceof ExceptionCaught).count();
        long caughtSteps = j.values().stream().flatMap(b -> b.steps().stream()).filter(s -> s.what().equals("caught at")).count();
        assertEquals(catches, caughtSteps);
        long finallies = r.all().stream().filter(e -> e instanceof FinallyEntered).count();
        long finallySteps = j.values().stream().flatMap(b -> b.steps().stream())
                .filter(s -> s.what().equals("finally at") || s.what().equals("close resource at")).count();
        assertEquals(finallies, finallySteps);
        assertEquals(1, r.all().stream().filter(e -> e instanceof ExceptionUncaught).count());
        // every exceptional exit carries the identity of an exception the thread knows
        for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) {
            java.util.Set<Long> known = new java.util.HashSet<>();
            for (TraceEvent e : t.getValue()) {
                if (e instanceof ExceptionEvent x) known.add(x.exception().identity());
                if (e instanceof MethodExit m && m.kind() == ExitKind.EXCEPTION) {
                    assertTrue(known.contains(m.exception().identity()), () -> t.getKey().label() + ": unknown exception at " + m);
                }
                if (e instanceof MethodCall m && m.kind() == ExitKind.EXCEPTION) {
                    assertTrue(known.contains(m.exception().identity()), () -> t.getKey().label() + ": unknown exception at " + m);
                }
            }
            RunAndPrintTest.assertBalanced(t.getKey(), t.getValue());
        }
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void summaryCountsMatchTheJourneys(Jdk jdk) throws Exception {
        Path rec = dir.resolve("storm.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "workloads.ExceptionStorm", "30000");
        assertEquals(0, run.exit(), run::toString);
        assertEquals(Jtrace.plain(dir, jdk, "workloads.ExceptionStorm", "30000").out(), run.out());
        Jtrace.Result summary = Jtrace.jtrace(dir, "exceptions", "--summary", rec.toString());
        assertEquals(0, summary.exit(), summary::toString);
        String out = summary.out();
        assertTrue(out.startsWith("30,000 exceptions in 1 thread\n"), out);
        assertTrue(out.contains("\n        30,000  workloads.ExceptionStorm$Failure\n"), out);
        assertTrue(out.contains("\n   ExceptionStorm$Failure at ExceptionStorm.level3:41 \u2014 30,000 times, caught in ExceptionStorm.main:24\n"), out);
        assertTrue(out.contains("\n   ExceptionStorm.main:24 \u2014 30,000 times: ExceptionStorm$Failure (30,000)\n"), out);
        // the full report has as many journeys, each unwinding three frames
        Map<Integer, Block> j = journeys(rec);
        assertEquals(30_000, j.size());
        assertTrue(j.values().stream().allMatch(b -> b.whats().equals(List.of("thrown at", "unwound", "unwound", "unwound", "caught at"))));
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void filters(Jdk jdk) throws Exception {
        Path rec = traceJourneys(jdk);
        Map<Integer, Block> all = journeys(rec);
        // --type matches subclasses: NumberFormatException is an IllegalArgumentException
        Map<Integer, Block> iae = journeys(rec, "--type", "IllegalArgumentException");
        assertEquals(java.util.Set.of("java.lang.IllegalArgumentException", "java.lang.NumberFormatException"),
                iae.values().stream().map(Block::type).collect(java.util.stream.Collectors.toSet()));
        assertEquals(3, iae.size());
        assertEquals(all.get(iae.keySet().iterator().next()), iae.values().iterator().next(), "numbers stay those of the whole report");
        Map<Integer, Block> uncaught = journeys(rec, "--uncaught");
        assertEquals(1, uncaught.size());
        assertEquals("doomed-worker", uncaught.values().iterator().next().thread());
        assertEquals(uncaught, journeys(rec, "--thread", "doomed-*"));
        Map<Integer, Block> caughtInWrapping = journeys(rec, "--caught-in", "exceptions.Wrapping");
        assertEquals(java.util.Set.of("rethrow me", "wrap me"),
                caughtInWrapping.values().stream().map(Block::message).collect(java.util.stream.Collectors.toSet()));
        // --from/--to take the times print shows
        Jtrace.Result timed = Jtrace.jtrace(dir, "exceptions", rec.toString());
        Matcher first = Pattern.compile("\n   (\\d+\\.\\d{6})  (?:thrown|raised)").matcher(timed.out());
        assertTrue(first.find(), timed::toString);
        String t1 = first.group(1);
        assertEquals(all.size(), journeys(rec, "--from", t1).size());
        assertEquals(1, journeys(rec, "--to", (Double.parseDouble(t1) * 1e6 + 1) + "us").size());
        assertEquals(all.size() - 1, journeys(rec, "--from", (Double.parseDouble(t1) * 1000 + 0.001) + "ms").size());
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void printShowsExceptionsInline(Jdk jdk) throws Exception {
        Path rec = traceJourneys(jdk);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--no-times", "--thread", "main", rec.toString());
        assertEquals(0, print.exit(), print::toString);
        List<String> lines = print.outLines();
        int throwAt = indexOf(lines, "* throw java.lang.IllegalArgumentException: three frames down at Unwinding.level3:27");
        assertTrue(lines.get(throwAt - 1).endsWith("> exceptions.Unwinding.level3()"), print::toString);
        assertTrue(lines.get(throwAt + 1).endsWith("* finally at Unwinding.level3:29 while java.lang.IllegalArgumentException unwinds"));
        assertTrue(lines.get(throwAt + 2).endsWith("! exceptions.Unwinding.level3()  threw java.lang.IllegalArgumentException"));
        // indentation: the throw is one level inside level3, the finally too, the exit at level3's level
        assertEquals(indent(lines.get(throwAt - 1)) + 2, indent(lines.get(throwAt)));
        assertEquals(indent(lines.get(throwAt - 1)), indent(lines.get(throwAt + 2)));
        indexOf(lines, "* raised by the JVM java.lang.ArithmeticException: / by zero at JvmRaised.divide:12");
        indexOf(lines, "* suppress java.io.UncheckedIOException into java.lang.IllegalStateException at Resources.useFailingResource:18");
        indexOf(lines, "* catch java.lang.NumberFormatException at Parsing.parseOrDefault:10"
                + " as java.lang.NumberFormatException | java.lang.NullPointerException");
        Jtrace.Result worker = Jtrace.jtrace(dir, "print", "--no-times", "--thread", "doomed-worker", rec.toString());
        assertEquals("doomed-worker  * uncaught java.lang.IllegalStateException in thread doomed-worker, handled by no handler (the JDK prints it)",
                worker.outLines().get(worker.outLines().size() - 1));
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void mainThreadDyingKeepsExitCodeAndMessage(Jdk jdk) throws Exception {
        Path rec = dir.resolve("dies.jfr");
        assertEquals(1, Jtrace.tracedAsPlain(dir, jdk, rec, "exceptions.DiesInMain").exit());
        Map<Integer, Block> j = journeys(rec);
        Block b = ExceptionReport.only(j, "java.lang.IllegalStateException", "main gives up");
        assertEquals(List.of("thrown at", "unwound", "unwound", "unwound", "uncaught in"), b.whats());
        assertEquals("main, handled by no handler (the JDK prints it)", b.last().rest());
    }

    /**
     * Threads dying with every kind of handler (none, their own, their group's, a pool's, a virtual
     * thread's, the default one) are each reported uncaught, naming the handler; the program's
     * output, including what it sees of the default handler, is the same as untraced. Golden per
     * JDK (the JDK's own line numbers differ).
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void uncaughtWithEveryHandlerInGolden(Jdk jdk) throws Exception {
        Path rec = dir.resolve("handlers.jfr");
        Jtrace.Result traced = Jtrace.tracedAsPlain(dir, jdk, rec, "exceptions.Handlers");
        assertEquals(0, traced.exit(), traced::toString);
        assertTrue(traced.out().startsWith("default handler at start: null\n"), traced::out);
        Jtrace.Result report = Jtrace.jtrace(dir, "exceptions", "--no-times", rec.toString());
        assertEquals(0, report.exit(), report::toString);
        Golden.assertMatches("exceptions-handlers-jdk" + jdk.major() + ".txt", report.out());
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void noExceptionsLeavesOnlyExits(Jdk jdk) throws Exception {
        Path rec = dir.resolve("off.jfr");
        Jtrace.Result plain = Jtrace.plain(dir, jdk, "exceptions.Journeys");
        Jtrace.Result traced = Jtrace.trace(dir, jdk, rec, List.of("--no-exceptions"), "exceptions.Journeys");
        assertEquals(plain.out(), traced.out());
        assertEquals(plain.err().strip(), Jtrace.targetStderr(traced.err()).strip());
        Recording r = Recording.read(rec);
        assertTrue(r.all().stream().noneMatch(e -> e instanceof ExceptionEvent), "no exception events");
        assertTrue(r.all().stream().anyMatch(e -> e instanceof MethodExit m && m.kind() == ExitKind.EXCEPTION));
        for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) RunAndPrintTest.assertBalanced(t.getKey(), t.getValue());
        Jtrace.Result report = Jtrace.jtrace(dir, "exceptions", rec.toString());
        assertEquals(0, report.exit());
        assertTrue(report.err().contains("recorded with --no-exceptions"), report::toString);
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void badInput(Jdk jdk) throws Exception {
        Path rec = dir.resolve("storm.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "workloads.ExceptionStorm", "10").exit());
        String[][] cases = {
            {"--type", "a/b", "jtrace exceptions: --type: bad pattern 'a/b'"},
            {"--caught-in", "", "jtrace exceptions: --caught-in: empty pattern"},
            {"--from", "soon", "jtrace exceptions: --from takes a time like 1.5 (seconds), 250ms, 300us or 2min, not 'soon'"},
            {"--from", "2", "--to", "1", "jtrace exceptions: --from 2 is after --to 1"},
            {"--thread", "nobody", "jtrace exceptions: no thread matches nobody; threads in storm.jfr: main"},
        };
        for (String[] c : cases) {
            String[] args = new String[c.length + 1];
            args[0] = "exceptions";
            System.arraycopy(c, 0, args, 1, c.length - 1);
            args[args.length - 1] = rec.toString();
            Jtrace.Result r = Jtrace.jtrace(dir, args);
            assertEquals(2, r.exit(), r::toString);
            assertTrue(r.err().startsWith(c[c.length - 1]), r::toString);
            assertFalse(r.err().contains("\tat "), r::toString);
        }
        // every time option takes the same forms (one parser): minutes too
        Jtrace.Result minutes = Jtrace.jtrace(dir, "exceptions", "--from", "0ms", "--to", "2min", rec.toString());
        assertEquals(0, minutes.exit(), minutes::toString);
        Jtrace.Result missing = Jtrace.jtrace(dir, "exceptions", dir.resolve("nothing.jfr").toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().startsWith("jtrace exceptions: no such file"), missing::toString);
        Path text = dir.resolve("text.jfr");
        java.nio.file.Files.writeString(text, "not a recording");
        Jtrace.Result notJfr = Jtrace.jtrace(dir, "exceptions", text.toString());
        assertEquals(2, notJfr.exit());
        assertTrue(notJfr.err().contains("is not a JFR recording"), notJfr::toString);
        // a truncated recording: what can be read is reported, then exit 2
        byte[] bytes = java.nio.file.Files.readAllBytes(rec);
        Path cut = dir.resolve("cut.jfr");
        java.nio.file.Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length * 2 / 3));
        Jtrace.Result truncated = Jtrace.jtrace(dir, "exceptions", cut.toString());
        assertEquals(2, truncated.exit(), truncated::toString);
        assertTrue(truncated.err().contains("truncated or damaged") || truncated.err().contains("has no jtrace events"), truncated::toString);
    }

    private static int indexOf(List<String> lines, String suffix) {
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).endsWith(suffix)) return i;
        throw new AssertionError("no line ending with: " + suffix + "\n" + String.join("\n", lines));
    }

    private static int indent(String line) {
        String body = line.substring(line.indexOf("  ") + 2);
        int n = 0;
        while (n < body.length() && body.charAt(n) == ' ') n++;
        return n;
    }
}
