package io.jtrace.query;

import org.duckdb.DuckDBWritableVector;

import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes a block's number columns straight into a DuckDB output vector's memory.
 *
 * <p>Why: duckdb_jdbc 2.0.0.0's {@code setLong}/{@code setInt} check the row and the type and take
 * a lock on the vector's validity mask for every value (a JFR profile of {@code jtrace query} over
 * a 102M-record recording: a quarter of the Java samples in that lock's unlock). Here a column is
 * one bulk copy and its validity mask is written a 64-row word at a time. The vector's memory is
 * reached through two private fields of {@link DuckDBWritableVector} ({@code data}, {@code validity}:
 * DuckDB's own buffers, native byte order); if a later duckdb_jdbc lacks them, {@link #AVAILABLE}
 * is false and the callers use the public setters.
 */
final class VectorMemory {
    private static final Field DATA = field("data");
    private static final Field VALIDITY = field("validity");
    static final boolean AVAILABLE = DATA != null && VALIDITY != null;

    private VectorMemory() {}

    private static Field field(String name) {
        try {
            Field f = DuckDBWritableVector.class.getDeclaredField(name);
            if (f.getType() != ByteBuffer.class) return null;
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static ByteBuffer buffer(Field f, DuckDBWritableVector v) {
        try {
            return ((ByteBuffer) f.get(v)).duplicate().order(ByteOrder.nativeOrder());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Rows 0..rows-1 of column {@code column} of {@code b} into {@code v}: 64-bit values, or 32-bit if {@code ints}. */
    static void numbers(DuckDBWritableVector v, Scan.Block b, int column, int rows, boolean ints) {
        ByteBuffer data = buffer(DATA, v);
        long[] values = b.numbers[column];
        if (ints) {
            for (int r = 0; r < rows; r++) data.putInt(r << 2, (int) values[r]);
        } else {
            data.asLongBuffer().put(values, 0, rows);
        }
        validity(v, b, column, rows);
    }

    /** Row numbers 0..rows-1 (a row id DuckDB asked for and does not use). */
    static void rowIds(DuckDBWritableVector v, int rows) {
        ByteBuffer data = buffer(DATA, v);
        for (int r = 0; r < rows; r++) data.putLong(r << 3, r);
        ByteBuffer mask = buffer(VALIDITY, v);
        for (int w = 0; w << 6 < rows; w++) mask.putLong(w << 3, -1L);
    }

    /** The validity mask of the first {@code rows} rows: bit r of word r / 64 set when the row set the column. */
    private static void validity(DuckDBWritableVector v, Scan.Block b, int column, int rows) {
        ByteBuffer mask = buffer(VALIDITY, v);
        long[] set = b.set;
        for (int w = 0; w << 6 < rows; w++) {
            long word = 0;
            int end = Math.min(rows, (w + 1) << 6);
            for (int r = w << 6; r < end; r++) word |= (set[r] >>> column & 1) << (r & 63);
            if (end < (w + 1) << 6) word |= -1L << (end & 63); // past the last row: valid, as DuckDB leaves them
            mask.putLong(w << 3, word);
        }
    }
}
