package io.jtrace.query;

import org.duckdb.DuckDBColumnType;
import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBDriver;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBTableFunction;
import org.duckdb.DuckDBTableFunctionBindInfo;
import org.duckdb.DuckDBTableFunctionCallInfo;
import org.duckdb.DuckDBTableFunctionInitInfo;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Number columns written straight into DuckDB's vectors come back as written, NULLs included. */
class VectorMemoryTest {
    /** Rows over two vectors and a partial third; column 0 BIGINT (NULL every 7th row), column 1 INTEGER (NULL every 5th). */
    private static final int ROWS = 2 * Scan.ROWS + 100;

    @Test
    void theDuckDbVersionHasTheFields() {
        assertTrue(VectorMemory.AVAILABLE, "duckdb_jdbc changed: VectorMemory falls back to the per-value setters");
    }

    @Test
    void numbersAndNullsRoundTrip() throws Exception {
        try (Connection c = new DuckDBDriver().connect("jdbc:duckdb:", new Properties())) {
            DuckDBFunctions.tableFunction().withName("numbers").withFunction(new Numbers()).register(c);
            List<String> rows = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT big, small FROM numbers()")) {
                while (r.next()) rows.add(r.getObject(1) + " " + r.getObject(2));
            }
            assertEquals(ROWS, rows.size());
            for (int i = 0; i < ROWS; i++) {
                String big = i % 7 == 0 ? "null" : Long.toString(i * 1_000_000_007L);
                String small = i % 5 == 0 ? "null" : Integer.toString(-i);
                assertEquals(big + " " + small, rows.get(i), "row " + i);
            }
        }
    }

    private static final class Numbers implements DuckDBTableFunction<Object, int[], Object> {
        @Override
        public Object bind(DuckDBTableFunctionBindInfo info) {
            info.addResultColumn("big", DuckDBColumnType.BIGINT);
            info.addResultColumn("small", DuckDBColumnType.INTEGER);
            return "";
        }

        @Override
        public int[] init(DuckDBTableFunctionInitInfo info) {
            info.setMaxThreads(1);
            return new int[1];
        }

        @Override
        public long apply(DuckDBTableFunctionCallInfo info, DuckDBDataChunkWriter output) {
            int[] done = info.getInitData();
            int rows = Math.min(Scan.ROWS, ROWS - done[0]);
            if (rows == 0) return 0;
            Scan.Block b = new Scan.Block(2);
            b.numbers[0] = new long[Scan.ROWS];
            b.numbers[1] = new long[Scan.ROWS];
            for (int r = 0; r < rows; r++) {
                int i = done[0] + r;
                b.numbers[0][r] = i * 1_000_000_007L;
                b.numbers[1][r] = -i;
                b.set[r] = (i % 7 == 0 ? 0 : 1) | (i % 5 == 0 ? 0 : 2);
            }
            VectorMemory.numbers(output.vector(0), b, 0, rows, false);
            VectorMemory.numbers(output.vector(1), b, 1, rows, true);
            done[0] += rows;
            return rows;
        }
    }
}
