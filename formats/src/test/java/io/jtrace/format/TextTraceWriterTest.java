package io.jtrace.format;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Renders a trace, parses the text back and compares it with the events it came from. */
class TextTraceWriterTest {
    private static final ThreadInfo MAIN = new ThreadInfo(1, "main", false, 0);
    private static final ThreadInfo WORKER = new ThreadInfo(31, "a-very-long-worker-thread-name-indeed", false, 1);
    private static final ThreadInfo VIRTUAL = new ThreadInfo(77, "", true, 2);
    private static final MethodInfo TRANSFER = new MethodInfo(1, "bank.Bank", "transfer", "(Lbank/Account;Lbank/Account;J)V", "Bank.java", 23, 1);
    private static final MethodInfo WITHDRAW = new MethodInfo(2, "bank.Account", "withdraw", "(J)V", "Account.java", 18, 0);
    private static final MethodInfo INIT = new MethodInfo(3, "sampler.Validated", "<init>", "(I)V", "Validated.java", 6, 1);
    private static final MethodInfo ARRAYS = new MethodInfo(4, "a.B", "m", "([[Ljava/lang/String;Ljava/util/Map$Entry;[I)[J", null, 0, 8);

    static List<TraceEvent> sample() {
        ExceptionRef refused = new ExceptionRef("bank.InsufficientFundsException", 0x1234);
        return List.of(
            new MethodEnter(MAIN, 120_000, 0, TRANSFER),
            new MethodCall(MAIN, 131_000, 1, WITHDRAW, 812, ExitKind.RETURN, null),
            new MethodCall(WORKER, 135_500, 0, ARRAYS, 3_210, ExitKind.RETURN, null),
            new MethodCall(MAIN, 140_000, 1, WITHDRAW, 1_900_000, ExitKind.EXCEPTION, refused),
            new MethodExit(MAIN, 2_152_000, 0, TRANSFER, 32_000_000, ExitKind.EXCEPTION, refused),
            new MethodEnter(VIRTUAL, 3_000_000_000L, 0, INIT),
            new MethodCall(VIRTUAL, 3_000_001_000L, 1, WITHDRAW, 14_200_000, ExitKind.EXCEPTION, ExceptionRef.UNKNOWN),
            new RecordsLost(VIRTUAL, 3_100_000_000L, 1, 2),
            new MethodExit(VIRTUAL, 12_345_678_901L, 0, INIT, 1_500_000_000L, ExitKind.UNFINISHED, null));
    }

    private static final Pattern LINE = Pattern.compile(
            " *(\\d+\\.\\d{6})  (.{24}|\\S+ *)  ( *)([<>=!?~]) (\\S+?\\(.*?\\)|\\d+ batch.*)(?:  ([\\d.]+ (?:ns|us|ms|s)))?"
            + "(?:  threw (.+)|  \\(still running when the recording ended\\))?");

    @Test
    void interleavedLinesParseBackToTheEvents() throws IOException {
        List<TraceEvent> events = sample();
        String text = render(events, new TextTraceWriter.Options(true, true, false, new Ansi(false)));
        List<String> lines = text.lines().toList();
        assertEquals(events.size(), lines.size(), text);
        int threadWidth = 24; // the longest label, capped
        for (int i = 0; i < events.size(); i++) {
            TraceEvent e = events.get(i);
            String line = lines.get(i);
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), "unparsable line: " + line);
            assertEquals(e.nanos() / 1000, Math.round(Double.parseDouble(m.group(1)) * 1e6), line);
            String label = e.thread().label();
            String shownLabel = label.length() > threadWidth ? label.substring(0, threadWidth - 1) + "~" : label;
            assertEquals(shownLabel, m.group(2).strip(), line);
            assertEquals(e.depth(), m.group(3).length() / 2, line);
            assertEquals(marker(e), m.group(4), line);
            if (e instanceof RecordsLost l) {
                assertTrue(m.group(5).startsWith(l.batches() + " batch(es)"), line);
                continue;
            }
            assertEquals(method(e).displayName(), m.group(5), line);
            long duration = e instanceof MethodExit x ? x.durationNanos() : e instanceof MethodCall c ? c.durationNanos() : -1;
            if (duration < 0) {
                assertEquals(null, m.group(6), line);
            } else {
                assertEquals(duration, parseDuration(m.group(6)), duration * 0.005 + 0.5, line);
            }
            ExceptionRef ex = e instanceof MethodExit x ? x.exception() : e instanceof MethodCall c ? c.exception() : null;
            if (ex != null) assertEquals(ex.type() == null ? "(unknown exception)" : ex.type(), m.group(7), line);
            else assertEquals(null, m.group(7), line);
        }
        assertTrue(lines.get(0).contains("> bank.Bank.transfer(Account, Account, long)"), lines.get(0));
        assertTrue(lines.get(2).contains("= a.B.m(String[][], Entry, int[])"), lines.get(2));
        assertTrue(lines.get(5).contains("virtual-77"), lines.get(5));
    }

    @Test
    void deepNestingStopsIndentingAndSaysItsLevel() throws IOException {
        List<TraceEvent> events = List.of(
                new MethodEnter(MAIN, 1_000, Indentation.MAX_LEVELS, TRANSFER),
                new MethodCall(MAIN, 2_000, 12_345, WITHDRAW, 10, ExitKind.RETURN, null));
        TextTraceWriter.Options noTimes = new TextTraceWriter.Options(false, false, false, new Ansi(false));
        for (String text : List.of(render(events, noTimes), renderBytes(events, noTimes))) {
            List<String> lines = text.lines().toList();
            String indent = " ".repeat(2 * Indentation.MAX_LEVELS);
            assertEquals(indent + "> bank.Bank.transfer(Account, Account, long)", lines.get(0));
            assertEquals(indent + "[12345] = bank.Account.withdraw(long)", lines.get(1));
        }
    }

    private static String renderBytes(List<TraceEvent> events, TextTraceWriter.Options options) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        TextTraceWriter w = new TextTraceWriter(bytes, java.nio.charset.StandardCharsets.UTF_8, options);
        w.begin(new io.jtrace.model.RecordingInfo("test.jfr", 0, List.of(MAIN), events.size()));
        for (TraceEvent e : events) w.event(e);
        w.end();
        return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void sectionsPerThreadWithoutTimes() throws IOException {
        List<TraceEvent> events = new ArrayList<>(sample());
        events.sort(java.util.Comparator.comparingInt((TraceEvent e) -> e.thread().ordinal()));
        String text = render(events, new TextTraceWriter.Options(false, false, true, new Ansi(false)));
        List<String> lines = text.lines().toList();
        assertEquals("== thread main (id 1) ==", lines.get(0));
        assertEquals("> bank.Bank.transfer(Account, Account, long)", lines.get(1));
        assertEquals("  = bank.Account.withdraw(long)", lines.get(2));
        assertEquals("  ! bank.Account.withdraw(long)  threw bank.InsufficientFundsException", lines.get(3));
        assertEquals("! bank.Bank.transfer(Account, Account, long)  threw bank.InsufficientFundsException", lines.get(4));
        assertEquals("", lines.get(5));
        assertEquals("== thread a-very-long-worker-thread-name-indeed (id 31) ==", lines.get(6));
        assertTrue(text.contains("== thread virtual-77 (id 77, virtual) =="), text);
        assertTrue(text.contains("? sampler.Validated.<init>(int)  (still running when the recording ended)"), text);
        assertTrue(text.lines().noneMatch(l -> l.matches(".*\\d+\\.\\d{6}.*")), "no timestamps: " + text);
    }

    /** Calls recorded with --args: arguments in place of the parameter types, the return value after the call. */
    @Test
    void callsShowTheirValuesOnTheirLines() throws IOException {
        io.jtrace.model.CallValues args = new io.jtrace.model.CallValues(List.of(
                new io.jtrace.model.Argument("from", "Lbank/Account;", new io.jtrace.model.Value(io.jtrace.model.Value.Kind.OBJECT, 0, null, 0, "bank.Account", 0x1b6d)),
                new io.jtrace.model.Argument("to", "Lbank/Account;", io.jtrace.model.Value.NULL),
                new io.jtrace.model.Argument("amount", "J", io.jtrace.model.Value.ofLong(250))), null);
        io.jtrace.model.CallValues returned = args.returning(new io.jtrace.model.Argument("return", "Z", io.jtrace.model.Value.ofLong(1)));
        io.jtrace.model.CallValues fib = new io.jtrace.model.CallValues(List.of(
                new io.jtrace.model.Argument("n", "I", io.jtrace.model.Value.ofLong(10))), new io.jtrace.model.Argument("return", "J", io.jtrace.model.Value.ofLong(55)));
        List<TraceEvent> events = List.of(
                new MethodEnter(MAIN, 120_000, 0, TRANSFER, args),
                new MethodCall(MAIN, 131_000, 1, WITHDRAW, 1_700, ExitKind.RETURN, null, fib),
                new MethodCall(MAIN, 140_000, 1, WITHDRAW, 1_900, ExitKind.EXCEPTION, new ExceptionRef("x.Refused", 1), fib.returning(null)),
                new MethodExit(MAIN, 2_152_000, 0, TRANSFER, 15_900, ExitKind.RETURN, null, returned));
        TextTraceWriter.Options plain = new TextTraceWriter.Options(false, false, false, new Ansi(false));
        assertEquals("""
                > bank.Bank.transfer(from=bank.Account@1b6d, to=null, amount=250)
                  = bank.Account.withdraw(n=10) = 55
                  ! bank.Account.withdraw(n=10)  threw x.Refused
                < bank.Bank.transfer(...) = true
                """, render(events, plain));
        TextTraceWriter.Options noArgs = new TextTraceWriter.Options(true, true, false, new Ansi(false), false);
        List<String> lines = render(events, noArgs).lines().toList();
        assertTrue(lines.get(0).endsWith("main" + " ".repeat(22) + "> bank.Bank.transfer(Account, Account, long)"), lines.get(0));
        assertTrue(lines.get(3).endsWith("  < bank.Bank.transfer(Account, Account, long)  15.9 us"), lines.get(3));
        TextTraceWriter.Options withTimes = new TextTraceWriter.Options(true, true, false, new Ansi(false));
        String leaf = render(events, withTimes).lines().toList().get(1);
        assertTrue(leaf.startsWith("   0.000131  main") && leaf.endsWith("    = bank.Account.withdraw(n=10) = 55  1.70 us"), leaf);
        String coloured = render(events, new TextTraceWriter.Options(true, true, false, new Ansi(true)));
        assertEquals(render(events, withTimes), coloured.replaceAll("\u001b\\[\\d*m", ""), "the coloured path shows the same values");
    }

    @Test
    void colourOnlyAddsEscapes() throws IOException {
        TextTraceWriter.Options plain = new TextTraceWriter.Options(true, true, false, new Ansi(false));
        TextTraceWriter.Options colour = new TextTraceWriter.Options(true, true, false, new Ansi(true));
        String coloured = render(sample(), colour);
        assertTrue(coloured.contains("\u001b["), coloured);
        assertEquals(render(sample(), plain), coloured.replaceAll("\u001b\\[\\d*m", ""));
    }

    @Test
    void durationsHaveThreeSignificantDigits() {
        assertEquals("0 ns", Durations.format(0));
        assertEquals("999 ns", Durations.format(999));
        assertEquals("1.00 us", Durations.format(1_000));
        assertEquals("3.21 us", Durations.format(3_214));
        assertEquals("14.2 ms", Durations.format(14_200_000));
        assertEquals("100 ms", Durations.format(99_999_999));
        assertEquals("10.0 us", Durations.format(9_999));
        assertEquals("999 us", Durations.format(999_499));
        assertEquals("1.00 ms", Durations.format(999_700));
        assertEquals("1.00 s", Durations.format(999_999_999));
        assertEquals("1.50 s", Durations.format(1_500_000_000L));
        assertEquals("0.000000", Durations.timestamp(-5));
        assertEquals("12.345678", Durations.timestamp(12_345_678_901L));
    }

    private static String marker(TraceEvent e) {
        if (e instanceof MethodEnter) return ">";
        if (e instanceof RecordsLost) return "~";
        ExitKind k = e instanceof MethodExit x ? x.kind() : ((MethodCall) e).kind();
        return switch (k) {
            case EXCEPTION -> "!";
            case UNFINISHED -> "?";
            case RETURN, RETURN_UNTIMED -> e instanceof MethodExit ? "<" : "=";
        };
    }

    private static MethodInfo method(TraceEvent e) {
        if (e instanceof MethodEnter m) return m.method();
        if (e instanceof MethodExit m) return m.method();
        return ((MethodCall) e).method();
    }

    private static double parseDuration(String s) {
        String[] parts = s.split(" ");
        double v = Double.parseDouble(parts[0]);
        return switch (parts[1].toLowerCase(Locale.ROOT)) {
            case "ns" -> v;
            case "us" -> v * 1e3;
            case "ms" -> v * 1e6;
            default -> v * 1e9;
        };
    }

    private static String render(List<TraceEvent> events, TextTraceWriter.Options options) throws IOException {
        StringWriter out = new StringWriter();
        List<ThreadInfo> threads = List.of(MAIN, WORKER, VIRTUAL);
        try (TraceWriter w = new TextTraceWriter(new PrintWriter(out), options)) {
            w.begin(new RecordingInfo("test.jfr", 0, threads, events.size()));
            for (TraceEvent e : events) w.event(e);
            w.end();
        }
        return out.toString();
    }
}
