package io.jtrace.format;

import io.jtrace.text.EventKinds;
import io.jtrace.text.VariableText;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtrace.analysis.Events;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each writer's output parsed back and compared with the events it was given. */
class WritersRoundTripTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Two threads (one with a name that needs quoting), nesting, an exception, an unfinished frame. */
    static List<TraceEvent> events() {
        List<TraceEvent> all = new ArrayList<>(new Events(1, "main")
                .enter("p.Main.main", 1_000).enter("p.A.a", 1_500).enter("p.B.b", 1_600).exit(2_000)
                .exit(2_500, ExitKind.EXCEPTION).enter("p.A.a", 3_000).exit(3_001).exit(10_000).list());
        Events w = new Events(2, "pool, \"worker\" <1>");
        all.addAll(w.enter("p.W.run", 500).enter("p.B.b", 700).exit(900).exit(20_000).list());
        // an unfinished frame after a gap, as the reader gives it
        all.add(new RecordsLost(w.thread, 21_000, 1, 3));
        all.add(new MethodCall(w.thread, 21_100, 1, Events.method("p.B.b"), 50, ExitKind.RETURN, null));
        all.add(new MethodExit(w.thread, 21_200, 0, MethodInfo.unknown(0), 200, ExitKind.UNFINISHED, null));
        return all;
    }

    static RecordingInfo info(List<TraceEvent> events) {
        List<ThreadInfo> threads = events.stream().map(TraceEvent::thread).distinct().toList();
        return new RecordingInfo("test.jfr", 0, threads, events.size());
    }

    static String render(TraceWriter w, StringWriter sink, List<TraceEvent> events) throws IOException {
        w.begin(info(events));
        for (TraceEvent e : events) w.event(e);
        w.end();
        return sink.toString();
    }

    /** Exit-like fields of enter/exit/call events: duration, outcome. */
    private static long duration(TraceEvent e) {
        return e instanceof MethodExit m ? m.durationNanos() : e instanceof MethodCall c ? c.durationNanos() : -1;
    }

    private static MethodInfo method(TraceEvent e) {
        if (e instanceof MethodEnter m) return m.method();
        if (e instanceof MethodExit m) return m.method();
        if (e instanceof MethodCall m) return m.method();
        return null;
    }

    private static ExitKind kind(TraceEvent e) {
        return e instanceof MethodExit m ? m.kind() : e instanceof MethodCall c ? c.kind() : null;
    }

    @Test
    void jsonLinesHoldEveryEvent() throws IOException {
        List<TraceEvent> events = events();
        StringWriter sink = new StringWriter();
        String[] lines = render(new JsonLinesTraceWriter(sink), sink, events).split("\n");
        assertEquals(events.size(), lines.length);
        for (int i = 0; i < lines.length; i++) {
            TraceEvent e = events.get(i);
            JsonNode j = JSON.readTree(lines[i]);
            assertEquals(EventKinds.name(e), j.get("kind").asText());
            assertEquals(e.thread().id(), j.get("threadId").asLong());
            assertEquals(e.thread().label(), j.get("thread").asText());
            assertEquals(e.nanos(), j.get("nanos").asLong());
            assertEquals(e.depth(), j.get("depth").asInt());
            if (method(e) != null) {
                assertEquals(method(e).displayName(), j.get("method").asText());
                assertEquals(method(e).descriptor(), j.get("descriptor").asText());
            }
            if (duration(e) >= 0) {
                assertEquals(duration(e), j.get("durationNanos").asLong());
                assertEquals(kind(e).name().toLowerCase(), j.get("outcome").asText());
                assertEquals(kind(e) == ExitKind.EXCEPTION, j.has("exception"));
            }
            if (e instanceof RecordsLost l) assertEquals(l.batches(), j.get("batches").asLong());
        }
    }

    /** One event of every kind that is not a call, with values that need escaping. */
    static List<TraceEvent> otherKinds() {
        ThreadInfo t = new ThreadInfo(1, "main", false, 0);
        MethodInfo m = new MethodInfo(7, "p.Parser", "parse", "(Ljava/lang/String;I)I", "Parser.java", 40, 0);
        io.jtrace.model.CodeSite at41 = io.jtrace.model.CodeSite.of(m, 41);
        io.jtrace.model.ExceptionRef nfe = new io.jtrace.model.ExceptionRef("java.lang.NumberFormatException", 0x1b6d3586L);
        io.jtrace.model.ExceptionRef wrap = new io.jtrace.model.ExceptionRef("p.ParseError", 0x4554617cL);
        io.jtrace.model.VariableInfo local = new io.jtrace.model.VariableInfo(1, 7, io.jtrace.model.VariableKind.LOCAL,
                "text", "Ljava/lang/String;", 3, "", 42, true, false);
        io.jtrace.model.VariableInfo flag = new io.jtrace.model.VariableInfo(2, 7, io.jtrace.model.VariableKind.FIELD,
                "done", "Z", -1, "p.Parser", 43, false, false);
        io.jtrace.model.VariableInfo cell = new io.jtrace.model.VariableInfo(3, 7, io.jtrace.model.VariableKind.ARRAY,
                "values[]", "C", -1, "", 44, true, false);
        io.jtrace.model.VariableInfo secret = new io.jtrace.model.VariableInfo(4, 7, io.jtrace.model.VariableKind.PARAM,
                "password", "Ljava/lang/String;", 1, "", 45, false, true);
        io.jtrace.model.VariableInfo stat = new io.jtrace.model.VariableInfo(5, 7, io.jtrace.model.VariableKind.STATIC,
                "parser", "Lp/Parser;", -1, "p.Parser", 46, false, false);
        return List.of(
                new io.jtrace.model.ExceptionThrown(t, 100, 1, nfe, "For input string: \"4,2\"; see\nnext line", 0,
                        io.jtrace.model.ThrowKind.IN_UNTRACED_CODE,
                        new io.jtrace.model.CodeSite("java.lang.Integer", "parseInt", null, "Integer.java", 668), at41),
                new io.jtrace.model.FinallyEntered(t, 110, 1, nfe, at41, true),
                new io.jtrace.model.ExceptionCaught(t, 120, 1, nfe, at41, "java.lang.NumberFormatException | java.lang.NullPointerException"),
                new io.jtrace.model.ExceptionThrown(t, 130, 1, wrap, null, nfe.identity(), io.jtrace.model.ThrowKind.THROWN, at41, null),
                new io.jtrace.model.ExceptionSuppressed(t, 140, 1, nfe, wrap, at41),
                new io.jtrace.model.ExceptionUncaught(t, 150, 0, wrap, "app.Pool$Handler"),
                new io.jtrace.model.VariableAccess(t, 200, 1, m, local, 0, 0, -1,
                        new io.jtrace.model.Value(io.jtrace.model.Value.Kind.STRING, 0, "a;b=\"c\",d", 120, null, 0)),
                new io.jtrace.model.VariableAccess(t, 210, 1, m, flag, 0x2a, 0, -1, io.jtrace.model.Value.ofLong(1)),
                new io.jtrace.model.VariableAccess(t, 220, 1, m, cell, 0, 0x77, 2, io.jtrace.model.Value.ofLong('x')),
                new io.jtrace.model.VariableAccess(t, 230, 1, m, secret, 0, 0, -1, io.jtrace.model.Value.REDACTED),
                new io.jtrace.model.VariableAccess(t, 240, 1, m, stat, 0, 0, -1,
                        new io.jtrace.model.Value(io.jtrace.model.Value.Kind.OBJECT, 0, null, 0, "p.Parser", 0x99)),
                new io.jtrace.model.LineExecuted(t, 250, 1, m, 47));
    }

    /** The documented fields (docs/export.md, JSON Lines schema) of each kind, as the writers must give them. */
    static final List<Map<String, Object>> OTHER_KIND_FIELDS = List.of(
            fields("exception", "java.lang.NumberFormatException", "exceptionId", 0x1b6d3586L, "how", "in-untraced-code",
                    "message", "For input string: \"4,2\"; see\nnext line", "causeId", 0L,
                    "site", "java.lang.Integer.parseInt:668", "surfacedAt", "p.Parser.parse(String, int):41"),
            fields("exception", "java.lang.NumberFormatException", "exceptionId", 0x1b6d3586L,
                    "site", "p.Parser.parse(String, int):41", "resourceClose", true),
            fields("exception", "java.lang.NumberFormatException", "exceptionId", 0x1b6d3586L,
                    "site", "p.Parser.parse(String, int):41", "declaredType", "java.lang.NumberFormatException | java.lang.NullPointerException"),
            fields("exception", "p.ParseError", "exceptionId", 0x4554617cL, "how", "thrown", "message", null,
                    "causeId", 0x1b6d3586L, "site", "p.Parser.parse(String, int):41", "surfacedAt", null),
            fields("exception", "java.lang.NumberFormatException", "exceptionId", 0x1b6d3586L,
                    "primary", "p.ParseError", "primaryId", 0x4554617cL, "site", "p.Parser.parse(String, int):41"),
            fields("exception", "p.ParseError", "exceptionId", 0x4554617cL, "handler", "app.Pool$Handler"),
            fields("method", "p.Parser.parse(String, int)", "access", "write", "variableKind", "local", "variable", "text",
                    "declaredType", "java.lang.String", "line", 42L, "value", "\"a;b=\\\"c\\\",d\"... (120 chars)",
                    "valueKind", "string", "valueLength", 120L),
            fields("method", "p.Parser.parse(String, int)", "access", "read", "variableKind", "field", "variable", "done",
                    "declaredType", "boolean", "line", 43L, "ownerClass", "p.Parser", "ownerId", 0x2aL, "value", "true",
                    "valueKind", "int"),
            fields("method", "p.Parser.parse(String, int)", "access", "write", "variableKind", "array", "variable", "values",
                    "declaredType", "char", "line", 44L, "arrayId", 0x77L, "index", 2L, "value", "'x'", "valueKind", "int"),
            fields("method", "p.Parser.parse(String, int)", "access", "read", "variableKind", "param", "variable", "password",
                    "declaredType", "java.lang.String", "line", 45L, "value", "<redacted>", "valueKind", "redacted"),
            fields("method", "p.Parser.parse(String, int)", "access", "read", "variableKind", "static", "variable", "parser",
                    "declaredType", "p.Parser", "line", 46L, "ownerClass", "p.Parser", "value", "p.Parser@99",
                    "valueKind", "object", "valueType", "p.Parser", "valueId", 0x99L),
            fields("method", "p.Parser.parse(String, int)", "line", 47L));

    private static Map<String, Object> fields(Object... kv) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    /** A parsed JSON object's fields other than the common ones, as plain Java values. */
    private static Map<String, Object> own(JsonNode j, String... common) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        j.fields().forEachRemaining(f -> {
            if (List.of(common).contains(f.getKey())) return;
            JsonNode v = f.getValue();
            m.put(f.getKey(), v.isNull() ? null : v.isBoolean() ? v.asBoolean() : v.isNumber() ? v.asLong() : v.asText());
        });
        return m;
    }

    @Test
    void exceptionVariableAndLineEventsHaveTheirDocumentedFieldsInJsonAndCsv() throws IOException {
        List<TraceEvent> events = otherKinds();
        StringWriter sink = new StringWriter();
        String[] lines = render(new JsonLinesTraceWriter(sink), sink, events).split("\n");
        assertEquals(events.size(), lines.length);
        StringWriter csvSink = new StringWriter();
        List<List<String>> rows = Csv.parse(render(new CsvTraceWriter(csvSink), csvSink, events));
        assertEquals(events.size() + 1, rows.size());
        for (int i = 0; i < events.size(); i++) {
            TraceEvent e = events.get(i);
            JsonNode j = JSON.readTree(lines[i]);
            assertEquals(EventKinds.name(e), j.get("kind").asText());
            assertEquals(e.nanos(), j.get("nanos").asLong());
            assertEquals(e.depth(), j.get("depth").asInt());
            assertEquals(OTHER_KIND_FIELDS.get(i), own(j, "kind", "thread", "threadId", "virtual", "nanos", "depth"), lines[i]);
            List<String> r = rows.get(i + 1);
            assertEquals(17, r.size(), r::toString);
            assertEquals(EventKinds.name(e), r.get(0));
            assertEquals(OTHER_KIND_FIELDS.get(i), own(JSON.readTree(r.get(12))), r::toString);
            if (e instanceof io.jtrace.model.ExceptionEvent x) {
                assertEquals(x.exception().type(), r.get(10));
                assertEquals(Long.toString(x.exception().identity()), r.get(11));
            }
        }
    }

    /** The values of --args calls: each argument and the return value, parsed back from JSON Lines and CSV. */
    @Test
    void callValuesRoundTripInJsonAndCsv() throws IOException {
        io.jtrace.model.ThreadInfo t = new io.jtrace.model.ThreadInfo(1, "main", false, 0);
        MethodInfo m = new MethodInfo(1, "p.Shop", "buy", "(Ljava/lang/String;JLjava/lang/Object;C)Z", "S.java", 1, 0);
        io.jtrace.model.CallValues values = new io.jtrace.model.CallValues(List.of(
                new io.jtrace.model.Argument("item", "Ljava/lang/String;", new io.jtrace.model.Value(io.jtrace.model.Value.Kind.STRING, 0, "a, \"b\"", 40, null, 0)),
                new io.jtrace.model.Argument("n", "J", io.jtrace.model.Value.ofLong(Long.MIN_VALUE)),
                new io.jtrace.model.Argument("o", "Ljava/lang/Object;", new io.jtrace.model.Value(io.jtrace.model.Value.Kind.TEXT, 0, "42", 2, "java.lang.Integer", 0xabc)),
                new io.jtrace.model.Argument("c", "C", io.jtrace.model.Value.ofLong('\n'))), null);
        io.jtrace.model.CallValues returned = values.returning(new io.jtrace.model.Argument("return", "Z", io.jtrace.model.Value.ofLong(0)));
        List<TraceEvent> events = List.of(new MethodEnter(t, 1, 0, m, values), new MethodCall(t, 2, 1, m, 5, ExitKind.RETURN, null, returned),
                new MethodExit(t, 9, 0, m, 8, ExitKind.EXCEPTION, new io.jtrace.model.ExceptionRef("x.Y", 1), values),
                new MethodCall(t, 10, 0, m, 1, ExitKind.RETURN, null));
        StringWriter sink = new StringWriter();
        String[] lines = render(new JsonLinesTraceWriter(sink), sink, events).split("\n");
        StringWriter csvSink = new StringWriter();
        List<List<String>> rows = Csv.parse(render(new CsvTraceWriter(csvSink), csvSink, events));
        for (int i = 0; i < events.size(); i++) {
            io.jtrace.model.CallValues v = events.get(i) instanceof MethodEnter e ? e.values()
                    : events.get(i) instanceof MethodExit x ? x.values() : ((MethodCall) events.get(i)).values();
            JsonNode j = JSON.readTree(lines[i]);
            List<String> r = rows.get(i + 1);
            assertEquals(17, r.size(), r::toString);
            if (v == null) {
                assertFalse(j.has("args") || j.has("return"), lines[i]);
                assertEquals("", r.get(13));
                assertEquals("", r.get(14));
                continue;
            }
            JsonNode args = j.get("args");
            assertEquals(JSON.readTree(r.get(13)), args, "the CSV column holds the same JSON");
            assertEquals(v.arguments().size(), args.size());
            for (int a = 0; a < args.size(); a++) {
                io.jtrace.model.Argument expected = v.arguments().get(a);
                assertEquals(expected.name(), args.get(a).get("name").asText());
                assertEquals(expected.typeName(), args.get(a).get("declaredType").asText());
                assertEquals(VariableText.value(expected.value(), expected.type()), args.get(a).get("value").asText());
            }
            assertEquals("\"a, \\\"b\\\"\"... (40 chars)", args.get(0).get("value").asText());
            assertEquals(40, args.get(0).get("valueLength").asLong());
            assertEquals("-9223372036854775808", args.get(1).get("value").asText());
            assertEquals("java.lang.Integer", args.get(2).get("valueType").asText());
            assertEquals(0xabc, args.get(2).get("valueId").asLong());
            assertEquals("'\\n'", args.get(3).get("value").asText());
            if (v.returned() == null) {
                assertFalse(j.has("return"), lines[i]);
                assertEquals("", r.get(14));
            } else {
                assertEquals(JSON.readTree(r.get(14)), j.get("return"));
                assertEquals("false", j.get("return").get("value").asText());
                assertEquals("boolean", j.get("return").get("declaredType").asText());
                assertFalse(j.get("return").has("name"));
            }
        }
    }

    @Test
    void csvHasAHeaderAndARowPerEvent() throws IOException {
        List<TraceEvent> events = events();
        StringWriter sink = new StringWriter();
        List<List<String>> rows = Csv.parse(render(new CsvTraceWriter(sink), sink, events));
        assertEquals(List.of(CsvTraceWriter.HEADER.split(",")), rows.get(0));
        assertEquals(events.size() + 1, rows.size());
        for (int i = 0; i < events.size(); i++) {
            TraceEvent e = events.get(i);
            List<String> r = rows.get(i + 1);
            assertEquals(17, r.size(), r::toString);
            assertEquals(EventKinds.name(e), r.get(0));
            assertEquals(Long.toString(e.thread().id()), r.get(1));
            assertEquals(e.thread().label(), r.get(2));
            assertEquals(Long.toString(e.nanos()), r.get(3));
            assertEquals(Integer.toString(e.depth()), r.get(4));
            if (method(e) != null) {
                assertEquals(method(e).className(), r.get(5));
                assertEquals(method(e).name(), r.get(6));
            }
            assertEquals(duration(e) >= 0 ? Long.toString(duration(e)) : "", r.get(8));
            assertEquals(kind(e) == ExitKind.EXCEPTION ? "java.lang.IllegalStateException" : "", r.get(10));
            assertEquals(kind(e) == null ? "" : Boolean.toString(kind(e) != ExitKind.RETURN_UNTIMED), r.get(15), r::toString);
            assertEquals("", r.get(16), "no estimates given: none written");
        }
    }

    @Test
    void chromeHasATrackPerThreadACompleteEventPerCallAndAnInstantPerException() throws IOException {
        List<TraceEvent> events = events();
        StringWriter sink = new StringWriter();
        JsonNode root = JSON.readTree(render(new ChromeTraceWriter(sink), sink, events));
        Map<Long, String> threadNames = new HashMap<>();
        List<String> calls = new ArrayList<>();
        List<String> instants = new ArrayList<>();
        for (JsonNode e : root.get("traceEvents")) {
            switch (e.get("ph").asText()) {
                case "M" -> {
                    if (e.get("name").asText().equals("thread_name")) threadNames.put(e.get("tid").asLong(), e.get("args").get("name").asText());
                }
                case "X" -> calls.add(e.get("tid").asLong() + " " + e.get("name").asText() + " "
                        + e.get("ts").decimalValue().movePointRight(3).longValueExact() + " "
                        + e.get("dur").decimalValue().movePointRight(3).longValueExact());
                case "i" -> instants.add(e.get("tid").asLong() + " " + e.get("name").asText() + " "
                        + e.get("ts").decimalValue().movePointRight(3).longValueExact());
                default -> throw new AssertionError(e.toString());
            }
        }
        assertEquals(Map.of(1L, "main", 2L, "pool, \"worker\" <1>"), threadNames);
        List<String> expectedCalls = new ArrayList<>();
        List<String> expectedInstants = new ArrayList<>();
        for (TraceEvent e : events) {
            long d = duration(e);
            if (d < 0) continue;
            long start = e instanceof MethodCall ? e.nanos() : e.nanos() - d;
            expectedCalls.add(e.thread().id() + " " + method(e).displayName() + " " + start + " " + d);
            if (kind(e) == ExitKind.EXCEPTION) expectedInstants.add(e.thread().id() + " threw java.lang.IllegalStateException " + (start + d));
        }
        expectedInstants.add("2 records lost 21000");
        assertEquals(expectedCalls, calls);
        assertEquals(expectedInstants.stream().sorted().toList(), instants.stream().sorted().toList());
    }

    @Test
    void speedscopeProfilesReplayToTheSameCalls() throws IOException {
        List<TraceEvent> events = events();
        StringWriter sink = new StringWriter();
        JsonNode root = JSON.readTree(render(new SpeedscopeTraceWriter(sink), sink, events));
        assertEquals("https://www.speedscope.app/file-format-schema.json", root.get("$schema").asText());
        JsonNode frames = root.get("shared").get("frames");
        List<String> calls = new ArrayList<>();
        for (JsonNode p : root.get("profiles")) {
            assertEquals("evented", p.get("type").asText());
            List<long[]> open = new ArrayList<>();
            long last = p.get("startValue").asLong();
            for (JsonNode e : p.get("events")) {
                long at = e.get("at").asLong();
                assertTrue(at >= last, "times never go back");
                last = at;
                if (e.get("type").asText().equals("O")) {
                    open.add(new long[]{e.get("frame").asLong(), at});
                } else {
                    long[] o = open.remove(open.size() - 1);
                    assertEquals(o[0], e.get("frame").asLong(), "closes the frame it opened last");
                    calls.add(p.get("name").asText() + " " + frames.get((int) o[0]).get("name").asText() + " " + o[1] + " " + (at - o[1]));
                }
            }
            assertTrue(open.isEmpty(), "every opened frame is closed");
            assertEquals(last, p.get("endValue").asLong());
        }
        List<String> expected = new ArrayList<>();
        for (TraceEvent e : events) {
            long d = duration(e);
            if (d < 0) continue;
            String name = method(e).id() == 0 ? "? .(frames before lost records)()" : method(e).displayName();
            long start = e instanceof MethodCall ? e.nanos() : e.nanos() - d;
            if (method(e).id() == 0) start = 21_000; // a placeholder opens at the gap
            expected.add(e.thread().label() + " (id " + e.thread().id() + ") " + name.replace("? .", "?.") + " " + start + " " + (e.nanos() + (e instanceof MethodCall ? d : 0) - start));
        }
        // the worker's run() was open at the gap: closed there
        expected.replaceAll(s -> s.startsWith("pool, \"worker\" <1> (id 2) p.W.run() 500 ") ? "pool, \"worker\" <1> (id 2) p.W.run() 500 19500" : s);
        assertEquals(expected.stream().sorted().toList(), calls.stream().sorted().toList());
    }

    @Test
    void collapsedStacksSumSelfTimesPerPath() throws IOException {
        List<TraceEvent> events = events().subList(0, 9); // without the gap
        StringWriter sink = new StringWriter();
        String text = render(new CollapsedStacksWriter(new PrintWriter(sink), CollapsedStacksWriter.Value.self), sink, events);
        Map<String, Long> lines = new HashMap<>();
        for (String l : text.split("\n")) {
            int space = l.lastIndexOf(' ');
            assertFalse(l.substring(0, space).contains(" "), "no spaces in frames: " + l);
            lines.put(l.substring(0, space), Long.parseLong(l.substring(space + 1)));
        }
        assertEquals(Map.of(
                "p.Main.main()", 9_000L - 1_000 - 1,
                "p.Main.main();p.A.a()", 600L + 1,
                "p.Main.main();p.A.a();p.B.b()", 400L,
                "p.W.run()", 19_300L,
                "p.W.run();p.B.b()", 200L), lines);
        StringWriter calls = new StringWriter();
        String counted = render(new CollapsedStacksWriter(new PrintWriter(calls), CollapsedStacksWriter.Value.calls), calls, events);
        assertTrue(counted.contains("p.Main.main();p.A.a() 2\n"), counted);
    }

    @Test
    void flameGraphIsSelfContainedHtmlWithTheTree() throws IOException {
        List<TraceEvent> events = events().subList(0, 9);
        StringWriter sink = new StringWriter();
        String html = render(new FlameGraphHtmlWriter(sink), sink, events);
        assertFalse(html.contains("http://") || html.contains("https://") || html.contains("<link"), "no network");
        String data = html.substring(html.indexOf("application/json\">") + 18, html.indexOf("</script>"));
        assertFalse(data.contains("<"), "no markup inside the data");
        JsonNode d = JSON.readTree(data);
        assertEquals(9_000 + 19_500, d.get("total").asLong());
        assertEquals(5 * 5, d.get("nodes").size());
        assertEquals("p.W.run()", d.get("names").get(d.get("nodes").get(0).asInt()).asText());
    }
}
