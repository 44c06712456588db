package io.jtrace.cli.query;

import io.jtrace.cli.UserException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The SQL engine open over some recordings: its connection, and the private directory it spills
 * to past its memory limit ({@code jtrace-query-*} in java.io.tmpdir, which the launcher sets from
 * TMPDIR), removed when the session closes. The recordings are the caller's to close.
 */
public final class QuerySession implements AutoCloseable {
    private final SqlEngine engine;
    private final Path spill;
    private final Connection connection;
    private final List<SqlEngine.Recording> recordings;
    /** Removes the spill directory if jtrace is stopped (Ctrl-C) before the session closes. */
    private final Thread onExit;

    private QuerySession(SqlEngine engine, Path spill, Connection connection, List<SqlEngine.Recording> recordings) {
        this.engine = engine;
        this.recordings = List.copyOf(recordings);
        this.spill = spill;
        this.connection = connection;
        this.onExit = new Thread(() -> delete(spill), "jtrace-query-cleanup");
        Runtime.getRuntime().addShutdownHook(onExit);
    }

    /**
     * A size as the engine takes it (512MB, 2GB, 1.5 GiB); anything else is the user's error,
     * named. Callers check it before the recordings are read, as {@link #open} needs it after.
     */
    public static void checkMemoryLimit(String memoryLimit) {
        // a unit is needed: DuckDB refuses a bare number only when the statement runs ("Unknown unit for memory")
        if (!memoryLimit.strip().matches("(?i)none|-1|\\d+(\\.\\d+)?\\s*(%|b|bytes|[kmgt]|[kmgt]i?b|kilobytes|megabytes|gigabytes|terabytes)")) {
            throw new io.jtrace.cli.UserException("--memory-limit must be a size such as 512MB or 2GB, not '" + memoryLimit + "'");
        }
    }

    /** Opens the engine over {@code recordings}, using at most {@code memoryLimit} of memory before spilling to disk. */
    public static QuerySession open(List<SqlEngine.Recording> recordings, String memoryLimit) {
        SqlEngine engine = QueryJar.engine();
        Path spill;
        try {
            spill = Files.createTempDirectory("jtrace-query-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw new UserException("cannot create a temporary directory in " + System.getProperty("java.io.tmpdir") + ": "
                    + io.jtrace.cli.FileProblems.reason(e) + " (set TMPDIR to a writable directory)");
        }
        try {
            return new QuerySession(engine, spill, engine.open(recordings, new SqlEngine.Limits(memoryLimit, spill)), recordings);
        } catch (SQLException e) {
            delete(spill);
            throw new UserException(SqlErrors.oneLine(e));
        } catch (RuntimeException e) {
            delete(spill);
            throw e;
        }
    }

    public Connection connection() {
        return connection;
    }

    /** Writes every table as a Parquet dataset in {@code directory} (existing and empty). */
    public void writeParquet(Path directory) throws SQLException {
        engine.writeParquet(connection, recordings, directory);
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing anyway
        }
        delete(spill);
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException exiting) {
            // the hook runs anyway
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // already gone
        }
    }
}
