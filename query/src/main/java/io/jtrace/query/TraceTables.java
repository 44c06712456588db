package io.jtrace.query;

import io.jtrace.cli.query.SqlEngine;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The tables of {@code jtrace query} and of the Parquet dataset, in one place (docs/query.md
 * documents them; the schema's version is {@link #SCHEMA_VERSION}). Each is a view over all
 * recordings, {@code recording} first, then the table's own columns.
 */
final class TraceTables {
    private TraceTables() {}

    /** Raised when a column changes meaning or goes; adding a table or a column at the end does not. */
    static final int SCHEMA_VERSION = 1;

    static final List<Table> ALL = List.of(new CallsTable(), new ExceptionsTable(), new VariablesTable(), new LinesTable(),
            new ArgsTable(), new RecordingsTable());

    /** Registers the tables' functions and creates their views over {@code recordings}. */
    static void create(Connection connection, List<SqlEngine.Recording> recordings) throws SQLException {
        try (Statement s = connection.createStatement()) {
            for (Table t : ALL) {
                ScanFunction.register(connection, t, recordings);
                StringBuilder view = new StringBuilder("CREATE VIEW ").append(t.name()).append(" AS ");
                for (int i = 0; i < recordings.size(); i++) {
                    if (i > 0) view.append(" UNION ALL ");
                    view.append(select(t, i, recordings.get(i)));
                }
                s.execute(view.toString());
            }
        }
    }

    /**
     * The rows of table {@code t} of the {@code i}-th recording: {@code recording}, the table's
     * columns, then the wall-clock TIMESTAMP of its time column (or, in {@code recordings}, of the
     * start of tracing, {@code start_ts}).
     */
    static String select(Table t, int i, SqlEngine.Recording recording) {
        StringBuilder sql = new StringBuilder("SELECT ").append(literal(recording.name())).append(" AS recording");
        for (Column c : t.columns()) sql.append(", ").append(c.name());
        long origin = recording.index().epochNanosOrigin();
        if (t.timeColumn() != null) {
            sql.append(", ").append(wallClock(origin, t.timeColumn())).append(" AS ")
                    .append(t.timeColumn().replaceAll("_ns$", "_ts"));
        } else if (t instanceof RecordingsTable) {
            sql.append(", ").append(wallClock(origin, "0")).append(" AS start_ts");
        }
        return sql.append(" FROM ").append(ScanFunction.functionName(t)).append('(').append(i).append(')').toString();
    }

    /**
     * The wall-clock time of {@code nanos} (an SQL expression of nanoseconds since tracing started):
     * the recording's wall-clock origin plus them, as a TIMESTAMP (UTC, to the microsecond: Spark
     * reads no finer from Parquet); NULL when the recording does not hold its origin.
     */
    private static String wallClock(long epochNanosOrigin, String nanos) {
        if (epochNanosOrigin <= 0) return "CAST(NULL AS TIMESTAMP)";
        return "make_timestamp((" + epochNanosOrigin + " + " + nanos + ") // 1000)";
    }

    /** {@code 'it''s'}: an SQL string literal. */
    static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
