package io.jtrace.cli;

import io.jtrace.cli.query.QueryJar;
import io.jtrace.cli.query.QuerySession;
import io.jtrace.cli.query.ResultWriter;
import io.jtrace.cli.query.SqlEngine;
import io.jtrace.cli.query.SqlErrors;
import io.jtrace.cli.query.SqlShell;
import io.jtrace.read.TraceIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** {@code jtrace query FILE... 'SQL'}: SQL over one or many recordings (DuckDB, from jtrace-query.jar). */
@Command(name = "query", mixinStandardHelpOptions = true,
        description = {"Run SQL over one or many recordings (DuckDB, in jtrace-query.jar beside the executable).",
            "Tables: calls (one row per call), exceptions (one row per step of each exception's journey), args (values of run --args), variables and lines (when recorded), recordings (one row per FILE), each with a 'recording' column naming its FILE as given. The last argument is the SQL unless it ends in .jfr or is a file. Without SQL: a prompt on a terminal (history, Tab completes names), else statements from standard input, each ending in ';'."})
final class QueryCommand extends RecordingCommand {
    @Parameters(index = "1..*", paramLabel = "FILE|SQL", description = "More recordings, then the SQL statement.")
    List<String> rest;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "table",
            description = "Output: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}: aligned columns; csv with a header; json: an object per line).")
    ResultWriter.Format format;

    @Option(names = "--memory-limit", paramLabel = "SIZE", defaultValue = "1GB",
            description = "Memory the SQL engine may use before it spills to a temporary directory (default: ${DEFAULT-VALUE}).")
    String memoryLimit;

    @Option(names = "--history", paramLabel = "FILE", description = "History file of the prompt (default: $HOME/.jtrace/sql-history).")
    Path history;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws IOException {
        List<Path> files = new ArrayList<>(List.of(file));
        String sql = null;
        List<String> more = rest == null ? List.of() : rest;
        for (int i = 0; i < more.size(); i++) {
            String a = more.get(i);
            if (i == more.size() - 1 && !a.endsWith(".jfr") && !Files.isRegularFile(Paths.get(a))) sql = a;
            else files.add(Paths.get(a));
        }
        if (sql != null && sql.isBlank()) throw new UserException("the SQL statement is empty");
        if (!Files.exists(file) && file.toString().contains(" ")) { // 'jtrace query "SELECT ..."': the file was left out
            throw new UserException("no recording given: '" + file + "' is not a file (jtrace query FILE... [SQL])");
        }
        QuerySession.checkMemoryLimit(memoryLimit);
        QueryJar.engine(); // a missing engine is said before the recordings are read
        List<SqlEngine.Recording> recordings = openAll(this, files);
        try (QuerySession session = QuerySession.open(recordings, memoryLimit)) {
            if (sql != null) {
                for (String statement : io.jtrace.cli.query.SqlStatements.split(sql)) {
                    run(session, statement, color.ansi(), sql.strip().contains(" ") ? null : sql.strip());
                }
            } else if (isTerminal()) {
                new SqlShell(session.connection(), color.ansi(), history != null ? history : Path.of(home(), ".jtrace", "sql-history"),
                        "jtrace query: " + recordings.size() + " recording(s); tables calls, exceptions, args, variables, lines."
                                + " End a statement with ';'; 'help' lists the columns, Tab completes, Ctrl-D leaves.").run();
            } else {
                for (String statement : statements(new BufferedReader(new InputStreamReader(System.in, outCharset())))) {
                    run(session, statement, color.ansi(), null);
                }
            }
            int code = 0;
            for (SqlEngine.Recording r : recordings) code = Math.max(code, finish(r.index()));
            return code;
        } finally {
            closeAll(recordings);
        }
    }

    /**
     * Runs one statement and prints its rows; a statement DuckDB refuses is one line (exit 2).
     * {@code word}: the statement if it is one word, perhaps a recording's name mistyped (it was
     * taken as SQL because no such file exists): the error then says so.
     */
    private void run(QuerySession session, String sql, io.jtrace.format.Ansi ansi, String word) {
        try (Statement s = session.connection().createStatement()) {
            if (s.execute(sql)) {
                try (ResultSet rs = s.getResultSet()) {
                    new ResultWriter(out(), format, ansi).write(rs);
                }
            }
        } catch (SQLException e) {
            out().flush();
            throw new UserException(SqlErrors.oneLine(e)
                    + (word == null ? "" : " ('" + word + "' was taken as SQL: there is no such file)"));
        }
    }

    /** Statements from a script: read up to a ';' at the end of a line (a last one may lack it), each run on its own. */
    static List<String> statements(BufferedReader in) throws IOException {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line; (line = in.readLine()) != null; ) {
            current.append(line).append('\n');
            if (SqlShell.complete(current.toString()) && !current.toString().isBlank()) {
                statements.addAll(io.jtrace.cli.query.SqlStatements.split(current.toString()));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) statements.addAll(io.jtrace.cli.query.SqlStatements.split(current.toString()));
        return statements;
    }

    /**
     * Opens {@code files} with {@code command}'s checks and warnings, each named as given on the
     * command line; if one cannot be opened, closes those that were.
     */
    static List<SqlEngine.Recording> openAll(RecordingCommand command, List<Path> files) throws IOException {
        Set<String> names = new HashSet<>();
        for (Path f : files) {
            if (!names.add(f.toString())) throw new UserException(f + " is given twice");
        }
        List<SqlEngine.Recording> recordings = new ArrayList<>();
        try {
            for (Path f : files) {
                TraceIndex index = command.open(f);
                recordings.add(new SqlEngine.Recording(f.toString(), index));
            }
            return recordings;
        } catch (IOException | RuntimeException e) {
            closeAll(recordings);
            throw e;
        }
    }

    static void closeAll(List<SqlEngine.Recording> recordings) {
        for (SqlEngine.Recording r : recordings) {
            try {
                r.index().close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
