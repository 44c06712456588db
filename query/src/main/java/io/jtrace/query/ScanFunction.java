package io.jtrace.query;

import io.jtrace.cli.query.SqlEngine;
import org.duckdb.DuckDBColumnType;
import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBTableFunction;
import org.duckdb.DuckDBTableFunctionBindInfo;
import org.duckdb.DuckDBTableFunctionCallInfo;
import org.duckdb.DuckDBTableFunctionInitInfo;
import org.duckdb.DuckDBTableFunctionState;
import org.duckdb.DuckDBValue;
import org.duckdb.DuckDBWritableVector;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A table as a DuckDB table function, {@code jtrace_calls(n)} for the n-th recording: each
 * statement that reads it replays the recording ({@link Scan}) and receives the rows as DuckDB's
 * vectors, only the columns it reads (projection pushdown). DuckDB pulls the rows, so a statement
 * that needs few (a LIMIT) stops the replay early.
 *
 * <p>Why not DuckDB's appender into a table: duckdb_jdbc 2.0.0.0's appender runs an INSERT
 * statement (parsed and planned) for each vector of 2,048 rows it flushes, several times slower
 * than this function (bench/README.md, "SQL: jtrace query and Parquet"). A table also holds
 * every row, where a scan holds a few blocks: the memory needed does not grow with the recording.
 */
final class ScanFunction implements DuckDBTableFunction<ScanFunction.Bound, ScanFunction.Running, Object> {
    private final Table table;
    private final List<SqlEngine.Recording> recordings;
    /**
     * The function's columns, as the table's column numbers: the table's order with its first number
     * column moved to the front. DuckDB reads a function's first column to count rows (count(*)),
     * and a number is much cheaper to make than text; the views list the columns in the table's order.
     */
    private final int[] order;

    private ScanFunction(Table table, List<SqlEngine.Recording> recordings) {
        this.table = table;
        this.recordings = recordings;
        this.order = order(table.columns());
    }

    static int[] order(List<Column> columns) {
        int first = 0;
        while (first < columns.size() && columns.get(first).type() == Column.Type.VARCHAR) first++;
        if (first == columns.size()) first = 0;
        int[] order = new int[columns.size()];
        order[0] = first;
        for (int i = 0, o = 1; i < columns.size(); i++) if (i != first) order[o++] = i;
        return order;
    }

    /** The function's name in SQL. */
    static String functionName(Table table) {
        return "jtrace_" + table.name();
    }

    /** Registers {@code table}'s function over {@code recordings} in {@code connection}'s database. */
    static void register(Connection connection, Table table, List<SqlEngine.Recording> recordings) throws SQLException {
        DuckDBFunctions.tableFunction()
                .withName(functionName(table))
                .withParameter(DuckDBColumnType.INTEGER)
                .withProjectionPushdown()
                .withFunction(new ScanFunction(table, recordings))
                .register(connection);
    }

    /** The recording a statement names. */
    record Bound(int recording) {}

    /** A scan in progress, closed by DuckDB when the statement is done with it. */
    static final class Running implements DuckDBTableFunctionState {
        final Scan scan;
        final Column.Type[] types;
        /** Text values encoded once: the same names (class, method, thread, outcome) come millions of times. */
        final Utf8Cache names = new Utf8Cache();
        private byte[][] utf8 = new byte[Scan.ROWS][];

        /** A reused array of {@code rows} values for one column. */
        byte[][] utf8(int rows) {
            if (utf8.length != rows) utf8 = new byte[rows][];
            return utf8;
        }

        Running(Scan scan, Column.Type[] types) {
            this.scan = scan;
            this.types = types;
        }

        @Override
        public void close() {
            scan.close();
        }
    }

    @Override
    public Bound bind(DuckDBTableFunctionBindInfo info) {
        int n;
        try (DuckDBValue v = info.getParameter(0)) {
            n = v.getInt();
        }
        if (n < 0 || n >= recordings.size()) {
            throw new IllegalArgumentException(functionName(table) + ": no recording " + n + " (0 to " + (recordings.size() - 1) + ")");
        }
        for (int c : order) info.addResultColumn(table.columns().get(c).name(), duckType(table.columns().get(c).type()));
        return new Bound(n);
    }

    private static DuckDBColumnType duckType(Column.Type t) {
        return switch (t) {
            case BIGINT -> DuckDBColumnType.BIGINT;
            case INTEGER -> DuckDBColumnType.INTEGER;
            case VARCHAR -> DuckDBColumnType.VARCHAR;
            case BOOLEAN -> DuckDBColumnType.BOOLEAN;
        };
    }

    @Override
    public Running init(DuckDBTableFunctionInitInfo info) {
        info.setMaxThreads(1); // one replay per scan; DuckDB's other threads work on what it delivers
        Bound bound = info.getBindData();
        int count = (int) info.getColumnCount();
        int[] kept = new int[count];
        Column.Type[] types = new Column.Type[count];
        for (int i = 0; i < count; i++) {
            long f = info.getColumnIndex(i);
            boolean ours = f >= 0 && f < order.length;
            kept[i] = ours ? order[(int) f] : -1; // DuckDB's own row id: numbered here
            types[i] = ours ? table.columns().get(kept[i]).type() : Column.Type.BIGINT;
        }
        return new Running(new Scan(table, recordings.get(bound.recording()).index(), kept), types);
    }

    @Override
    public long apply(DuckDBTableFunctionCallInfo info, DuckDBDataChunkWriter output) throws Exception {
        Running running = info.getInitData();
        Scan.Block b = running.scan.next();
        if (b == null) return 0;
        int rows = b.size;
        for (int p = 0; p < running.types.length; p++) {
            DuckDBWritableVector v = output.vector(p);
            if (b.texts[p] != null) {
                String[] texts = b.texts[p];
                byte[][] utf8 = running.utf8(rows);
                for (int r = 0; r < rows; r++) utf8[r] = b.isSet(r, p) ? running.names.encoded(texts[r]) : null;
                v.setStringUtf8Batch(0, utf8);
            } else if (b.numbers[p] == null) {
                if (VectorMemory.AVAILABLE) VectorMemory.rowIds(v, rows);
                else for (int r = 0; r < rows; r++) v.setLong(r, r); // a row id DuckDB asked for and does not use
            } else if (running.types[p] == Column.Type.BOOLEAN) {
                long[] values = b.numbers[p];
                for (int r = 0; r < rows; r++) {
                    if (b.isSet(r, p)) v.setBoolean(r, values[r] != 0);
                    else v.setNull(r);
                }
            } else if (VectorMemory.AVAILABLE) {
                VectorMemory.numbers(v, b, p, rows, running.types[p] == Column.Type.INTEGER);
            } else if (running.types[p] == Column.Type.INTEGER) {
                long[] values = b.numbers[p];
                for (int r = 0; r < rows; r++) {
                    if (b.isSet(r, p)) v.setInt(r, (int) values[r]);
                    else v.setNull(r);
                }
            } else {
                long[] values = b.numbers[p];
                for (int r = 0; r < rows; r++) {
                    if (b.isSet(r, p)) v.setLong(r, values[r]);
                    else v.setNull(r);
                }
            }
        }
        running.scan.done(b);
        return rows;
    }
}
