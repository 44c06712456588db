package io.jtrace.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtrace.format.Durations;
import io.jtrace.model.Descriptors;
import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jtrace query} and {@code export --format parquet} against jtrace's own reports of the
 * same recordings: calls per method as {@code summary} counts them, exceptions by type as
 * {@code exceptions --summary} and step by step as {@code exceptions} prints each journey; the
 * Parquet dataset, read back with DuckDB here, row for row as the JSON Lines export; several
 * recordings in one statement; the errors.
 */
class QueryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private Path record(Jdk jdk, String name, List<String> options, String main, String... args) {
        Path rec = dir.resolve(name);
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, options, main, args);
        assertEquals(0, run.exit(), run::toString);
        return rec;
    }

    /** {@code jtrace query ARGS... --format json}: the rows, each its values in order as text (NULL as ""). */
    private List<List<String>> query(String... args) {
        List<String> cmd = new ArrayList<>(List.of("query", "--format", "json"));
        cmd.addAll(List.of(args));
        Jtrace.Result r = Jtrace.jtrace(dir, cmd.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
        assertEquals("", r.err(), r::toString);
        List<List<String>> rows = new ArrayList<>();
        try {
            for (String line : r.outLines()) {
                List<String> row = new ArrayList<>();
                JSON.readTree(line).elements().forEachRemaining(v -> row.add(v.isNull() ? "" : v.asText()));
                rows.add(row);
            }
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return rows;
    }

    private static final Pattern SUMMARY_ROW = Pattern.compile(
            " *([\\d,]+) +(\\S+ \\S+) +(\\S+ \\S+) +(\\S+ \\S+) +(\\S+ \\S+) +([\\d,]+)  (.+)");

    @ParameterizedTest
    @MethodSource("jdks")
    void callsPerMethodAreWhatSummaryCounts(Jdk jdk) {
        Path rec = record(jdk, "bank.jfr", List.of(), "bank.Main", "3", "25");
        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec.toString(), "--top", "1000");
        assertEquals(0, summary.exit(), summary::toString);
        Map<String, String> expected = new TreeMap<>();
        boolean inMethods = false;
        for (String line : summary.outLines()) {
            if (line.startsWith("methods by")) inMethods = true;
            else if (line.isBlank()) inMethods = false;
            Matcher m = SUMMARY_ROW.matcher(line);
            if (inMethods && m.matches()) {
                expected.put(m.group(7), m.group(1).replace(",", "") + " calls, self " + m.group(3) + ", " + m.group(6) + " exc");
            }
        }
        assertTrue(expected.size() >= 10, summary::toString);

        Map<String, String> got = new TreeMap<>();
        for (List<String> row : query(rec.toString(), "SELECT class, method, descriptor, count(*), sum(self_ns),"
                + " count(*) FILTER (outcome = 'exception') FROM calls GROUP BY ALL")) {
            String method = row.get(0) + "." + row.get(1) + "(" + Descriptors.simpleParameters(row.get(2)) + ")";
            got.put(method, row.get(3) + " calls, self " + Durations.format(Long.parseLong(row.get(4))) + ", " + row.get(5) + " exc");
        }
        assertEquals(expected, got);
    }

    /** The words {@code jtrace exceptions} opens each line of a journey with, by the {@code how} of its row. */
    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("thrown", "thrown at"), Map.entry("rethrown", "rethrown at"), Map.entry("raised-by-jvm", "raised by the JVM at"),
            Map.entry("in-untraced-code", "thrown in untraced code at"), Map.entry("unrecorded-throw", "thrown beyond the depth limit at"),
            Map.entry("continues", "continues"), Map.entry("first-seen", "first seen here"), Map.entry("finally", "finally at"),
            Map.entry("resource-close", "close resource at"), Map.entry("unwound", "unwound"), Map.entry("caught", "caught at"),
            Map.entry("added-suppressed", "adds suppressed"));
    /** The line that ends a journey, by its outcome ({@code caught}: none, the last catch says it). */
    private static final Map<String, String> OUTCOMES = Map.of("uncaught", "uncaught in", "wrapped", "wrapped into",
            "suppressed", "suppressed into", "dropped-in-finally", "dropped:", "left-traced-code", "left traced code",
            "in-flight", "still unwinding");

    @ParameterizedTest
    @MethodSource("jdks")
    void exceptionsAreTheJourneysOfTheExceptionsReport(Jdk jdk) {
        Path rec = record(jdk, "journeys.jfr", List.of(), "exceptions.Journeys");
        // by type, as exceptions --summary counts them
        Jtrace.Result summary = Jtrace.jtrace(dir, "exceptions", "--summary", rec.toString());
        assertEquals(0, summary.exit(), summary::toString);
        Map<String, String> expectedTypes = new TreeMap<>();
        boolean inTypes = false;
        for (String line : summary.outLines()) {
            if (line.equals("by type:")) inTypes = true;
            else if (line.isBlank()) inTypes = false;
            else if (inTypes) expectedTypes.put(line.strip().split(" +", 2)[1], line.strip().split(" +", 2)[0].replace(",", ""));
        }
        assertTrue(expectedTypes.size() >= 5, summary::toString);
        Map<String, String> types = new TreeMap<>();
        for (List<String> row : query(rec.toString(), "SELECT coalesce(type, '(unknown exception)') AS type, count(*) AS n FROM exceptions"
                + " WHERE step = 0 GROUP BY ALL")) {
            types.put(row.get(0), row.get(1));
        }
        assertEquals(expectedTypes, types);

        // step by step, as exceptions prints each journey
        Jtrace.Result report = Jtrace.jtrace(dir, "exceptions", "--no-times", rec.toString());
        assertEquals(0, report.exit(), report::toString);
        Map<Integer, ExceptionReport.Block> journeys = ExceptionReport.parse(report.out());
        Map<Integer, List<List<String>>> rows = new TreeMap<>();
        List<List<String>> all = query(rec.toString(), "SELECT exception_id, how, coalesce(site, ''), outcome, coalesce(type, ''), thread"
                + " FROM exceptions ORDER BY exception_id, step");
        for (List<String> row : all) rows.computeIfAbsent(Integer.parseInt(row.get(0)), k -> new ArrayList<>()).add(row);
        assertEquals(journeys.keySet(), rows.keySet());
        for (ExceptionReport.Block j : journeys.values()) {
            List<List<String>> steps = rows.get(j.number());
            String where = "#" + j.number() + " " + j.steps() + " vs " + steps;
            String outcome = steps.get(0).get(3);
            assertEquals(steps.size() + (OUTCOMES.containsKey(outcome) ? 1 : 0), j.steps().size(), where);
            for (int i = 0; i < steps.size(); i++) {
                List<String> s = steps.get(i);
                assertEquals(WORDS.get(s.get(1)), j.steps().get(i).what(), where);
                String site = s.get(2);
                String rest = j.steps().get(i).rest();
                assertTrue(s.get(1).equals("added-suppressed") ? rest.endsWith(" at " + site) : rest.startsWith(site), where);
                assertEquals(j.type(), s.get(4).isEmpty() ? j.type() : s.get(4), where);
                assertEquals(j.thread(), s.get(5), where);
            }
            if (OUTCOMES.containsKey(outcome)) assertEquals(OUTCOMES.get(outcome), j.last().what(), where);
        }

        // each step's call is the method its site names
        List<List<String>> mismatched = query(rec.toString(), "SELECT e.exception_id, e.how, e.site, c.class || '.' || c.method"
                + " FROM exceptions e JOIN calls c USING (recording, call_id)"
                + " WHERE e.how IN ('thrown', 'caught', 'finally', 'unwound') AND NOT starts_with(e.site, c.class || '.' || c.method || '(')");
        assertEquals(List.of(), mismatched);
        // (a task's exception caught by the JDK for its Future is caught outside every traced call: no call_id)
        List<List<String>> placed = query(rec.toString(), "SELECT count(*) FROM exceptions WHERE how IN ('thrown', 'caught', 'unwound')"
                + " AND call_id IS NULL AND NOT (how = 'caught' AND starts_with(site, 'java.util.concurrent.'))");
        assertEquals(List.of(List.of("0")), placed);
    }

    @Test
    void parquetReadBackGivesTheRowsOfTheJsonExport() throws Exception {
        Jdk jdk = Jdk.current();
        Path rec = record(jdk, "history.jfr", List.of("--vars", "vars.History.**", "--lines", "vars.History.accumulate"),
                "vars.History", "20");
        Path json = dir.resolve("history.json");
        Jtrace.Result j = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "json", "-o", json.toString());
        assertEquals(0, j.exit(), j::toString);
        Path dataset = dir.resolve("dataset");
        Jtrace.Result p = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "parquet", "-o", dataset.toString());
        assertEquals(0, p.exit(), p::toString);
        assertTrue(p.err().startsWith("jtrace: parquet export of 1 recording(s) -> " + dataset), p::toString);

        // the JSON Lines export, paired into calls here (enter with its exit) and its variable and line events
        List<String> calls = new ArrayList<>();
        List<String> variables = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        Map<String, Deque<Object[]>> stacks = new HashMap<>(); // per thread: {node, child nanos}
        for (String line : Files.readAllLines(json)) {
            JsonNode e = JSON.readTree(line);
            String thread = e.get("thread").asText();
            Deque<Object[]> stack = stacks.computeIfAbsent(thread, k -> new ArrayDeque<>());
            switch (e.get("kind").asText()) {
                case "enter" -> stack.push(new Object[]{e, 0L});
                case "exit" -> {
                    Object[] f = stack.pop();
                    calls.add(call((JsonNode) f[0], e, (Long) f[1], stack));
                    if (!stack.isEmpty()) stack.peek()[1] = (Long) stack.peek()[1] + e.get("durationNanos").asLong();
                }
                case "call" -> {
                    calls.add(call(e, e, 0, stack));
                    if (!stack.isEmpty()) stack.peek()[1] = (Long) stack.peek()[1] + e.get("durationNanos").asLong();
                }
                case "variable-access" -> variables.add(String.join("|", thread, e.get("nanos").asText(), e.get("access").asText(),
                        e.get("variableKind").asText(), e.get("variable").asText(), e.get("declaredType").asText(),
                        e.get("line").asText(), e.get("value").asText(), inCall(e.get("method").asText(), stack)));
                case "line-executed" -> lines.add(String.join("|", thread, e.get("nanos").asText(), e.get("method").asText(),
                        e.get("line").asText(), inCall(e.get("method").asText(), stack)));
                default -> { }
            }
        }
        assertTrue(calls.size() > 40 && variables.size() > 100 && lines.size() > 5, calls.size() + " " + variables.size() + " " + lines.size());

        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            String rp = "read_parquet('" + dataset + "/%s/**/*.parquet', hive_partitioning = true)";
            String callsTable = String.format(rp, "calls");
            List<String> parquetCalls = strings(s, "SELECT c.thread, c.depth, c.class, c.method, c.descriptor, c.start_ns, c.duration_ns,"
                    + " c.self_ns, c.outcome, coalesce(c.exception, ''), coalesce(p.class || '.' || p.method, ''), coalesce(p.start_ns::VARCHAR, '')"
                    + " FROM " + callsTable + " c LEFT JOIN " + callsTable + " p ON p.call_id = c.parent_id");
            assertEquals(sorted(calls), sorted(parquetCalls));
            assertEquals(List.of(rec.toString()), strings(s, "SELECT DISTINCT recording FROM " + callsTable));
            List<String> parquetVariables = strings(s, "SELECT v.thread, v.time_ns, v.access, v.kind, v.name, v.declared_type, v.line, v.value,"
                    + " coalesce(c.class || '.' || c.method, '') FROM " + String.format(rp, "variables") + " v LEFT JOIN " + callsTable
                    + " c USING (call_id)");
            assertEquals(sorted(variables), sorted(parquetVariables));
            List<String> parquetLines = strings(s, "SELECT l.thread, l.time_ns, l.class || '.' || l.method, l.line,"
                    + " coalesce(c.class || '.' || c.method, '') FROM " + String.format(rp, "lines") + " l LEFT JOIN " + callsTable
                    + " c USING (call_id)");
            assertEquals(sorted(lines), sorted(parquetLines.stream().map(QueryTest::withParameters).toList()), "lines");
            assertEquals(List.of("jtrace_schema|1", "jtrace_table|calls"),
                    strings(s, "SELECT DISTINCT decode(key), decode(value) FROM parquet_kv_metadata('" + dataset + "/calls/**/*.parquet')"
                            + " WHERE decode(key) LIKE 'jtrace%' ORDER BY 1"));
        }
        long parquetBytes;
        try (Stream<Path> files = Files.walk(dataset)) {
            parquetBytes = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
        assertTrue(parquetBytes <= 2 * Files.size(rec), parquetBytes + " bytes of Parquet for a recording of " + Files.size(rec));
    }

    /**
     * The args table against the JSON export of the same recording (every argument and return
     * value of every call, joined to its call's method and start), in a query and in the Parquet
     * dataset; the README's "calls whose argument was null"; empty without {@code run --args}.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void argsAreTheValuesOfTheJsonExport(Jdk jdk) throws Exception {
        Path rec = record(jdk, "checkout.jfr", List.of("--args", "args.**"), "args.Checkout");
        Path json = dir.resolve("checkout.json");
        Jtrace.Result j = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "json", "-o", json.toString());
        assertEquals(0, j.exit(), j::toString);
        List<String> values = new ArrayList<>();
        Map<String, Long> nullArguments = new java.util.TreeMap<>();
        Map<String, Deque<JsonNode>> stacks = new HashMap<>();
        for (String line : Files.readAllLines(json)) {
            JsonNode e = JSON.readTree(line);
            String kind = e.get("kind").asText();
            Deque<JsonNode> stack = stacks.computeIfAbsent(e.get("thread").asText(), k -> new ArrayDeque<>());
            if (kind.equals("enter")) stack.push(e);
            if (!kind.equals("exit") && !kind.equals("call")) continue;
            JsonNode enter = kind.equals("exit") ? stack.pop() : e;
            String call = e.get("thread").asText() + "|" + e.get("class").asText() + "." + e.get("name").asText() + "|"
                    + enter.get("nanos").asText();
            JsonNode args = e.get("args");
            for (int i = 0; args != null && i < args.size(); i++) {
                JsonNode a = args.get(i);
                values.add(call + "|argument|" + i + "|" + a.get("name").asText() + "|" + valueFields(a));
                if (a.get("valueKind").asText().equals("null")) {
                    nullArguments.merge(e.get("class").asText() + "." + e.get("name").asText() + "|" + a.get("name").asText(), 1L, Long::sum);
                }
            }
            if (e.hasNonNull("return")) values.add(call + "|return||return|" + valueFields(e.get("return")));
        }
        assertTrue(values.size() > 20 && !nullArguments.isEmpty(), values + " " + nullArguments);

        String select = "SELECT a.thread, c.class || '.' || c.method, c.start_ns, a.kind, coalesce(a.position::VARCHAR, ''), a.name,"
                + " a.declared_type, a.value, a.value_kind, coalesce(a.value_type, '') FROM %s a JOIN %s c USING (call_id)";
        List<String> queried = query(rec.toString(), String.format(select, "args", "calls").replace("USING (call_id)",
                "USING (recording, call_id)")).stream().map(r -> String.join("|", r)).toList();
        assertEquals(sorted(values), sorted(queried));

        List<String> nulls = query(rec.toString(), "SELECT c.class || '.' || c.method, a.name, count(*) FROM args a"
                + " JOIN calls c USING (recording, call_id) WHERE a.value_kind = 'null' GROUP BY ALL ORDER BY 1, 2")
                .stream().map(r -> String.join("|", r)).toList();
        assertEquals(nullArguments.entrySet().stream().map(n -> n.getKey() + "|" + n.getValue()).toList(), nulls);

        Path dataset = dir.resolve("dataset");
        Jtrace.Result p = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "parquet", "-o", dataset.toString());
        assertEquals(0, p.exit(), p::toString);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            String rp = "read_parquet('" + dataset + "/%s/**/*.parquet', hive_partitioning = true)";
            assertEquals(sorted(values), sorted(strings(s, String.format(select, String.format(rp, "args"), String.format(rp, "calls")))));
        }

        Path plain = record(jdk, "plain.jfr", List.of(), "args.Checkout");
        assertEquals(List.of(List.of("0")), query(plain.toString(), "SELECT count(*) FROM args"), "no --args: an empty table");
    }

    /** A value as the args table has it: declared type, value, kind, runtime type. */
    private static String valueFields(JsonNode v) {
        return v.get("declaredType").asText() + "|" + v.get("value").asText() + "|" + v.get("valueKind").asText() + "|"
                + (v.hasNonNull("valueType") ? v.get("valueType").asText() : "");
    }

    /** The JSON export's line method, {@code vars.History.accumulate(int)}, from the lines table's class and method. */
    private static String withParameters(String row) {
        String[] f = row.split("\\|", -1);
        String method = f[2].equals("vars.History.accumulate") ? "vars.History.accumulate(int)" : f[2];
        return String.join("|", f[0], f[1], method, f[3], f[4]);
    }

    /** A call as compared: thread, depth, method, start, duration, self, outcome, exception, and its caller's method and start. */
    private static String call(JsonNode enter, JsonNode exit, long childNanos, Deque<Object[]> callers) {
        long duration = exit.get("durationNanos").asLong();
        JsonNode parent = callers.isEmpty() ? null : (JsonNode) callers.peek()[0];
        return String.join("|", enter.get("thread").asText(), enter.get("depth").asText(), enter.get("class").asText(),
                enter.get("name").asText(), enter.get("descriptor").asText(), enter.get("nanos").asText(), String.valueOf(duration),
                String.valueOf(Math.max(0, duration - childNanos)), exit.get("outcome").asText(),
                exit.hasNonNull("exception") ? exit.get("exception").asText() : "",
                parent == null ? "" : parent.get("class").asText() + "." + parent.get("name").asText(),
                parent == null ? "" : parent.get("nanos").asText());
    }

    /** The call an event is in: the innermost open one (its method as class.name), which must be the event's method. */
    private static String inCall(String method, Deque<Object[]> stack) {
        if (stack.isEmpty()) return "";
        JsonNode top = (JsonNode) stack.peek()[0];
        String name = top.get("class").asText() + "." + top.get("name").asText();
        assertTrue(method.startsWith(name + "("), method + " in " + name);
        return name;
    }

    private static List<String> strings(Statement s, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                List<String> fields = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) fields.add(rs.getString(i));
                rows.add(String.join("|", fields));
            }
        }
        return rows;
    }

    private static List<String> sorted(List<String> l) {
        return l.stream().sorted().toList();
    }

    @Test
    void twoRecordingsInOneStatementAndOneDataset() throws Exception {
        Jdk jdk = Jdk.current();
        Path small = record(jdk, "small.jfr", List.of(), "bank.Main", "2", "10");
        Path large = record(jdk, "large.jfr", List.of(), "bank.Main", "4", "30");
        Map<String, String> each = new TreeMap<>();
        List<String> transfersOfEach = new ArrayList<>();
        for (Path rec : List.of(small, large)) {
            List<String> counts = query(rec.toString(), "SELECT count(*), count(*) FILTER (method = 'transfer') FROM calls").get(0);
            each.put(rec.toString(), counts.get(0));
            transfersOfEach.add(counts.get(1));
        }
        Map<String, String> both = new TreeMap<>();
        for (List<String> row : query(small.toString(), large.toString(), "SELECT recording, count(*) FROM calls GROUP BY ALL")) {
            both.put(row.get(0), row.get(1));
        }
        assertEquals(each, both);
        // one statement across both: the methods each ran, side by side
        List<List<String>> transfers = query(small.toString(), large.toString(), "SELECT count(*) FILTER (recording = '" + small
                + "'), count(*) FILTER (recording = '" + large + "') FROM calls WHERE method = 'transfer'");
        assertEquals(List.of(transfersOfEach), transfers);
        assertTrue(Integer.parseInt(transfersOfEach.get(1)) > Integer.parseInt(transfersOfEach.get(0)), transfersOfEach::toString);

        Path dataset = dir.resolve("fleet");
        Jtrace.Result p = Jtrace.jtrace(dir, "export", small.toString(), large.toString(), "--format", "parquet", "-o", dataset.toString());
        assertEquals(0, p.exit(), p::toString);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            assertEquals(List.of(large + "|" + each.get(large.toString()), small + "|" + each.get(small.toString())),
                    strings(s, "SELECT recording, count(*) FROM read_parquet('" + dataset + "/calls/**/*.parquet', hive_partitioning = true)"
                            + " GROUP BY ALL ORDER BY 1"));
        }
        Jtrace.Result again = Jtrace.jtrace(dir, "export", small.toString(), "--format", "parquet", "-o", dataset.toString());
        assertEquals(2, again.exit(), again::toString);
        assertEquals("jtrace export: " + dataset + " is not empty: give a new or empty directory\n", again.err());
        Jtrace.Result json = Jtrace.jtrace(dir, "export", small.toString(), large.toString(), "--format", "json");
        assertEquals(2, json.exit(), json::toString);
        assertEquals("jtrace export: --format json reads one recording, not 2 (several make one dataset with --format parquet)\n", json.err());
    }

    @Test
    void errorsAreOneLine() throws Exception {
        Jdk jdk = Jdk.current();
        Path rec = record(jdk, "bank.jfr", List.of(), "bank.Main", "2", "5");
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Map<String, String> env = Map.of("TMPDIR", tmp.toString());

        Jtrace.Result bad = Jtrace.jtraceWithEnv(dir, env, "query", rec.toString(), "SELEC method FROM calls");
        assertEquals(2, bad.exit(), bad::toString);
        assertEquals("", bad.out());
        assertEquals("jtrace query: Parser Error: syntax error at or near \"SELEC\"\n", bad.err());

        // jtrace itself on every JDK: the engine's native library loads without JDK 24+'s warning lines
        for (Jdk own : Jdk.all()) {
            Map<String, String> on = Map.of("TMPDIR", tmp.toString(), "JTRACE_JAVA", own.java().toString());
            Jtrace.Result again = Jtrace.jtraceWithEnv(dir, on, "query", rec.toString(), "SELEC method FROM calls");
            assertEquals("jtrace query: Parser Error: syntax error at or near \"SELEC\"\n", again.err(), () -> own + ": " + again);
            Jtrace.Result good = Jtrace.jtraceWithEnv(dir, on, "query", rec.toString(), "SELECT count(*) FROM calls");
            assertEquals(0, good.exit(), () -> own + ": " + good);
            assertEquals("", good.err(), () -> own + ": " + good);
            Jtrace.Result parquet = Jtrace.jtraceWithEnv(dir, on, "export", rec.toString(), "--format", "parquet",
                    "-o", dir.resolve("pq-" + own.major()).toString());
            assertEquals(1, parquet.err().lines().count(), () -> own + ": " + parquet);
        }

        Jtrace.Result column = Jtrace.jtrace(dir, "query", rec.toString(), "SELECT nosuch FROM calls");
        assertEquals(2, column.exit(), column::toString);
        assertEquals(1, column.err().lines().count(), column::toString);
        assertTrue(column.err().startsWith("jtrace query: Binder Error: Referenced column \"nosuch\" not found"), column::toString);

        // the recording's own errors, as every reading command gives them
        for (String file : List.of("missing.jfr", rec.getParent().toString())) {
            Jtrace.Result summary = Jtrace.jtrace(dir, "summary", file);
            Jtrace.Result query = Jtrace.jtrace(dir, "query", file, "SELECT 1");
            assertEquals(2, query.exit(), query::toString);
            assertEquals(summary.err().replace("jtrace summary:", "jtrace query:"), query.err());
        }
        Path cut = dir.resolve("cut.jfr");
        byte[] bytes = Files.readAllBytes(rec);
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Jtrace.Result cutSummary = Jtrace.jtrace(dir, "summary", cut.toString());
        Jtrace.Result cutQuery = Jtrace.jtrace(dir, "query", cut.toString(), "SELECT count(*) > 0 FROM calls");
        assertEquals(cutSummary.exit(), cutQuery.exit(), cutQuery::toString);
        assertEquals(cutSummary.err().replace("jtrace summary:", "jtrace query:"), cutQuery.err());

        // nothing left in the temporary directory: DuckDB's spill directory and native library are gone
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList());
        }
    }

    /**
     * DuckDB's native library is unpacked once into jtrace's cache (not by the driver into a
     * temporary file at every query), used as it is by the next query, unpacked again when cut,
     * and unpacked by the driver as before when the cache cannot be written.
     */
    @Test
    void theEnginesLibraryIsUnpackedOnce() throws Exception {
        Path rec = record(Jdk.current(), "bank.jfr", List.of(), "bank.Main", "2", "5");
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path cache = dir.resolve("cache");
        Map<String, String> env = Map.of("TMPDIR", tmp.toString(), "XDG_CACHE_HOME", cache.toString());
        String expected = Jtrace.jtrace(dir, "query", rec.toString(), "SELECT count(*) FROM calls").out();

        Jtrace.Result first = Jtrace.jtraceWithEnv(dir, env, "query", rec.toString(), "SELECT count(*) FROM calls");
        assertEquals(expected, first.out(), first::toString);
        assertEquals("", first.err());
        Path library;
        try (Stream<Path> unpacked = Files.walk(cache.resolve("jtrace/engine"))) {
            List<Path> files = unpacked.filter(Files::isRegularFile).toList();
            assertEquals(1, files.size(), files::toString);
            library = files.get(0);
        }
        java.util.zip.ZipEntry entry = libraryEntry(library);
        Object fileKey = Files.readAttributes(library, java.nio.file.attribute.BasicFileAttributes.class).fileKey();

        Jtrace.Result second = Jtrace.jtraceWithEnv(dir, env, "query", rec.toString(), "SELECT count(*) FROM calls");
        assertEquals(expected, second.out(), second::toString);
        assertEquals(fileKey, Files.readAttributes(library, java.nio.file.attribute.BasicFileAttributes.class).fileKey(),
                "the second query used the unpacked library as it was");

        // a cut library (a disk filled up, a copied cache) is unpacked again, whole
        byte[] whole = Files.readAllBytes(library);
        Files.write(library, java.util.Arrays.copyOf(whole, whole.length / 3));
        Jtrace.Result afterCut = Jtrace.jtraceWithEnv(dir, env, "query", rec.toString(), "SELECT count(*) FROM calls");
        assertEquals(expected, afterCut.out(), afterCut::toString);
        assertEquals("", afterCut.err());
        assertEquals(entry.getSize(), Files.size(library));

        // no cache to write into (XDG_CACHE_HOME names a file): the driver unpacks the library itself
        Path notADirectory = Files.writeString(dir.resolve("not-a-directory"), "x");
        Jtrace.Result uncached = Jtrace.jtraceWithEnv(dir, Map.of("TMPDIR", tmp.toString(), "XDG_CACHE_HOME", notADirectory.toString()),
                "query", rec.toString(), "SELECT count(*) FROM calls");
        assertEquals(expected, uncached.out(), uncached::toString);
        assertEquals("", uncached.err());
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList(), "the driver's temporary library is removed at exit");
        }
    }

    /** The entry of jtrace-query.jar whose bytes {@code library} holds (CRC-32 and size). */
    private static java.util.zip.ZipEntry libraryEntry(Path library) throws Exception {
        byte[] bytes = Files.readAllBytes(library);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(bytes);
        try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(Jtrace.executable().resolveSibling("jtrace-query.jar").toFile())) {
            return jar.stream().filter(e -> e.getName().startsWith("libduckdb_java.so_"))
                    .filter(e -> e.getSize() == bytes.length && e.getCrc() == crc.getValue())
                    .findFirst().orElseThrow(() -> new AssertionError(library + " is none of the engine's libraries"));
        }
    }

    @Test
    void withoutTheEngineOneLineSaysWhatToDo() throws Exception {
        Jdk jdk = Jdk.current();
        Path rec = record(jdk, "bank.jfr", List.of(), "bank.Main", "2", "5");
        Path alone = Files.createDirectory(dir.resolve("bin")).resolve("jtrace");
        Files.copy(Jtrace.executable(), alone);
        for (List<String> args : List.of(List.of("query", rec.toString(), "SELECT 1"),
                List.of("export", rec.toString(), "--format", "parquet", "-o", dir.resolve("ds").toString()))) {
            List<String> cmd = new ArrayList<>(List.of(alone.toString()));
            cmd.addAll(args);
            Jtrace.Result r = Jtrace.exec(dir, cmd, Map.of());
            assertEquals(2, r.exit(), r::toString);
            assertEquals("jtrace " + args.get(0) + ": the SQL engine is missing: no jtrace-query.jar beside " + alone.getParent()
                    + " (build it with 'mvn -B package' in jtrace's source, which writes jtrace/target/jtrace-query.jar, then"
                    + " 'jtrace/target/jtrace install'; or set JTRACE_QUERY_JAR)\n", r.err());
            assertFalse(Files.exists(dir.resolve("ds")));
        }
        Jtrace.Result named = Jtrace.jtraceWithEnv(dir, Map.of("JTRACE_QUERY_JAR", dir.resolve("nowhere.jar").toString()),
                "query", rec.toString(), "SELECT 1");
        assertEquals(2, named.exit(), named::toString);
        assertTrue(named.err().startsWith("jtrace query: the SQL engine is missing: JTRACE_QUERY_JAR names " + dir.resolve("nowhere.jar")),
                named::toString);
    }

    @Test
    void statementsFromStandardInputAndTheOutputFormats() {
        Jdk jdk = Jdk.current();
        Path rec = record(jdk, "bank.jfr", List.of(), "bank.Main", "2", "5");
        Jtrace.Result script = Jtrace.exec(dir, List.of(Jtrace.executable().toString(), "query", rec.toString()), Map.of(),
                "SELECT count(*) AS n\n  FROM calls WHERE depth = 0;\nSELECT 'a,b' AS text, NULL AS nothing, 42 AS answer;\n");
        assertEquals(0, script.exit(), script::toString);
        assertEquals(List.of("n", "-", "3", "(1 row)", "text  nothing  answer", "----  -------  ------",
                "a,b   NULL         42", "(1 row)"), script.outLines());
        // several statements in one argument, or on one line of a script: each one's rows, not the last one's alone
        Jtrace.Result two = Jtrace.jtrace(dir, "query", rec.toString(), "--format", "csv", "SELECT 1 AS a; SELECT 'x;y' AS b");
        assertEquals("a\n1\nb\nx;y\n", two.out(), two::toString);
        Jtrace.Result line = Jtrace.exec(dir, List.of(Jtrace.executable().toString(), "query", rec.toString(), "--format", "csv"), Map.of(),
                "SELECT 1 AS a; SELECT 2 AS b;\n");
        assertEquals("a\n1\nb\n2\n", line.out(), line::toString);
        Jtrace.Result csv = Jtrace.jtrace(dir, "query", rec.toString(), "--format", "csv", "SELECT 'a,b' AS text, NULL AS nothing, 42 AS answer");
        assertEquals("text,nothing,answer\n\"a,b\",,42\n", csv.out());
        Jtrace.Result json = Jtrace.jtrace(dir, "query", rec.toString(), "--format", "json",
                "SELECT 'a\"b' AS text, NULL AS nothing, 42 AS answer, sum(duration_ns) > 0 AS timed FROM calls");
        assertEquals("{\"text\":\"a\\\"b\",\"nothing\":null,\"answer\":42,\"timed\":true}\n", json.out());
    }
}
