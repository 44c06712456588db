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
            new ArgsTable());

    /** Registers the tables' functions and creates their views over {@code recordings}. */
    static void create(Connection connection, List<SqlEngine.Recording> recordings) throws SQLException {
        try (Statement s = connection.createStatement()) {
            for (Table t : ALL) {
                ScanFunction.register(connection, t, recordings);
                StringBuilder view = new StringBuilder("CREATE VIEW ").append(t.name()).append(" AS ");
                for (int i = 0; i < recordings.size(); i++) {
                    if (i > 0) view.append(" UNION ALL ");
                    view.append("SELECT ").append(literal(recordings.get(i).name())).append(" AS recording");
                    for (Column c : t.columns()) view.append(", ").append(c.name());
                    view.append(" FROM ")
                            .append(ScanFunction.functionName(t)).append('(').append(i).append(')');
                }
                s.execute(view.toString());
            }
        }
    }

    /** {@code 'it''s'}: an SQL string literal. */
    static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
