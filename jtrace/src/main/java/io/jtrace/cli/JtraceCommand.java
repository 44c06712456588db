package io.jtrace.cli;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.format.Ansi;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** Base of every subcommand: output streams, colour, shared argument checks. */
public abstract class JtraceCommand implements Callable<Integer> {
    @Spec
    protected CommandSpec spec;

    /** Whether the command line gave {@code option} (not its default). */
    protected boolean given(String option) {
        return spec != null && spec.commandLine().getParseResult() != null && spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** When to colour: auto = only on a terminal, never with a non-empty NO_COLOR or TERM=dumb. */
    public enum ColorMode { auto, always, never }

    protected PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** {@link #out()} as bytes in {@link #outCharset()}, or null if it is not the process's stdout (tests). */
    protected java.io.OutputStream outBytes() {
        return Main.stdoutBytes(out());
    }

    protected static java.nio.charset.Charset outCharset() {
        return Main.charset();
    }

    protected PrintWriter err() {
        return spec.commandLine().getErr();
    }

    protected String name() {
        return spec.name();
    }

    /** Prints a warning line, {@code jtrace <cmd>: warning: ...}. */
    protected void warn(String message) {
        err().println("jtrace " + name() + ": warning: " + message);
        err().flush();
    }

    /** The user's home: $HOME if set (as the shell has it; Java's user.home comes from the password file), else user.home. */
    protected static String home() {
        String home = System.getenv("HOME");
        return home != null && !home.isEmpty() ? home : System.getProperty("user.home");
    }

    protected static boolean isTerminal() {
        return System.console() != null;
    }

    protected static Ansi ansi(ColorMode mode) {
        return new Ansi(colorOn(mode, isTerminal(), System.getenv()));
    }

    /**
     * Whether to colour. Per no-color.org only a NO_COLOR with a non-empty value turns colour off;
     * {@code NO_COLOR=} (set but empty) does not.
     */
    static boolean colorOn(ColorMode mode, boolean terminal, Map<String, String> env) {
        return switch (mode) {
            case always -> true;
            case never -> false;
            case auto -> terminal && (env.get("NO_COLOR") == null || env.get("NO_COLOR").isEmpty()) && !"dumb".equals(env.get("TERM"));
        };
    }

    /** Parses include/exclude patterns, naming the bad one as a usage error. */
    protected static MethodFilter methodFilter(List<String> includes, List<String> excludes) {
        return io.jtrace.recording.Selection.methodPatterns(includes, excludes);
    }

    protected static void requirePositive(String option, Integer value) {
        if (value != null && value <= 0) throw new UserException(option + " must be a positive number, not " + value);
    }

    /** picocli's own usage error for this command (exit 2). */
    protected CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
