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

    /**
     * The column of times (nanoseconds since the recording's tracing started) that the views give a
     * wall-clock twin, a TIMESTAMP named alike with {@code _ts} for {@code _ns}; null for none.
     */
    default String timeColumn() {
        return null;
    }

    /** Whether {@code index} can have rows here at all (variables only where recorded...). */
    default boolean present(TraceIndex index) {
        return true;
    }

    /** Replays {@code index} and writes its rows. */
    void rows(TraceIndex index, Rows rows);
}
