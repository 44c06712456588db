package io.jtrace.query;

import io.jtrace.cli.query.SqlEngine;
import org.duckdb.DuckDBDriver;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

/** {@link SqlEngine} on an in-process DuckDB database, one per {@link #open}, held in memory. */
public final class DuckDbEngine implements SqlEngine {
    @Override
    public Connection open(List<Recording> recordings, Limits limits) throws SQLException {
        Properties p = new Properties();
        p.setProperty(DuckDBDriver.JDBC_STREAM_RESULTS, "true"); // rows reach the output as they come, not all at once
        p.setProperty("memory_limit", limits.memoryLimit());
        p.setProperty("temp_directory", limits.spillDirectory().toString());
        p.setProperty("autoinstall_known_extensions", "false"); // nothing is downloaded behind the user's back
        Connection c = new DuckDBDriver().connect("jdbc:duckdb:", p);
        try {
            TraceTables.create(c, List.copyOf(recordings));
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /**
     * One file per table and recording, {@code TABLE/recording_key=KEY/data_0.parquet}, written even
     * when it has no rows: a table with no file has no schema anywhere (DuckDB finds no files,
     * Spark cannot infer one). The recording's name is the {@code recording} column in the file;
     * the partition's value is an ASCII key made from it ({@link #partitionKey}), because engines
     * decode a partition value differently (Spark byte by byte, DuckDB and pyarrow as UTF-8).
     */
    @Override
    public void writeParquet(Connection connection, List<Recording> recordings, Path directory) throws SQLException {
        try (Statement s = connection.createStatement()) {
            for (Table t : TraceTables.ALL) {
                for (int i = 0; i < recordings.size(); i++) {
                    Path dir = directory.resolve(t.name()).resolve("recording_key=" + partitionKey(recordings.get(i).name()));
                    try {
                        java.nio.file.Files.createDirectories(dir);
                    } catch (java.io.IOException e) {
                        throw new SQLException("cannot create " + dir + ": " + e.getMessage(), e);
                    }
                    s.execute("COPY (" + TraceTables.select(t, i, recordings.get(i)) + ") TO "
                            + TraceTables.literal(dir.resolve("data_0.parquet").toString())
                            + " (FORMAT parquet, COMPRESSION zstd, KV_METADATA {jtrace_schema: '"
                            + TraceTables.SCHEMA_VERSION + "', jtrace_table: '" + t.name() + "'})");
                }
            }
        }
    }

    /**
     * A recording's name as a partition value that every engine reads back alike: ASCII letters,
     * digits, '.', '_' and '-' as they are, every other character as '~' and the two hex digits
     * of each of its UTF-8 bytes ({@code host1/app.jfr}: {@code host1~2Fapp.jfr}). Distinct names
     * give distinct keys; no engine decodes '~'.
     */
    static String partitionKey(String name) {
        StringBuilder key = new StringBuilder();
        for (byte b : name.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
            if (plain) key.append(c);
            else key.append('~').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                    .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
        }
        return key.toString();
    }
}
