package io.jtrace.cli;

import io.jtrace.cli.query.QueryJar;
import io.jtrace.cli.query.QuerySession;
import io.jtrace.cli.query.SqlEngine;
import io.jtrace.cli.query.SqlErrors;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code jtrace export FILE... --format parquet -o DIR}: the tables of {@code jtrace query} as one
 * Parquet dataset for all the recordings, partitioned by recording (docs/query.md, schema).
 */
final class ParquetExport {
    private ParquetExport() {}

    static int write(ExportCommand command, List<Path> files, Path output, String memoryLimit) throws IOException {
        io.jtrace.cli.query.QuerySession.checkMemoryLimit(memoryLimit);
        if (output == null || output.toString().equals("-")) {
            throw new UserException("--format parquet writes a directory of files; give it with -o DIR");
        }
        if (Files.exists(output) && !Files.isDirectory(output)) throw new UserException(output + " is not a directory");
        if (Files.isDirectory(output)) {
            try (Stream<Path> s = Files.list(output)) {
                if (s.findAny().isPresent()) throw new UserException(output + " is not empty: give a new or empty directory");
            }
        }
        QueryJar.engine(); // a missing engine is said before the recordings are read
        List<SqlEngine.Recording> recordings = QueryCommand.openAll(command, files);
        try (QuerySession session = QuerySession.open(recordings, memoryLimit)) {
            try {
                // one directory, as every other output is one file: a mistyped parent is an error, not made
                if (!Files.isDirectory(output)) Files.createDirectory(output);
            } catch (IOException e) {
                throw new UserException("cannot create " + output + ": " + FileProblems.reason(e, output.toAbsolutePath().getParent()));
            }
            try {
                session.writeParquet(output);
            } catch (SQLException e) {
                throw new UserException(SqlErrors.oneLine(e));
            }
            long bytes;
            try (Stream<Path> s = Files.walk(output)) {
                bytes = s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
            }
            command.err().println(String.format(Locale.ROOT, "jtrace: parquet export of %d recording(s) -> %s (%s)",
                    recordings.size(), output, RunReport.bytes(bytes)));
            command.err().flush();
            int code = 0;
            for (SqlEngine.Recording r : recordings) code = Math.max(code, command.finish(r.index()));
            return code;
        } finally {
            QueryCommand.closeAll(recordings);
        }
    }
}
