package io.jtrace.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtrace.format.Durations;
import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Calls the tracer left untimed (their methods measured shorter than the clock) are marked as such
 * in every export, read by clients jtrace did not write (Jackson for JSON, Chrome and speedscope
 * files; DuckDB for CSV, Parquet and {@code jtrace query}): as many as {@code run} counted, none
 * with a measured duration, each with {@code summary}'s estimate in a field of its own (the one
 * its averages are made of), and no zero-length slice left that would pass for a measured one.
 */
class UntimedExportsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private Path export(Path rec, String format, String file) {
        Path out = dir.resolve(file);
        Jtrace.Result r = Jtrace.jtrace(dir, "export", rec.toString(), "--format", format, "-o", out.toString());
        assertEquals(0, r.exit(), r::toString);
        return out;
    }

    private static List<String> strings(Statement s, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) row.add(String.valueOf(rs.getString(i)));
                rows.add(String.join("|", row));
            }
        }
        return rows;
    }

    private static final Pattern SUMMARY_ROW = Pattern.compile(
            " *([\\d,]+) +~?(\\S+ \\S+) +~?(\\S+ \\S+) +~?(\\S+ \\S+) +(\\S+ \\S+) +([\\d,]+)  (.+?)( \\(([\\d,]+) untimed\\))?");

    @ParameterizedTest
    @MethodSource("jdks")
    void untimedCallsAreMarkedWithSummarysEstimateAndNoDuration(Jdk jdk) throws Exception {
        Path rec = dir.resolve("nested.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "counter.NestedCounter", "100", "400"); // 80,001 calls: files a tree parser holds
        assertEquals(0, run.exit(), run::toString);
        Matcher said = Pattern.compile("jtrace: ([\\d,]+) of them \\(\\d+%\\) untimed").matcher(run.err());
        assertTrue(said.find(), "short calls go untimed: " + run.err());
        long untimed = Long.parseLong(said.group(1).replace(",", ""));

        // summary: per method, its untimed calls and its average, of which their estimates are part
        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec.toString());
        Map<String, String> summaryRows = new TreeMap<>();
        for (String line : summary.outLines()) {
            Matcher m = SUMMARY_ROW.matcher(line);
            if (m.matches() && m.group(8) != null) summaryRows.put(m.group(7), m.group(9).replace(",", "") + " untimed, average " + m.group(4));
        }
        assertFalse(summaryRows.isEmpty(), summary::toString);

        // JSON Lines: timed=false and estimatedNanos on each untimed call or exit, and a null duration
        Map<String, Long> estimates = new TreeMap<>();
        long jsonUntimed = 0, untimedLeafCalls = 0;
        for (String line : Files.readAllLines(export(rec, "json", "nested.json"))) {
            JsonNode e = JSON.readTree(line);
            if (!e.has("durationNanos")) continue;
            boolean timed = e.path("timed").asBoolean(true);
            assertEquals(timed, e.get("durationNanos").isNumber(), line);
            if (timed) continue;
            jsonUntimed++;
            if (e.get("kind").asText().equals("call")) untimedLeafCalls++;
            assertTrue(e.get("estimatedNanos").isNumber(), line);
            Long before = estimates.put(e.get("class").asText() + "." + e.get("name").asText(), e.get("estimatedNanos").asLong());
            assertTrue(before == null || before == e.get("estimatedNanos").asLong(), "one estimate per method: " + line);
        }
        assertEquals(untimed, jsonUntimed, "JSON Lines");

        Path dataset = dir.resolve("dataset");
        Jtrace.Result parquet = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "parquet", "-o", dataset.toString());
        assertEquals(0, parquet.exit(), parquet::toString);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            // CSV, as DuckDB's reader types it (timed: BOOLEAN)
            String csv = "read_csv('" + export(rec, "csv", "nested.csv") + "', header = true)";
            assertEquals(List.of(untimed + "|0"), strings(s, "SELECT count(*) FILTER (NOT timed), count(duration_nanos) FILTER (NOT timed)"
                    + " FROM " + csv), "CSV");
            assertEquals(estimates.toString(), perMethod(s, "SELECT DISTINCT class || '.' || method, estimated_nanos FROM " + csv
                    + " WHERE NOT timed"), "CSV");
            // the Parquet dataset and jtrace query: the calls table
            String calls = "read_parquet('" + dataset.resolve("calls") + "/**/*.parquet')";
            String counts = "SELECT count(*) FILTER (NOT timed), count(duration_ns) FILTER (NOT timed), count(self_ns) FILTER (NOT timed),"
                    + " count(estimated_ns) FILTER (NOT timed), count(estimated_ns) FILTER (timed) FROM ";
            assertEquals(List.of(untimed + "|0|0|" + untimed + "|0"), strings(s, counts + calls), "Parquet");
            assertEquals(estimates.toString(), perMethod(s, "SELECT DISTINCT class || '.' || method, estimated_ns FROM " + calls
                    + " WHERE NOT timed"), "Parquet");
            Jtrace.Result q = Jtrace.jtrace(dir, "query", "--format", "csv", rec.toString(), counts.replace(" FROM ", " FROM calls"));
            assertEquals(0, q.exit(), q::toString);
            assertEquals(untimed + "," + 0 + "," + 0 + "," + untimed + "," + 0, q.outLines().get(1), "jtrace query");
            // summary's average of each method with untimed calls: its measured calls and these estimates
            Map<String, String> fromEstimates = new TreeMap<>();
            for (String row : strings(s, "SELECT class || '.' || method, count(*) FILTER (NOT timed),"
                    + " (sum(duration_ns) + coalesce(sum(estimated_ns), 0)) // count(*) FROM " + calls + " GROUP BY ALL HAVING count(*) FILTER (NOT timed) > 0")) {
                String[] f = row.split("\\|");
                String method = summaryRows.keySet().stream().filter(k -> k.startsWith(f[0] + "(")).findFirst().orElse(f[0]);
                fromEstimates.put(method, f[1] + " untimed, average " + Durations.format(Long.parseLong(f[2])));
            }
            assertEquals(summaryRows, fromEstimates, "summary's estimates");
        }

        // Chrome trace: each untimed call is marked; a leaf call an instant, never a zero-length slice
        JsonNode chrome = JSON.readTree(export(rec, "chrome", "nested.chrome.json").toFile());
        long chromeUntimed = 0;
        for (JsonNode e : chrome.get("traceEvents")) {
            String ph = e.get("ph").asText();
            if (ph.equals("X")) assertTrue(e.get("dur").asDouble() > 0, "a slice of no length looks measured: " + e);
            if (!e.path("args").path("timed").asBoolean(true)) {
                chromeUntimed++;
                assertTrue(e.get("name").asText().endsWith(" (untimed)") && e.get("cat").asText().equals("call,untimed"), e::toString);
                assertTrue(ph.equals("i") && !e.has("dur") || ph.equals("X"), e::toString);
                assertTrue(e.get("args").get("estimatedNanos").isNumber(), e::toString);
            }
        }
        assertEquals(untimed, chromeUntimed, "Chrome trace");

        // speedscope: the untimed leaf calls, under frames of their own, open and close at one instant
        JsonNode speedscope = JSON.readTree(export(rec, "speedscope", "nested.speedscope.json").toFile());
        JsonNode frames = speedscope.get("shared").get("frames");
        long untimedFrameOpens = 0;
        for (JsonNode profile : speedscope.get("profiles")) {
            JsonNode events = profile.get("events");
            for (int i = 0; i < events.size(); i++) {
                JsonNode e = events.get(i);
                if (!e.get("type").asText().equals("O")) continue;
                boolean untimedFrame = frames.get(e.get("frame").asInt()).get("name").asText().endsWith(" (untimed)");
                JsonNode next = events.get(i + 1);
                boolean instant = next.get("type").asText().equals("C") && next.get("at").asLong() == e.get("at").asLong();
                if (untimedFrame) {
                    untimedFrameOpens++;
                    assertTrue(instant, e::toString);
                }
            }
        }
        assertEquals(untimedLeafCalls, untimedFrameOpens, "speedscope");
    }

    /** {@code method|estimate} rows as a sorted map's text. */
    private static String perMethod(Statement s, String sql) throws Exception {
        Map<String, Long> m = new TreeMap<>();
        for (String row : strings(s, sql)) m.put(row.split("\\|")[0], Long.parseLong(row.split("\\|")[1]));
        return m.toString();
    }
}
