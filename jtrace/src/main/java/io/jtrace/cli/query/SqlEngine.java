package io.jtrace.cli.query;

import io.jtrace.read.TraceIndex;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The SQL engine behind {@code jtrace query} and {@code export --format parquet}: DuckDB, in
 * {@code jtrace-query.jar} beside the executable (the {@code query/} module), found through
 * {@link java.util.ServiceLoader} by {@link QueryJar}. Everything else (options, output, the
 * prompt) is plain JDBC on this side, so the executable itself carries no SQL engine.
 */
public interface SqlEngine {
    /** A recording to query: its value in the {@code recording} column, and the recording, open. */
    record Recording(String name, TraceIndex index) {}

    /**
     * What the engine may use: at most {@code memoryLimit} of memory (DuckDB's syntax: {@code 1GB},
     * {@code 512MB}), spilling past it into {@code spillDirectory} (which the caller deletes).
     */
    record Limits(String memoryLimit, Path spillDirectory) {}

    /**
     * A connection whose tables ({@code calls}, {@code exceptions}, {@code variables}, {@code lines},
     * {@code args}, {@code recordings})
     * replay {@code recordings} through the reading engine as a statement reads them. Closing it
     * ends the engine's use of the recordings; the caller closes them.
     */
    Connection open(List<Recording> recordings, Limits limits) throws SQLException;

    /**
     * Writes every table of {@code connection} (opened over {@code recordings}) as a Parquet dataset
     * in {@code directory} (which exists and is empty): {@code TABLE/recording_key=KEY/*.parquet},
     * a file for each table and recording even when it has no rows, the schema version in each
     * file's metadata.
     */
    void writeParquet(Connection connection, List<Recording> recordings, Path directory) throws SQLException;
}
