package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtrace.model.Descriptors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jtrace export --format jfr}: the expanded recording read with the JDK's RecordingFile gives,
 * thread by thread and in order, the same calls (method, thread, start, duration, outcome, stack),
 * exceptions, variable accesses and lines as {@code jtrace export --format json} of the original;
 * the JDK's {@code jfr print} and {@code jfr summary} of every JDK found read it cleanly.
 */
class ExpandedRecordingTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The JSON Lines kinds and the JFR event types they become. */
    private static final Map<String, String> TYPES = Map.of("call", "jtrace.MethodCall", "exit", "jtrace.MethodCall",
            "exception-thrown", "jtrace.ExceptionThrown", "exception-caught", "jtrace.ExceptionCaught",
            "finally-entered", "jtrace.FinallyEntered", "exception-suppressed", "jtrace.ExceptionSuppressed",
            "exception-uncaught", "jtrace.ExceptionUncaught", "variable-access", "jtrace.VariableAccess",
            "line-executed", "jtrace.Line", "lost", "jtrace.RecordsLost");
    private static final int MAX_FRAMES = 64;

    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void bankWithVariablesAndLines(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--vars", "bank.**", "--lines", "bank.**"), "bank.Main", "3", "20");
        assertEquals(0, run.exit(), run::toString);
        Map<String, Integer> counts = roundTrip(rec);
        for (String type : List.of("jtrace.MethodCall", "jtrace.ExceptionThrown", "jtrace.ExceptionCaught", "jtrace.FinallyEntered",
                "jtrace.ExceptionUnwound", "jtrace.VariableAccess", "jtrace.Line")) {
            assertTrue(counts.getOrDefault(type, 0) > 0, () -> type + " missing: " + counts);
        }
    }

    /** {@code filter --expand}: the selection as typed events; a kind left out still gives the others their stacks. */
    @ParameterizedTest
    @MethodSource("jdks")
    void filterExpandsASelection(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "2", "10");
        assertEquals(0, run.exit(), run::toString);
        Jtrace.Result toTerminal = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "jfr");
        assertEquals(2, toTerminal.exit(), toTerminal::toString);
        assertEquals("jtrace export: --format jfr writes a binary recording; give its file with -o OUT.jfr", toTerminal.err().strip());
        assertEquals("", toTerminal.out());
        Path all = dir.resolve("all.jfr");
        Path exceptions = dir.resolve("exceptions.jfr");
        Path account = dir.resolve("account.jfr");
        assertEquals(0, Jtrace.jtrace(dir, "export", rec.toString(), "--format", "jfr", "-o", all.toString()).exit());
        Jtrace.Result f = Jtrace.jtrace(dir, "filter", rec.toString(), "-o", exceptions.toString(), "--expand", "--kinds", "exceptions");
        assertEquals(0, f.exit(), f::toString);
        assertTrue(f.err().contains("jtrace: expanded 0 calls, "), f::toString);
        List<String> expected = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(all)) {
            if (e.getEventType().getName().startsWith("jtrace.Exception") || e.getEventType().getName().equals("jtrace.FinallyEntered")) {
                expected.add(e.toString());
            }
        }
        List<String> got = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(exceptions)) {
            // the JDK's exception events derived from the trace are JmcReadsExportTest's
            if (e.getEventType().getName().startsWith("jtrace.") && !e.getEventType().getName().equals("jtrace.Recording")) got.add(e.toString());
        }
        assertTrue(!expected.isEmpty());
        assertEquals(expected, got);

        Jtrace.Result g = Jtrace.jtrace(dir, "filter", rec.toString(), "-o", account.toString(), "--expand", "--include", "bank.Account.*");
        assertEquals(0, g.exit(), g::toString);
        int calls = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(account)) {
            if (!e.getEventType().getName().equals("jtrace.MethodCall")) continue;
            calls++;
            assertEquals("bank.Account", e.<RecordedMethod>getValue("method").getType().getName(), e::toString);
            assertEquals(1, e.getStackTrace().getFrames().size(), e::toString); // the kept frames only
        }
        assertTrue(calls > 0);
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void exceptionJourneys(Jdk jdk) throws Exception {
        Path rec = dir.resolve("journeys.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "exceptions.Journeys");
        assertEquals(0, run.exit(), run::toString);
        Map<String, Integer> counts = roundTrip(rec);
        for (String type : List.of("jtrace.ExceptionSuppressed", "jtrace.ExceptionUncaught")) {
            assertTrue(counts.getOrDefault(type, 0) > 0, () -> type + " missing: " + counts);
        }
    }

    /** Exports {@code rec} both ways, compares them, runs the JDK tools on the JFR one; returns the count per event type. */
    private Map<String, Integer> roundTrip(Path rec) throws Exception {
        Path json = dir.resolve("out.json");
        Path jfr = dir.resolve("out.jfr");
        Jtrace.Result j = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "json", "-o", json.toString());
        assertEquals(0, j.exit(), j::toString);
        Jtrace.Result x = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "jfr", "-o", jfr.toString());
        assertEquals(0, x.exit(), x::toString);

        List<RecordedEvent> events = RecordingFile.readAllEvents(jfr);
        long origin = events.stream().filter(e -> e.getEventType().getName().equals("jtrace.Recording"))
                .findFirst().orElseThrow().getLong("clockOrigin");
        Map<Long, List<RecordedEvent>> actual = new LinkedHashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        for (RecordedEvent e : events) {
            counts.merge(e.getEventType().getName(), 1, Integer::sum);
            if (e.getEventType().getName().startsWith("jtrace.") && !e.getEventType().getName().equals("jtrace.Recording")) {
                actual.computeIfAbsent(e.getThread().getJavaThreadId(), k -> new ArrayList<>()).add(e);
            }
        }
        Map<Long, List<Expected>> expected = expected(Files.readAllLines(json));
        assertEquals(expected.keySet(), actual.keySet());
        for (Map.Entry<Long, List<Expected>> t : expected.entrySet()) {
            Iterator<RecordedEvent> a = actual.get(t.getKey()).iterator();
            int i = 0;
            for (Expected want : t.getValue()) {
                assertTrue(a.hasNext(), "thread " + t.getKey() + " ends before event " + i + ": " + want.line);
                compare(want, a.next(), origin, "thread " + t.getKey() + " event " + i);
                i++;
            }
            assertTrue(!a.hasNext(), "thread " + t.getKey() + " has more events than the JSON export");
        }
        assertJdkToolsReadIt(jfr, counts.get("jtrace.MethodCall"));
        return counts;
    }

    /** One event the JFR recording must have: the JSON line it comes from, its type, time, duration and stack. */
    record Expected(JsonNode line, String type, long nanos, long duration, List<String> frames, boolean truncated) {}

    /** Each thread's expected JFR events, in order, from the JSON Lines export (interleaved by time, each thread in order). */
    static Map<Long, List<Expected>> expected(List<String> lines) throws Exception {
        Map<Long, List<Expected>> byThread = new LinkedHashMap<>();
        Map<Long, List<String>> stacks = new HashMap<>(); // open frames by level; null: unknown (lost)
        for (String text : lines) {
            JsonNode l = JSON.readTree(text);
            long tid = l.get("threadId").asLong();
            List<Expected> out = byThread.computeIfAbsent(tid, k -> new ArrayList<>());
            List<String> stack = stacks.computeIfAbsent(tid, k -> new ArrayList<>());
            String kind = l.get("kind").asText();
            int depth = l.get("depth").asInt();
            align(stack, depth);
            long nanos = l.get("nanos").asLong();
            if (kind.equals("enter")) {
                stack.add(l.get("method").asText());
            } else if (kind.equals("call") || kind.equals("exit")) {
                long duration = l.get("durationNanos").asLong(); // untimed (null): none, at the time of its exit
                long start = kind.equals("exit") ? nanos - duration : nanos;
                List<String> frames = new ArrayList<>(stack);
                frames.add(l.get("method").asText());
                out.add(new Expected(l, "jtrace.MethodCall", start, duration, frames, false));
                if (l.get("outcome").asText().equals("exception")) {
                    out.add(new Expected(l, "jtrace.ExceptionUnwound", start + duration, -1, frames, false));
                }
            } else {
                out.add(new Expected(l, TYPES.get(kind), nanos, -1, new ArrayList<>(stack), false));
            }
        }
        return byThread;
    }

    private static void align(List<String> stack, int depth) {
        while (stack.size() > depth) stack.remove(stack.size() - 1);
        while (stack.size() < depth) stack.add(null);
    }

    private static void compare(Expected want, RecordedEvent got, long origin, String where) {
        String context = where + ": " + want.line + " vs " + got;
        assertEquals(want.type, got.getEventType().getName(), context);
        Instant start = got.getStartTime();
        assertEquals(want.nanos, start.getEpochSecond() * 1_000_000_000L + start.getNano() - origin, context);
        assertFrames(want.frames, got, context);
        JsonNode l = want.line;
        if (want.type.equals("jtrace.MethodCall")) {
            assertEquals(want.duration, got.getDuration().toNanos(), context);
            assertEquals(l.get("method").asText(), display(got.getValue("method")), context);
            assertEquals(l.get("class").asText() + "." + l.get("name").asText() + l.get("descriptor").asText(),
                    got.<RecordedMethod>getValue("method").getType().getName() + "." + got.<RecordedMethod>getValue("method").getName()
                            + got.<RecordedMethod>getValue("method").getDescriptor(), context);
            assertEquals(l.get("outcome").asText(), got.getString("outcome"), context);
            assertEquals(!l.get("durationNanos").isNull(), got.getBoolean("timed"), context);
            if (l.get("durationNanos").isNull()) assertEquals(0, got.getLong("selfTime"), context);
            else assertTrue(got.getLong("selfTime") >= 0 && got.getLong("selfTime") <= l.get("durationNanos").asLong(), context);
            if (!l.get("durationNanos").isNull()) assertEquals(0, got.getLong("estimatedDuration"), context);
            assertEquals(l.get("thread").asText(), got.getThread().getJavaName(), context);
        }
        if (want.type.equals("jtrace.MethodCall") || want.type.equals("jtrace.ExceptionUnwound")) {
            if (l.has("exception")) {
                assertEquals(l.get("exception").isNull() ? null : l.get("exception").asText(), got.getString("exception"), context);
                assertEquals(l.get("exceptionId").asLong(), got.getLong("exceptionId"), context);
            }
            if (want.type.equals("jtrace.ExceptionUnwound")) assertEquals(l.get("method").asText(), display(got.getValue("method")), context);
            return;
        }
        for (Map.Entry<String, JsonNode> field : l.properties()) {
            if (List.of("kind", "thread", "threadId", "virtual", "nanos", "depth").contains(field.getKey())) continue;
            JsonNode v = field.getValue();
            Object value = got.getValue(field.getKey());
            String text = value instanceof RecordedMethod m ? display(m) : String.valueOf(value);
            assertEquals(v.isNull() ? "null" : v.asText(), text, context + " field " + field.getKey());
        }
    }

    /** The stack trace: the traced frames innermost first, at most 64, truncated where frames are unknown or deeper. */
    private static void assertFrames(List<String> outermostFirst, RecordedEvent got, String context) {
        List<String> want = new ArrayList<>();
        boolean truncated = false;
        for (int i = outermostFirst.size() - 1; i >= 0; i--) {
            String m = outermostFirst.get(i);
            if (m == null || want.size() == MAX_FRAMES) {
                truncated = true;
                break;
            }
            want.add(m);
        }
        if (got.getStackTrace() == null) {
            assertTrue(want.isEmpty(), context + ": no stack trace, expected " + want);
            return;
        }
        List<String> frames = new ArrayList<>();
        for (RecordedFrame f : got.getStackTrace().getFrames()) frames.add(display(f.getMethod()));
        assertEquals(want, frames, context);
        assertEquals(truncated, got.getStackTrace().isTruncated(), context);
    }

    /** {@code pkg.Class.method(Params)}, as the JSON export names a method. */
    private static String display(RecordedMethod m) {
        return m.getType().getName() + "." + m.getName() + "(" + Descriptors.simpleParameters(m.getDescriptor()) + ")";
    }

    /** {@code jfr summary} and {@code jfr print} of every JDK found: exit 0, nothing on stderr, the calls counted. */
    private void assertJdkToolsReadIt(Path jfr, int calls) {
        for (Jdk tool : Jdk.all()) {
            Jtrace.Result summary = Jtrace.exec(dir, List.of(tool.jfrTool().toString(), "summary", jfr.toString()), Map.of());
            assertEquals(0, summary.exit(), () -> tool + ": " + summary);
            assertEquals("", summary.err().strip(), () -> tool + ": " + summary);
            assertTrue(summary.out().matches("(?s).*jtrace\\.MethodCall\\s+" + calls + "\\s.*"), () -> tool + ": " + summary);
            Jtrace.Result print = Jtrace.exec(dir, List.of(tool.jfrTool().toString(), "print", jfr.toString()), Map.of());
            assertEquals(0, print.exit(), () -> tool + ": " + print.err());
            assertEquals("", print.err().strip(), () -> tool + ": " + print.err());
            assertTrue(print.out().contains("jtrace.MethodCall {"), () -> tool + " printed no call");
        }
    }
}
