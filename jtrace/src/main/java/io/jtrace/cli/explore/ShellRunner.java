package io.jtrace.cli.explore;

import io.jtrace.replay.Cancellation;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * Runs lines of shell commands, for the interactive shell and for scripts alike: parses the line,
 * sends each command's output through its pipe stages to the screen or a file, turns every
 * problem into one line on {@code err}, and lets Ctrl-C ({@link #cancel}) stop the running command.
 */
final class ShellRunner {
    private final ExploreSession session;
    private final PrintWriter err;
    private final String errorPrefix;
    private final boolean debug;
    private volatile Cancellation running;
    /** Sends what the screen holds on its way (a script's standard output); see {@link #run(String, Consumer, Runnable)}. */
    private Runnable flushScreen = () -> {};
    /** The last move that succeeded, repeated by an empty line. */
    private String lastMove;
    /** Commands that move the cursor to what they find: an empty line after one finds the next. */
    private static final java.util.Set<String> SEARCHES = java.util.Set.of("find", "fn", "fp", "origin");

    ShellRunner(ExploreSession session, PrintWriter err, String errorPrefix, boolean debug) {
        this.session = session;
        this.err = err;
        this.errorPrefix = errorPrefix;
        this.debug = debug;
    }

    /** Stops the command running now, if any (from the terminal's signal handler). */
    void cancel() {
        Cancellation c = running;
        if (c != null) c.cancel();
    }

    boolean busy() {
        return running != null;
    }

    String lastMove() {
        return lastMove;
    }

    /**
     * Runs every command of {@code line}; their output lines go to {@code screen} unless
     * redirected. False if one failed (the rest still run). {@link SessionCommands.Quit} ends the shell.
     */
    boolean run(String line, Consumer<String> screen) {
        return run(line, screen, () -> {});
    }

    /**
     * Like {@link #run(String, Consumer)}, with {@code flushScreen} called after each command and
     * before each problem is said: a script's output through a pipe comes out command by command,
     * in order with its errors, not held until the line (or the script) ends.
     */
    boolean run(String line, Consumer<String> screen, Runnable flushScreen) {
        this.flushScreen = flushScreen;
        ShellLine parsed;
        try {
            parsed = ShellLine.parse(line);
        } catch (ShellError e) {
            problem(null, e.getMessage());
            return false;
        }
        boolean ok = true;
        for (ShellLine.Invocation inv : parsed.invocations()) {
            ok &= run(inv, screen);
            flushScreen.run();
        }
        return ok;
    }

    private boolean run(ShellLine.Invocation inv, Consumer<String> screen) {
        String name = inv.words().get(0);
        List<String> args = inv.words().subList(1, inv.words().size());
        ShellCommand command;
        try {
            command = session.commands.get(name);
        } catch (ShellError e) {
            problem(null, e.getMessage());
            return false;
        }
        BufferedWriter file = null;
        Cancellation c = new Cancellation();
        try {
            if (inv.redirect() != null) file = open(inv.redirect(), inv.append());
            BufferedWriter target = file;
            Consumer<String> end = target == null ? screen : l -> {
                try {
                    target.write(l);
                    target.newLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
            OutputPipeline pipeline = OutputPipeline.of(inv.stages(), end);
            PrintWriter out = new PrintWriter(pipeline);
            running = c;
            c.run(() -> {
                boolean headDone = false;
                try {
                    command.action().run(session, args, out);
                } catch (io.jtrace.format.OutputFailedException e) {
                    if (!OutputPipeline.HeadDone.is(e)) throw e;
                    headDone = true; // '| head N' has its lines: the command is done
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    if (!headDone) endOutput(out, pipeline); // a partial last line goes out, unless head is done
                }
                return null;
            });
            if (command.move() || SEARCHES.contains(command.name())) lastMove = String.join(" ", inv.words());
            else if (command.name().equals("exc")) lastMove = "step"; // on along the exception's journey
            else if (command.name().equals("thread")) lastMove = null; // another thread: nothing to repeat there
            return true;
        } catch (SessionCommands.Quit q) {
            throw q;
        } catch (ShellError e) {
            problem(command.name(), e.getMessage());
        } catch (CancellationException e) {
            problem(command.name(), "cancelled");
        } catch (io.jtrace.format.OutputFailedException e) {
            throw e; // the shell's own output is gone (-c '...' | head): the session ends, as jtrace does
        } catch (UncheckedIOException e) {
            problem(command.name(), (inv.redirect() != null ? "cannot write " + inv.redirect() : "cannot show the output") + ": "
                    + io.jtrace.cli.FileProblems.reason(e.getCause()));
        } catch (io.jtrace.recording.ReportException e) { // what the recording cannot give: the library's one line
            problem(command.name(), e.getMessage());
        } catch (RuntimeException | Error e) {
            problem(command.name(), "internal error: " + e + (debug ? "" : " (run with --debug for the stack trace)"));
            if (debug) e.printStackTrace(err);
        } finally {
            running = null;
            // A report's aggregates (a call tree, vars' groups) are garbage once it is shown; the serial
            // collector the launcher picks gives memory back only at a full collection, so without one the
            // shell kept the peak of its largest report (bench/README.md, "vars in the shell")
            if (ReportCommands.REPORTS.contains(command.name())) System.gc();
            if (file != null) {
                try {
                    file.close();
                } catch (IOException e) {
                    problem(command.name(), "cannot write " + inv.redirect() + ": " + io.jtrace.cli.FileProblems.reason(e));
                }
            }
        }
        return false;
    }

    /** Flushes the command's last (partial) line through the pipe; head's stop there is no failure. */
    private static void endOutput(PrintWriter out, OutputPipeline pipeline) {
        try {
            out.flush();
            pipeline.close();
        } catch (io.jtrace.format.OutputFailedException e) {
            if (!OutputPipeline.HeadDone.is(e)) throw e;
        }
    }

    private BufferedWriter open(String name, boolean append) {
        try {
            Path target = Path.of(name);
            // a report redirected over the recording would destroy it before a line was read from it
            if (Files.exists(target)) {
                for (Path read : session.recordings()) {
                    if (Files.exists(read) && Files.isSameFile(target, read)) {
                        throw new ShellError("cannot write " + name + ": it is a recording this session reads; give another file name");
                    }
                }
            }
            return Files.newBufferedWriter(Path.of(name), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
        } catch (ShellError e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ShellError("cannot write " + name + ": " + io.jtrace.cli.FileProblems.reason(e));
        }
    }

    private void problem(String command, String message) {
        flushScreen.run(); // what the command printed before it failed comes first
        String prefix = command == null ? errorPrefix : errorPrefix + command + ": ";
        err.println(prefix.isEmpty() ? message : prefix + message);
        err.flush();
    }
}
