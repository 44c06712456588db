package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jtrace export: JSON Lines, Chrome and speedscope parsed back with Jackson and compared event by
 * event with what jtrace's reader gives for the recording; on every JDK found.
 */
class ExportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private Recording bank(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "3", "25");
        assertEquals(0, run.exit(), run::toString);
        return Recording.read(rec);
    }

    private Path export(String format) throws Exception {
        Path out = dir.resolve("bank." + format);
        Jtrace.Result r = Jtrace.jtrace(dir, "export", dir.resolve("bank.jfr").toString(), "--format", format, "-o", out.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
        return out;
    }

    static MethodInfo method(TraceEvent e) {
        if (e instanceof MethodEnter m) return m.method();
        if (e instanceof MethodExit m) return m.method();
        if (e instanceof MethodCall m) return m.method();
        return null;
    }

    static long duration(TraceEvent e) {
        return e instanceof MethodExit m ? m.durationNanos() : e instanceof MethodCall c ? c.durationNanos() : -1;
    }

    static ExitKind kind(TraceEvent e) {
        return e instanceof MethodExit m ? m.kind() : e instanceof MethodCall c ? c.kind() : null;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void jsonLinesMatchTheRecordingEventByEvent(Jdk jdk) throws Exception {
        Recording r = bank(jdk);
        List<String> lines = Files.readAllLines(export("json"));
        // Interleaved by time; each thread's own events in the recording's order.
        Map<Long, List<JsonNode>> byThread = new HashMap<>();
        long lastNanos = Long.MIN_VALUE;
        for (String line : lines) {
            JsonNode j = JSON.readTree(line);
            byThread.computeIfAbsent(j.get("threadId").asLong(), k -> new ArrayList<>()).add(j);
            assertTrue(j.get("nanos").asLong() >= lastNanos, "interleaved by time");
            lastNanos = j.get("nanos").asLong();
        }
        assertEquals(r.all().size(), lines.size());
        for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) {
            List<JsonNode> got = byThread.get(t.getKey().id());
            List<TraceEvent> want = t.getValue();
            assertEquals(want.size(), got.size(), t.getKey().label());
            for (int i = 0; i < want.size(); i++) {
                TraceEvent e = want.get(i);
                JsonNode j = got.get(i);
                String where = t.getKey().label() + " #" + i + ": " + j;
                assertEquals(io.jtrace.text.EventKinds.name(e), j.get("kind").asText(), where);
                assertEquals(t.getKey().label(), j.get("thread").asText(), where);
                assertEquals(e.nanos(), j.get("nanos").asLong(), where);
                assertEquals(e.depth(), j.get("depth").asInt(), where);
                if (e instanceof io.jtrace.model.ExceptionEvent x) {
                    // exception events: the generic fields (type of the exception and where)
                    assertEquals(x.exception().type(), j.get("exception").asText(), where);
                    continue;
                }
                assertEquals(method(e).displayName(), j.get("method").asText(), where);
                assertEquals(method(e).className(), j.get("class").asText(), where);
                assertEquals(method(e).descriptor(), j.get("descriptor").asText(), where);
                if (duration(e) >= 0) {
                    assertEquals(duration(e), j.get("durationNanos").asLong(), where);
                    assertEquals(kind(e).name().toLowerCase(Locale.ROOT), j.get("outcome").asText(), where);
                    if (kind(e) == ExitKind.EXCEPTION) assertEquals("bank.InsufficientFundsException", j.get("exception").asText(), where);
                }
            }
        }
    }

    /** Every call of the recording as "tid name start duration", in the recording's thread order. */
    private static List<String> calls(Recording r) {
        List<String> calls = new ArrayList<>();
        for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) {
            for (TraceEvent e : t.getValue()) {
                long d = duration(e);
                if (d < 0) continue;
                long start = e instanceof MethodCall ? e.nanos() : e.nanos() - d;
                calls.add(t.getKey().id() + " " + method(e).displayName() + " " + start + " " + d);
            }
        }
        return calls;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void chromeTraceMatchesTheRecording(Jdk jdk) throws Exception {
        Recording r = bank(jdk);
        JsonNode root = JSON.readTree(export("chrome").toFile());
        List<String> calls = new ArrayList<>();
        Map<Long, String> names = new HashMap<>();
        long exceptions = 0;
        for (JsonNode e : root.get("traceEvents")) {
            String ph = e.get("ph").asText();
            if (ph.equals("M") && e.get("name").asText().equals("thread_name")) {
                names.put(e.get("tid").asLong(), e.get("args").get("name").asText());
            } else if (ph.equals("X")) {
                calls.add(e.get("tid").asLong() + " " + e.get("name").asText() + " "
                        + e.get("ts").decimalValue().movePointRight(3).longValueExact() + " "
                        + e.get("dur").decimalValue().movePointRight(3).longValueExact());
            } else if (ph.equals("i") && e.get("cat").asText().equals("exception")) {
                exceptions++;
            }
        }
        assertEquals(calls(r), calls);
        for (ThreadInfo t : r.threads.keySet()) assertEquals(t.label(), names.get(t.id()));
        assertEquals(r.all().stream().filter(e -> kind(e) == ExitKind.EXCEPTION).count(), exceptions);
        assertTrue(exceptions > 0, "the bank refuses some transfers");
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void speedscopeProfilesMatchTheRecording(Jdk jdk) throws Exception {
        Recording r = bank(jdk);
        JsonNode root = JSON.readTree(export("speedscope").toFile());
        JsonNode frames = root.get("shared").get("frames");
        List<String> calls = new ArrayList<>();
        Map<String, Long> profileIds = new HashMap<>();
        for (ThreadInfo t : r.threads.keySet()) profileIds.put(t.label() + " (id " + t.id() + ")", t.id());
        assertEquals(r.threads.size(), root.get("profiles").size());
        for (JsonNode p : root.get("profiles")) {
            Long tid = profileIds.get(p.get("name").asText());
            List<long[]> open = new ArrayList<>();
            for (JsonNode e : p.get("events")) {
                long at = e.get("at").asLong();
                if (e.get("type").asText().equals("O")) {
                    open.add(new long[]{e.get("frame").asInt(), at});
                } else {
                    long[] o = open.remove(open.size() - 1);
                    assertEquals(o[0], e.get("frame").asInt());
                    calls.add(tid + " " + frames.get((int) o[0]).get("name").asText() + " " + o[1] + " " + (at - o[1]));
                }
            }
            assertTrue(open.isEmpty());
        }
        // speedscope lists a call when it closes; the recording's order is by exit too for exits,
        // by enter for leaf calls: compare as sorted lists.
        assertEquals(calls(r).stream().sorted().toList(), calls.stream().sorted().toList());
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void csvAndFoldedStacksAndFlameGraph(Jdk jdk) throws Exception {
        Recording r = bank(jdk);
        List<String> csv = Files.readAllLines(export("csv"));
        assertEquals("kind,thread_id,thread,nanos,depth,class,method,descriptor,duration_nanos,outcome,exception,exception_id,details,args,return,timed,estimated_nanos",
                csv.get(0));
        assertEquals(r.all().size() + 1, csv.size());
        List<String> folded = Files.readAllLines(export("collapsed"));
        long selfSum = folded.stream().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        long traced = 0;
        for (List<TraceEvent> events : r.threads.values()) {
            for (TraceEvent e : events) if (e.depth() == 0 && duration(e) >= 0) traced += duration(e);
        }
        assertEquals(traced, selfSum, "self times of all paths add up to the traced time");
        assertTrue(folded.stream().anyMatch(l -> l.startsWith("bank.Customer.run();bank.Bank.transfer(Account,Account,long);bank.Account.withdraw(long) ")),
                () -> String.join("\n", folded));
        String html = Files.readString(export("flamegraph"));
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains("bank.Bank.transfer(Account, Account, long)"));
    }

    /**
     * The CSV export parsed (RFC 4180: quoted fields, doubled quotes) and compared row by row with
     * the calls the program is known to make, not with jtrace's reader: NestedCounter 3 2 runs
     * main, then twice step(sum, i) for i = 1..3, each calling add(sum, i), which returns sum + i.
     * Times: non-decreasing, and an exit's duration is its time less its enter's.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void csvRowsAreTheCallsTheProgramMakes(Jdk jdk) throws Exception {
        Path rec = dir.resolve("nested.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--args", "counter.**"), "counter.NestedCounter", "3", "2");
        assertEquals(0, run.exit(), run::toString);
        Path csv = dir.resolve("nested.csv");
        Jtrace.Result export = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "csv", "-o", csv.toString());
        assertEquals(0, export.exit(), export::toString);
        String text = Files.readString(csv);
        assertTrue(text.endsWith("\r\n"), "the file ends with a whole record");
        List<List<String>> rows = io.jtrace.format.Csv.parse(text);
        List<String> header = rows.get(0);
        assertEquals(List.of("kind", "thread_id", "thread", "nanos", "depth", "class", "method", "descriptor", "duration_nanos", "outcome",
                "exception", "exception_id", "details", "args", "return", "timed", "estimated_nanos"), header);

        // what the program does, written out from its source
        List<String> expected = new ArrayList<>();
        expected.add("enter main 0 main ([Ljava/lang/String;)V args=[args] ret=");
        for (int r = 0; r < 2; r++) {
            int sum = 0;
            for (int i = 1; i <= 3; i++) {
                String args = "args=[sum=" + sum + ", i=" + i + "]";
                expected.add("enter main 1 step (II)I " + args + " ret=");
                expected.add("call main 2 add (II)I " + args + " ret=" + (sum + i));
                expected.add("exit main 1 step (II)I " + args + " ret=" + (sum + i));
                sum += i;
            }
        }
        expected.add("exit main 0 main ([Ljava/lang/String;)V args=[args] ret=");

        List<String> actual = new ArrayList<>();
        long last = Long.MIN_VALUE;
        java.util.Deque<Long> enters = new java.util.ArrayDeque<>();
        for (List<String> row : rows.subList(1, rows.size())) {
            assertEquals(header.size(), row.size(), row::toString);
            Map<String, String> f = new HashMap<>();
            for (int i = 0; i < header.size(); i++) f.put(header.get(i), row.get(i));
            assertEquals("counter.NestedCounter", f.get("class"), row::toString);
            long nanos = Long.parseLong(f.get("nanos"));
            assertTrue(nanos >= last, "time goes forward: " + row);
            last = nanos;
            switch (f.get("kind")) {
                case "enter" -> {
                    enters.push(nanos);
                    assertEquals("", f.get("duration_nanos"), row::toString);
                }
                case "exit" -> {
                    assertEquals("return", f.get("outcome"), row::toString);
                    assertEquals("true", f.get("timed"), "a warm-up's calls are timed: " + row);
                    assertEquals(nanos - enters.pop(), Long.parseLong(f.get("duration_nanos")), "exit time less enter time: " + row);
                }
                case "call" -> {
                    assertEquals("return", f.get("outcome"), row::toString);
                    assertEquals("true", f.get("timed"), "a warm-up's calls are timed: " + row);
                    assertTrue(Long.parseLong(f.get("duration_nanos")) >= 0, row::toString);
                }
                default -> throw new AssertionError("kind: " + row);
            }
            List<String> args = new ArrayList<>();
            for (JsonNode a : JSON.readTree(f.get("args"))) {
                args.add(a.get("name").asText() + (a.get("valueKind").asText().equals("int") ? "=" + a.get("value").asText() : ""));
            }
            String ret = f.get("return").isEmpty() ? "" : JSON.readTree(f.get("return")).get("value").asText();
            actual.add(f.get("kind") + " " + f.get("thread") + " " + f.get("depth") + " " + f.get("method") + " " + f.get("descriptor")
                    + " args=" + args + " ret=" + ret);
        }
        assertEquals(expected, actual);
        assertTrue(enters.isEmpty());
    }
}
