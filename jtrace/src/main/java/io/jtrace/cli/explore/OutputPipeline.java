package io.jtrace.cli.explore;

import java.io.Writer;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A command's output on its way out, line by line, through the stages after {@code |}:
 * {@code grep [-v] [-i] REGEX} (colour codes are ignored when matching) and {@code head [N]}
 * (default 10). A Writer, so a command (and the CLI's reports) write to it as to any output.
 */
final class OutputPipeline extends Writer {
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;]*m");
    private final StringBuilder partial = new StringBuilder();
    private final Consumer<String> sink;

    /**
     * {@code head} has all its lines: the command stops, as a real pipeline's writer stops when
     * {@code head} exits (a "broken pipe", so the CLI's reports end quietly too), and a report of
     * millions of lines is not formatted for nobody.
     */
    static final class HeadDone extends java.io.IOException {
        HeadDone() {
            super("Broken pipe (head has its lines)", null);
        }

        /** Whether {@code e} is head's stop rather than a failure of the shell's own output. */
        static boolean is(Throwable e) {
            for (Throwable t = e; t != null; t = t.getCause()) if (t instanceof HeadDone) return true;
            return false;
        }
    }

    private OutputPipeline(Consumer<String> sink) {
        this.sink = sink;
    }

    /** Output that goes through {@code stages}, in order, to {@code end}. */
    static OutputPipeline of(List<List<String>> stages, Consumer<String> end) {
        Consumer<String> next = end;
        for (int i = stages.size() - 1; i >= 0; i--) next = stage(stages.get(i), next);
        return new OutputPipeline(next);
    }

    private static Consumer<String> stage(List<String> words, Consumer<String> next) {
        String name = words.get(0);
        List<String> args = words.subList(1, words.size());
        switch (name) {
            case "grep": {
                boolean invert = false;
                int flags = 0;
                int i = 0;
                for (; i < args.size() && args.get(i).startsWith("-") && args.get(i).length() > 1; i++) {
                    for (char f : args.get(i).substring(1).toCharArray()) {
                        if (f == 'v') invert = true;
                        else if (f == 'i') flags |= Pattern.CASE_INSENSITIVE;
                        else throw new ShellError("grep takes -v and -i, not -" + f);
                    }
                }
                if (args.size() - i != 1) throw new ShellError("grep takes one pattern (quote it if it has spaces)");
                Pattern p;
                try {
                    p = Pattern.compile(args.get(i), flags);
                } catch (PatternSyntaxException e) {
                    throw new ShellError("bad grep pattern '" + args.get(i) + "': " + e.getDescription());
                }
                boolean v = invert;
                return line -> {
                    if (p.matcher(ANSI.matcher(line).replaceAll("")).find() != v) next.accept(line);
                };
            }
            case "head": {
                long n = 10;
                List<String> a = args.size() == 2 && args.get(0).equals("-n") ? args.subList(1, 2) : args;
                if (a.size() > 1) throw new ShellError("head takes one number");
                if (a.size() == 1) {
                    try {
                        n = Long.parseLong(a.get(0).startsWith("-") ? a.get(0).substring(1) : a.get(0));
                    } catch (NumberFormatException e) {
                        throw new ShellError("head takes a number of lines, not '" + a.get(0) + "'");
                    }
                }
                long[] left = {n};
                return line -> {
                    if (left[0]-- <= 0) throw new io.jtrace.format.OutputFailedException(new HeadDone(), null);
                    next.accept(line);
                };
            }
            default:
                throw new ShellError("cannot pipe into '" + name + "': grep and head can follow '|'");
        }
    }

    @Override
    public void write(char[] buf, int off, int len) {
        for (int i = off; i < off + len; i++) {
            char c = buf[i];
            if (c == '\n') {
                int end = partial.length();
                if (end > 0 && partial.charAt(end - 1) == '\r') partial.setLength(end - 1);
                sink.accept(partial.toString());
                partial.setLength(0);
            } else {
                partial.append(c);
            }
        }
    }

    @Override
    public void flush() {
        // lines go out whole; a partial line waits for its end (or close)
    }

    @Override
    public void close() {
        if (partial.length() > 0) {
            sink.accept(partial.toString());
            partial.setLength(0);
        }
    }
}
