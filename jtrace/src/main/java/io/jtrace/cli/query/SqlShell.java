package io.jtrace.cli.query;

import io.jtrace.format.Ansi;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.EOFError;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code jtrace query}'s SQL prompt at a terminal (JLine, as the explore shell): a statement ends
 * with {@code ;} and may span lines; history kept across sessions (Ctrl-R searches it); Tab
 * completes table and column names and SQL keywords; Ctrl-C cancels the running statement (at the
 * prompt it clears the line); Ctrl-D or {@code quit} leaves. An error is one line, and the prompt
 * goes on.
 */
public final class SqlShell {
    private static final List<String> KEYWORDS = List.of("SELECT", "FROM", "WHERE", "GROUP", "ORDER", "BY", "HAVING",
            "LIMIT", "JOIN", "LEFT", "ON", "USING", "AS", "AND", "OR", "NOT", "IN", "IS", "NULL", "LIKE", "DISTINCT",
            "COUNT", "SUM", "AVG", "MIN", "MAX", "DESC", "ASC", "WITH", "UNION", "ALL", "CASE", "WHEN", "THEN", "ELSE",
            "END", "DESCRIBE", "SUMMARIZE", "EXPLAIN", "CREATE", "TABLE", "COPY");

    private final Connection connection;
    private final Ansi ansi;
    private final Path history;
    private final String banner;

    public SqlShell(Connection connection, Ansi ansi, Path history, String banner) {
        this.connection = connection;
        this.ansi = ansi;
        this.history = history;
        this.banner = banner;
    }

    /** Whether {@code text} is a whole statement (ends with ';') or one of the shell's own words. */
    public static boolean complete(String text) {
        String t = text.strip();
        return t.isEmpty() || t.endsWith(";") || isShellWord(t);
    }

    private static boolean isShellWord(String t) {
        String w = t.toLowerCase(Locale.ROOT);
        return w.equals("quit") || w.equals("exit") || w.equals(".quit") || w.equals("help") || w.equals(".help")
                || w.equals(".tables");
    }

    public int run() throws IOException {
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            if (history.getParent() != null) Files.createDirectories(history.getParent());
            Completion completion = new Completion();
            LineReader reader = LineReaderBuilder.builder()
                    .terminal(terminal)
                    .appName("jtrace")
                    .parser(new StatementParser())
                    .completer(completion)
                    .variable(LineReader.HISTORY_FILE, history)
                    .variable(LineReader.HISTORY_SIZE, 5_000)
                    .variable(LineReader.SECONDARY_PROMPT_PATTERN, "   ...> ")
                    .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true) // '!' is an ordinary character in SQL
                    .option(LineReader.Option.HISTORY_IGNORE_DUPS, true)
                    .option(LineReader.Option.CASE_INSENSITIVE, true)
                    .build();
            AtomicReference<Statement> running = new AtomicReference<>();
            terminal.handle(Terminal.Signal.INT, signal -> {
                Statement s = running.get();
                if (s == null) return;
                try {
                    s.cancel();
                } catch (SQLException ignored) {
                    // it ended meanwhile
                }
            });
            PrintWriter out = terminal.writer();
            out.println(ansi.dim(banner));
            completion.reload();
            while (true) {
                String text;
                try {
                    text = reader.readLine(ansi.cyan("sql> "));
                } catch (UserInterruptException e) {
                    continue; // Ctrl-C at the prompt: the line is gone
                } catch (EndOfFileException e) {
                    break;
                }
                String t = text.strip();
                if (t.isEmpty()) continue;
                String word = t.toLowerCase(Locale.ROOT);
                if (word.equals("quit") || word.equals("exit") || word.equals(".quit")) break;
                if (word.equals("help") || word.equals(".help") || word.equals(".tables")) {
                    tables(out);
                    continue;
                }
                try (Statement s = connection.createStatement()) {
                    running.set(s);
                    for (String statement : SqlStatements.split(t)) { // each one's rows (DuckDB would give the last one's)
                        if (s.execute(statement)) {
                            try (ResultSet rs = s.getResultSet()) {
                                new ResultWriter(out, ResultWriter.Format.table, ansi).write(rs);
                            }
                        }
                    }
                } catch (SQLException e) {
                    out.println(ansi.red(SqlErrors.oneLine(e)));
                } finally {
                    running.set(null);
                }
                out.flush();
                completion.reload(); // a statement may have made a table
            }
            reader.getHistory().save();
            return 0;
        }
    }

    /** The tables and their columns, for 'help'. */
    private void tables(PrintWriter out) {
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT table_name, string_agg(column_name, ', ' ORDER BY ordinal_position)"
                     + " FROM information_schema.columns WHERE table_schema = 'main' GROUP BY table_name ORDER BY table_name")) {
            while (rs.next()) out.println(ansi.bold(rs.getString(1)) + "(" + rs.getString(2) + ")");
        } catch (SQLException e) {
            out.println(ansi.red(SqlErrors.oneLine(e)));
        }
        out.println(ansi.dim("End a statement with ';'. Tab completes names; Ctrl-C cancels a statement; Ctrl-D or 'quit' leaves."));
        out.flush();
    }

    /** Lines accumulate until the statement ends with ';'; words split as JLine's default parser splits them. */
    private static final class StatementParser implements Parser {
        private final DefaultParser words = new DefaultParser();

        @Override
        public ParsedLine parse(String line, int cursor, ParseContext context) {
            if (context == ParseContext.ACCEPT_LINE && !complete(line)) {
                throw new EOFError(-1, -1, "the statement goes on until ';'", "statement");
            }
            return words.parse(line, cursor, context);
        }
    }

    /** Table and column names of the database (the views and any table made in the session), and keywords. */
    private final class Completion implements Completer {
        private volatile List<Candidate> candidates = List.of();

        void reload() {
            TreeSet<String> names = new TreeSet<>();
            try (Statement s = connection.createStatement();
                 ResultSet rs = s.executeQuery("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'main'")) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                    names.add(rs.getString(2));
                }
            } catch (SQLException e) {
                return; // keep what we had
            }
            List<Candidate> list = new ArrayList<>();
            for (String n : names) list.add(new Candidate(n));
            for (String k : KEYWORDS) list.add(new Candidate(k));
            candidates = list;
        }

        @Override
        public void complete(LineReader reader, ParsedLine line, List<Candidate> into) {
            into.addAll(candidates);
        }
    }
}
