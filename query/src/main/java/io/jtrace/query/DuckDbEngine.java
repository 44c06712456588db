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

    @Override
    public void writeParquet(Connection connection, Path directory) throws SQLException {
        try (Statement s = connection.createStatement()) {
            for (Table t : TraceTables.ALL) {
                Path dir = directory.resolve(t.name());
                s.execute("COPY (SELECT * FROM " + t.name() + ") TO " + TraceTables.literal(dir.toString())
                        + " (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (recording), KV_METADATA {jtrace_schema: '"
                        + TraceTables.SCHEMA_VERSION + "', jtrace_table: '" + t.name() + "'})");
            }
        }
    }
}
