package io.jtrace.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Parquet dataset as DuckDB reads it (an engine jtrace does not write; pyarrow is not on this
 * machine and Spark neither, see docs/query.md): every table, the empty ones too, with its columns;
 * a recording named with non-ASCII letters comes back unchanged in the {@code recording} column,
 * and its partition path is ASCII, so every engine decodes it alike; the {@code recordings} table
 * against what the JDK's own {@code jfr} tool reads from the recording (pid, main class, the
 * wall-clock origin); each wall-clock TIMESTAMP is that origin plus the row's nanoseconds, in the
 * dataset and in {@code jtrace query}.
 */
class ParquetDatasetTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The tables and their columns, as docs/query.md lists them (after {@code recording}). */
    private static final Map<String, String> COLUMNS = Map.of(
            "calls", "thread thread_id call_id parent_id depth class method descriptor start_ns duration_ns self_ns outcome exception"
                    + " timed estimated_ns start_ts",
            "exceptions", "exception_id step thread type message how site time_ns call_id outcome time_ts",
            "variables", "thread call_id time_ns access kind name declared_type line value time_ts",
            "lines", "thread call_id time_ns class method line time_ts",
            "args", "thread call_id kind position name declared_type value value_kind value_type",
            "recordings", "host pid main command jvm jvm_version duration_ns calls untimed_calls start_ts");

    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** A value of the first {@code NAME} event in {@code jfr print --json} of {@code rec} (the JDK's own reader). */
    private JsonNode jfrEvent(Jdk jdk, Path rec, String name) throws Exception {
        Jtrace.Result print = Jtrace.exec(dir, List.of(jdk.jfrTool().toString(), "print", "--json", "--events", name,
                rec.toString()), Map.of());
        assertEquals(0, print.exit(), print::toString);
        JsonNode events = JSON.readTree(print.out()).path("recording").path("events");
        assertTrue(events.size() > 0, print::toString);
        return events.get(0).path("values");
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

    @ParameterizedTest
    @MethodSource("jdks")
    void duckDbReadsEveryTableWithItsNameItsRunAndItsWallClock(Jdk jdk) throws Exception {
        Path hosts = Files.createDirectories(dir.resolve("hôte-1"));
        Path rec = hosts.resolve("bänk+x=é 1.jfr"); // letters outside ASCII, a space, and Hive's '=' and '+'
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "3", "25");
        assertEquals(0, run.exit(), run::toString);
        Matcher calls = Pattern.compile("jtrace: ([\\d,]+) calls ").matcher(run.err());
        assertTrue(calls.find(), run::toString);
        JsonNode jvm = jfrEvent(jdk, rec, "jdk.JVMInformation");
        long origin = jfrEvent(jdk, rec, "jtrace.Session").path("epochNanosOrigin").asLong();
        assertTrue(origin > 1_600_000_000_000_000_000L, "a wall-clock origin: " + origin);

        Path dataset = dir.resolve("dataset");
        Jtrace.Result export = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "parquet", "-o", dataset.toString());
        assertEquals(0, export.exit(), export::toString);

        // the partition directories: ASCII only, so Spark's byte-by-byte decoding reads what DuckDB and pyarrow read
        List<String> partitions;
        try (Stream<Path> s = Files.walk(dataset)) {
            partitions = s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).filter(n -> n.startsWith("recording_key=")).toList();
        }
        assertEquals(COLUMNS.size(), partitions.size(), partitions::toString);
        String key = partitions.get(0).substring("recording_key=".length());
        for (String p : partitions) {
            assertEquals("recording_key=" + key, p, "one key per recording in every table");
            assertTrue(p.chars().allMatch(c -> c > ' ' && c < 127), "ASCII: " + p);
        }

        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            for (Map.Entry<String, String> t : COLUMNS.entrySet()) {
                String table = "read_parquet('" + dataset.resolve(t.getKey()) + "/**/*.parquet', hive_partitioning = true)";
                List<String> columns = new ArrayList<>();
                try (ResultSet rs = s.executeQuery("DESCRIBE SELECT * FROM " + table)) {
                    while (rs.next()) columns.add(rs.getString("column_name"));
                }
                assertEquals("recording " + t.getValue() + " recording_key", String.join(" ", columns), t.getKey());
                // the name, byte for byte, in every table that has rows; the partition value as the directory says
                List<String> names = strings(s, "SELECT DISTINCT recording, recording_key FROM " + table);
                if (t.getKey().equals("variables") || t.getKey().equals("lines") || t.getKey().equals("args")) {
                    assertEquals(List.of(), names, t.getKey() + " holds no rows without --vars, --lines, --args");
                } else {
                    assertEquals(List.of(rec + "|" + key), names, t.getKey());
                }
            }
            String recordings = "read_parquet('" + dataset.resolve("recordings") + "/**/*.parquet')";
            String javaArguments = jvm.path("javaArguments").asText();
            assertEquals("bank.Main 3 25", javaArguments);
            Jtrace.Result hostname = Jtrace.exec(dir, List.of("hostname"), Map.of()); // the machine's own word for its name
            assertEquals(0, hostname.exit(), hostname::toString);
            assertEquals(List.of(String.join("|", rec.toString(), hostname.out().strip(), jvm.path("pid").asText(), "bank.Main", javaArguments,
                            jvm.path("jvmName").asText(), jvm.path("jvmVersion").asText(), calls.group(1).replace(",", ""), "0",
                            Long.toString(origin / 1000))),
                    strings(s, "SELECT recording, host, pid, main, command, jvm, jvm_version, calls, coalesce(untimed_calls, 0),"
                            + " epoch_us(start_ts) FROM " + recordings));
            assertTrue(Long.parseLong(strings(s, "SELECT duration_ns FROM " + recordings).get(0)) > 0);
            // every time's wall-clock twin: the origin plus its nanoseconds (to the microsecond)
            for (String[] t : new String[][]{{"calls", "start"}, {"exceptions", "time"}}) {
                String table = "read_parquet('" + dataset.resolve(t[0]) + "/**/*.parquet')";
                assertEquals(List.of("0"), strings(s, "SELECT count(*) FROM " + table + " WHERE epoch_us(" + t[1] + "_ts) <> (" + origin
                        + " + " + t[1] + "_ns) // 1000 OR " + t[1] + "_ts IS NULL"), t[0]);
                assertTrue(Long.parseLong(strings(s, "SELECT count(*) FROM " + table).get(0)) > 10, t[0]);
            }
        }

        // jtrace query: the same name, and the same wall-clock times
        Jtrace.Result q = Jtrace.jtrace(dir, "query", "--format", "json", rec.toString(), "SELECT recording, count(*) AS n,"
                + " count(*) FILTER (epoch_us(start_ts) = (" + origin + " + start_ns) // 1000) AS on_time, min(start_ts)::VARCHAR AS first"
                + " FROM calls GROUP BY ALL");
        assertEquals(0, q.exit(), q::toString);
        JsonNode row = JSON.readTree(q.out());
        assertEquals(rec.toString(), row.path("recording").asText());
        assertEquals(calls.group(1).replace(",", ""), row.path("n").asText());
        assertEquals(row.path("n").asLong(), row.path("on_time").asLong(), q::toString);
        assertEquals(1, q.outLines().size(), q::toString);
    }
}
