package io.jtrace.cli.query;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** DuckDB's error messages as jtrace prints them: one line. */
public final class SqlErrors {
    private SqlErrors() {}

    /**
     * DuckDB's message on one line: {@code Parser Error: syntax error at or near "SELEC"}. The
     * lines it adds to point into the statement ({@code LINE 1: ...} and a caret) are left out,
     * the other lines (candidates, hints) joined with spaces.
     */
    public static String oneLine(SQLException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        List<String> kept = new ArrayList<>();
        for (String line : message.split("\r?\n")) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("LINE ") || t.chars().allMatch(c -> c == '^' || c == ' ')) continue;
            kept.add(t);
        }
        return String.join(" ", kept);
    }
}
