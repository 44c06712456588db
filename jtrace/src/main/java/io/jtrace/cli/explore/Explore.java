package io.jtrace.cli.explore;

import io.jtrace.format.Ansi;
import io.jtrace.read.TraceIndex;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code jtrace explore}: the shell over a recording, typed at (a terminal) or scripted ({@code -c}
 * or standard input). Scripts get no prompt and no colour, the same output for the same input, and
 * a failure of any command makes the exit code 1.
 */
public final class Explore {
    private Explore() {}

    /** How the shell runs; {@code history} is the interactive history file. */
    public record Options(String script, boolean interactive, Ansi ansi, Path history, boolean debug, boolean times) {}

    /** The recording given with {@code --against}: run A, compared with the one explored (B). */
    public record Against(TraceIndex index, Path file) {}

    public static int run(TraceIndex index, Path file, Options options, BufferedReader stdin, PrintWriter out, PrintWriter err)
            throws IOException {
        return run(index, file, null, options, stdin, out, err);
    }

    /** As {@link #run(TraceIndex, Path, Options, BufferedReader, PrintWriter, PrintWriter)}; with {@code against}, opened at the first divergence. */
    public static int run(TraceIndex index, Path file, Against against, Options options, BufferedReader stdin, PrintWriter out,
                          PrintWriter err) throws IOException {
        try (ExploreSession session = new ExploreSession(index, file, options.ansi(), options.times())) {
            session.start();
            java.util.function.Consumer<PrintWriter> opening = o -> {
                if (against != null) Comparison.open(session, against.index(), against.file(), o);
            };
            if (options.script() == null && options.interactive()) {
                return new InteractiveShell(session, options, opening).run(); // the banner first, then where the runs part
            }
            opening.accept(out);
            out.flush();
            ShellRunner runner = new ShellRunner(session, err, "jtrace explore: ", options.debug());
            boolean ok = true;
            try {
                if (options.script() != null) {
                    for (String line : options.script().split("\n")) ok &= runLine(runner, line, out);
                } else {
                    for (String line = stdin.readLine(); line != null; line = stdin.readLine()) ok &= runLine(runner, line, out);
                }
            } catch (SessionCommands.Quit q) {
                // the script said quit
            }
            out.flush();
            return ok ? 0 : 1;
        }
    }

    private static boolean runLine(ShellRunner runner, String line, PrintWriter out) {
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) return true;
        return runner.run(trimmed, out::println, out::flush);
    }
}
