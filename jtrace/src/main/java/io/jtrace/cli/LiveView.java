package io.jtrace.cli;

import io.jtrace.recording.MethodView;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.cli.live.LiveTrace;
import io.jtrace.format.TextTraceWriter;
import picocli.CommandLine.Option;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

/** {@code --live} and its print-time filter, on {@code run} and {@code attach}. */
final class LiveView {
    @Option(names = "--live",
            description = "Also print the trace as it happens on stdout (the 'print' format, about a second behind);"
                    + " lines the terminal cannot take are skipped ('~ N lines skipped'), the program is never slowed.")
    boolean live;

    @Option(names = "--thread", paramLabel = "PATTERN",
            description = "With --live: only threads whose name matches (glob: worker-*) or with this id. Repeatable.")
    List<String> threads;

    /** Checks the options before anything starts. */
    void validate() {
        if (threads != null && !live) throw new UserException("--thread is an option of --live: add --live");
        RecordingCommand.threadFilter(threads);
    }

    /** Starts printing from the JFR repository that {@code repository} finds (null while it does not exist yet). */
    LiveTrace start(Supplier<Path> repository, Instant from, OutputStream stdout) {
        OutputStream out = stdout != null ? stdout : new FileOutputStream(FileDescriptor.out);
        TextTraceWriter.Options options = new TextTraceWriter.Options(true, true, false,
                JtraceCommand.ansi(JtraceCommand.ColorMode.auto));
        MethodView view = new MethodView(MethodFilter.all(), 0);
        return new LiveTrace(repository, from, out, options, RecordingCommand.threadFilter(threads), view::in);
    }

    /**
     * The directory JFR writes chunks to under {@code base} (given to the JVM as its repository:
     * JFR makes a directory per JVM in it), or null until there is one.
     */
    static Supplier<Path> firstRepositoryUnder(Path base) {
        return () -> {
            try (Stream<Path> s = Files.list(base)) {
                return s.filter(Files::isDirectory).findFirst().orElse(null);
            } catch (IOException e) {
                return null;
            }
        };
    }
}
