package io.jtrace.cli.query;

import java.util.ArrayList;
import java.util.List;

/**
 * SQL text cut into its statements at each ';' outside quotes and comments. DuckDB given
 * {@code SELECT 1; SELECT 2} in one call runs both and answers with the last one's rows only; run
 * one by one, each statement's rows are printed, as DuckDB's own shell prints them.
 */
public final class SqlStatements {
    private SqlStatements() {}

    /** The statements of {@code sql}, each stripped, without its ';'; blank ones (';;') left out. */
    public static List<String> split(String sql) {
        List<String> statements = new ArrayList<>();
        int start = 0;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                i = closing(sql, i + 1, c);
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int eol = sql.indexOf('\n', i);
                i = eol < 0 ? n : eol + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == ';') {
                add(statements, sql.substring(start, i));
                start = ++i;
            } else {
                i++;
            }
        }
        add(statements, sql.substring(start));
        return statements;
    }

    /** Past the quote that closes one opened before {@code from} (a doubled quote is part of the text); the end if none does. */
    private static int closing(String sql, int from, char quote) {
        int i = from;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return i;
    }

    private static void add(List<String> statements, String statement) {
        // a statement of comments alone is left to DuckDB only if it is all there is (it says it is empty)
        if (!statement.isBlank()) statements.add(statement.strip());
    }
}
