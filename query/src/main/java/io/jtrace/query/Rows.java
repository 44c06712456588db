package io.jtrace.query;

/**
 * Where a table's replay writes its rows, one at a time: set each column the statement reads
 * ({@link #wants}: the others may be skipped, and are ignored), then {@link #end()} the row.
 * A column not set in a row is NULL.
 */
interface Rows {
    /** Whether the statement reads column {@code column} (a value costly to make can be skipped otherwise). */
    boolean wants(int column);

    void set(int column, long value);

    void set(int column, String value);

    void end();
}
