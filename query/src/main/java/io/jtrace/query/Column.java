package io.jtrace.query;

/** A column of a table: its SQL name, its type and what it holds (docs/query.md lists the same). */
record Column(String name, Type type) {
    /** The three types the tables use; each maps to one DuckDB and Parquet type. */
    enum Type {
        /** 64-bit integer: ids, times in nanoseconds. */
        BIGINT,
        /** 32-bit integer: depths, line numbers, step numbers. */
        INTEGER,
        /** Text (UTF-8). */
        VARCHAR,
        /** True or false (held as 1 or 0 in a scan's number columns). */
        BOOLEAN
    }

    static Column bigint(String name) {
        return new Column(name, Type.BIGINT);
    }

    static Column integer(String name) {
        return new Column(name, Type.INTEGER);
    }

    static Column bool(String name) {
        return new Column(name, Type.BOOLEAN);
    }

    static Column text(String name) {
        return new Column(name, Type.VARCHAR);
    }
}
