package io.jtrace.cli.explore;

import org.jline.builtins.Less;
import org.jline.builtins.Source;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shell at a terminal: JLine's line editor with history kept across sessions (Ctrl-R searches
 * it), completion from the recording, the cursor in the prompt. Ctrl-C stops the running command
 * and keeps the shell (at the prompt it clears the line); Ctrl-D or {@code quit} leaves. Output
 * longer than the screen goes to a pager.
 */
final class InteractiveShell {
    private final ExploreSession session;
    private final Explore.Options options;
    /** What is said after the banner, before the first prompt (with --against: where the runs part). */
    private final java.util.function.Consumer<PrintWriter> opening;

    InteractiveShell(ExploreSession session, Explore.Options options, java.util.function.Consumer<PrintWriter> opening) {
        this.session = session;
        this.options = options;
        this.opening = opening;
    }

    int run() throws IOException {
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            PrintWriter err = terminal.writer();
            session.progress = err;
            ShellRunner runner = new ShellRunner(session, err, "", options.debug());
            Path history = options.history();
            if (history.getParent() != null) Files.createDirectories(history.getParent());
            LineReader reader = LineReaderBuilder.builder()
                    .terminal(terminal)
                    .appName("jtrace")
                    .completer(new ExploreCompleter(session))
                    .variable(LineReader.HISTORY_FILE, history)
                    .variable(LineReader.HISTORY_SIZE, 5_000)
                    .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true) // '!' is an ordinary character in patterns
                    .option(LineReader.Option.HISTORY_IGNORE_DUPS, true)
                    .build();
            terminal.handle(Terminal.Signal.INT, signal -> runner.cancel());
            terminal.writer().println(session.ansi.dim("jtrace explore " + session.file.getFileName() + ": "
                    + session.index.threads().size() + " threads, " + String.format("%,d", session.index.records())
                    + " records. 'help' lists the commands, Tab completes, Ctrl-D leaves."));
            opening.accept(terminal.writer());
            terminal.writer().flush();
            while (true) {
                String line;
                try {
                    line = reader.readLine(session.ansi.enabled() ? session.ansi.cyan(session.prompt()) : session.prompt());
                } catch (UserInterruptException e) {
                    continue; // Ctrl-C at the prompt: the line is gone
                } catch (EndOfFileException e) {
                    break;
                }
                if (line.isBlank()) {
                    if (runner.lastMove() == null) continue;
                    line = runner.lastMove();
                }
                try (ScreenOutput output = new ScreenOutput()) {
                    try {
                        runner.run(line, output);
                    } catch (SessionCommands.Quit q) {
                        break;
                    }
                    show(terminal, output);
                    if (output.cut() != null) {
                        terminal.writer().println("jtrace explore: " + output.cut());
                        terminal.writer().flush();
                    }
                }
            }
            reader.getHistory().save();
            return 0;
        }
    }

    /** Prints the output, through a pager if it is longer than the screen. */
    private static void show(Terminal terminal, ScreenOutput output) {
        int height = terminal.getHeight();
        if (height > 2 && output.lines() >= height - 1) {
            try {
                Less less = new Less(terminal, Path.of(""));
                less.quitIfOneScreen = true;
                less.noInit = false;
                less.run(new Source.InputStreamSource(output.open(), true, "output")); // read as it is paged
                return;
            } catch (IOException | InterruptedException | RuntimeException e) {
                // no pager after all: print it
            }
        }
        try {
            output.printTo(terminal.writer());
        } catch (IOException e) {
            terminal.writer().println("cannot show the output: " + e.getMessage());
            terminal.writer().flush();
        }
    }
}
