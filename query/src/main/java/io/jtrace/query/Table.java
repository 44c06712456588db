package io.jtrace.query;

import io.jtrace.read.TraceIndex;

import java.util.List;

/**
 * One of the tables {@code jtrace query} offers (minus the {@code recording} column, which the
 * view over all recordings adds): its columns, and how a replay of a recording makes its rows.
 */
interface Table {
    /** The table's name in SQL. */
    String name();

    /** Its columns after {@code recording}, in order. */
    List<Column> columns();

    /** Whether {@code index} can have rows here at all (variables only where recorded...). */
    default boolean present(TraceIndex index) {
        return true;
    }

    /** Replays {@code index} and writes its rows. */
    void rows(TraceIndex index, Rows rows);
}
