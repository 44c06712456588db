package io.jtrace.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Locale;

/**
 * The {@code jtrace} command. Every subcommand is listed here, in one place; each is one small
 * class on {@link JtraceCommand} (or {@link RecordingCommand} if it reads a recording).
 */
@Command(name = "jtrace",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Trace a JVM program into a JDK Flight Recorder recording, then read the trace.",
        // each line shorter than help's 80 columns, which picocli would break mid-word; a long
        // example goes on with a shell continuation, so it still pastes (HelpTest checks both)
        footer = {"", "Examples:",
            "  jtrace run -o bank.jfr -- java -cp app.jar bank.Main",
            "  jtrace print bank.jfr --thread main --depth 3",
            "  jtrace summary bank.jfr --sort total --top 10",
            "  jtrace tree bank.jfr --merge --min-percent 1",
            "  jtrace exceptions bank.jfr --summary",
            "  jtrace run --vars 'counter.**' -o c.jfr -- java -cp app.jar counter.Counter \\",
            "      && jtrace vars c.jfr --var sum",
            "  jtrace run --args Bank.transfer -o b.jfr -- java -cp app.jar bank.Main \\",
            "      && jtrace calls b.jfr --method Bank.transfer --where 'amount > 100'",
            "  jtrace filter bank.jfr --thread main --from 0.5 -o main.jfr",
            "  jtrace export bank.jfr --format chrome -o bank.json",
            "  jtrace query bank.jfr \\",
            "      'SELECT method, count(*) FROM calls GROUP BY ALL ORDER BY 2 DESC'",
            "  jtrace ps && jtrace attach 4242 --duration 30s --include 'com.acme.**' \\",
            "      -o live.jfr",
            "  jtrace install --prefix ~/.local"})
public final class Main implements Runnable {
    /**
     * Every subcommand, in the order help lists them. Not in {@code @Command(subcommands)}: picocli
     * builds the model of each listed command by reflection, and {@code jtrace run} would pay that
     * before the program starts (bench/README.md, "jtrace run's own start-up"); a command line that names one
     * subcommand builds that one only (see {@link #commandLine(String[])}).
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(
            RunCommand.class,
            PrintCommand.class,
            SummaryCommand.class,
            TreeCommand.class,
            ExceptionsCommand.class,
            VarsCommand.class,
            CallsCommand.class,
            DiffCommand.class,
            FilterCommand.class,
            ExportCommand.class,
            QueryCommand.class,
            ExploreCommand.class,
            PsCommand.class,
            AttachCommand.class,
            DetachCommand.class,
            InstallCommand.class,
            UninstallCommand.class,
            CommandLine.HelpCommand.class);

    static {
        // Every CommandLine registers picocli's converters for java.time and java.sql types by
        // looking them up, which loads and initializes ~100 JDK classes (java.time's formatters,
        // the java.sql module) at every start; no jtrace option has such a type (bench/README.md,
        // "... picocli's unused converters left out"). A user's own setting wins.
        if (System.getProperty("picocli.converters.excludes") == null) {
            System.setProperty("picocli.converters.excludes", "java\\.(sql|time)\\..*");
        }
    }

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of internal errors.")
    boolean debug;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "no command given: try 'jtrace --help'");
    }

    public static void main(String[] args) {
        // stdout is block-buffered (a trace can be millions of lines); stderr line by line.
        // A failed write to stdout stops the command (OutputFailedException, see execute); a PrintWriter
        // over System.out would swallow it and the command would read on for nobody.
        java.io.OutputStream stdoutStream = new io.jtrace.format.StopOnFailureOutput(new java.io.FileOutputStream(java.io.FileDescriptor.out), null);
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(stdoutStream, charset()), 1 << 16), false);
        stdout = out;
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, charset()), true);
        int code = onLargeStack(() -> execute(args, out, err), err);
        try {
            out.flush();
        } catch (io.jtrace.format.OutputFailedException e) { // what was left in the buffer
            if (!e.brokenPipe() && code == 0) {
                err.println("jtrace: " + e.problemLine());
                code = 1;
            }
        }
        err.flush();
        io.jtrace.cli.launch.ClassArchive.makeIfMissing();
        System.exit(code);
    }

    /** The writer on the process's stdout, if {@link #main} made one: {@link #stdoutBytes} bypasses it. */
    private static PrintWriter stdout;

    /**
     * The process's stdout as bytes if {@code out} is the writer on it (after flushing that
     * writer), for output large enough that encoding chars costs; else null.
     */
    static java.io.OutputStream stdoutBytes(PrintWriter out) {
        if (out == null || out != stdout) return null;
        out.flush();
        System.out.flush();
        return new java.io.FileOutputStream(java.io.FileDescriptor.out);
    }

    /**
     * Runs the command on a thread with a large stack (reserved, committed only as used): a
     * recording can hold recursion thousands of frames deep, and the code that replays and prints
     * it may recurse as deep. An error that still escapes is one line, like any internal error.
     */
    private static int onLargeStack(java.util.function.IntSupplier command, PrintWriter err) {
        int[] code = {1};
        Thread worker = new Thread(null, () -> {
            try {
                code[0] = command.getAsInt();
            } catch (Throwable e) { // an Error (picocli hands only Exceptions to its handler)
                err.println("jtrace: internal error: " + e
                        + (e instanceof StackOverflowError ? " (the recording nests too deep for jtrace here)" : ""));
                err.flush();
                code[0] = 1;
            }
        }, "jtrace", 1L << 30);
        worker.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return code[0];
    }

    static Charset charset() {
        String enc = System.getProperty("stdout.encoding");
        try {
            return enc != null ? Charset.forName(enc) : Charset.defaultCharset();
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }

    /** The whole command line: every subcommand's model. */
    public static CommandLine commandLine() {
        return withSubcommands(SUBCOMMANDS);
    }

    /**
     * The command line for these arguments: if their first word names a subcommand other than
     * {@code help}, only that subcommand's model; else all of them (top-level help, a mistyped
     * name and its "did you mean" need the whole list).
     */
    static CommandLine commandLine(String[] args) {
        if (args.length == 0 || args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
            return listing();
        }
        String first = null;
        for (String a : args) {
            if (a.equals("--")) break;
            if (!a.startsWith("-")) {
                first = a;
                break;
            }
        }
        if (first != null && !first.equals("help")) {
            for (Class<?> c : SUBCOMMANDS) {
                Command command = c.getAnnotation(Command.class);
                if (command.name().equals(first) || List.of(command.aliases()).contains(first)) {
                    return withSubcommands(List.of(c));
                }
            }
        }
        return commandLine();
    }

    /**
     * The top-level command with each subcommand as its name and description only, for
     * {@code jtrace --help} (and a bare {@code jtrace}): the command list needs no subcommand's
     * options, and building every subcommand's model is most of that help's time (bench/README.md,
     * "Start-up like the JDK's own tools"). The help it prints is the whole model's (HelpTest).
     */
    static CommandLine listing() {
        CommandLine cl = new CommandLine(new Main());
        for (Class<?> c : SUBCOMMANDS) {
            Command a = c.getAnnotation(Command.class);
            CommandLine.Model.CommandSpec spec = CommandLine.Model.CommandSpec.create().name(a.name()).aliases(a.aliases());
            spec.usageMessage().description(a.description()).header(a.header()).hidden(a.hidden());
            cl.addSubcommand(a.name(), new CommandLine(spec));
        }
        return cl;
    }

    private static CommandLine withSubcommands(List<Class<?>> subcommands) {
        CommandLine cl = new CommandLine(new Main());
        for (Class<?> c : subcommands) cl.addSubcommand(c);
        // 'jtrace print --version' as 'jtrace --version' (each subcommand's -V is picocli's, with no version of its own)
        Version version = new Version();
        cl.getSubcommands().values().forEach(sub -> sub.getCommandSpec().versionProvider(version));
        CommandLine run = cl.getSubcommands().get("run");
        if (run != null) run.setStopAtPositional(true);
        return cl;
    }

    /** The failure to write the output behind {@code e}, if that is what it is. */
    private static io.jtrace.format.OutputFailedException outputFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof io.jtrace.format.OutputFailedException o) return o;
        }
        return null;
    }

    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // what picocli prints for it, without building a command model first (bench/README.md,
            // "Start-up like the JDK's own tools"); a failed write is main's to report, as for any output
            for (String line : new Version().getVersion()) out.println(line);
            return 0;
        }
        String help = HelpText.forArguments(args);
        if (help != null) {
            out.print(help);
            return 0;
        }
        CommandLine cl = commandLine(args);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, arguments) -> {
            CommandLine failed = ex.getCommandLine();
            err.println(prefix(failed) + problem(ex) + suggestion(ex));
            err.flush();
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, failed, parseResult) -> {
            if (ex instanceof UserException u) {
                err.println(prefix(failed) + u.getMessage());
                err.flush();
                return u.exitCode();
            }
            if (ex instanceof java.util.concurrent.CancellationException) { // Ctrl-C in the explore shell
                err.println(prefix(failed) + "cancelled");
                err.flush();
                return 130;
            }
            io.jtrace.format.OutputFailedException output = outputFailure(ex);
            if (output != null) {
                if (output.brokenPipe()) return 0; // the reader of the pipe has what it wanted (| head): end quietly
                err.println(prefix(failed) + output.problemLine());
                err.flush();
                return 1;
            }
            if (ex instanceof io.jtrace.recording.ReportException u) { // the library's word for what a recording cannot give
                err.println(prefix(failed) + u.getMessage());
                err.flush();
                return 2;
            }
            if (ex instanceof io.jtrace.read.UnreadableRecordingException u) { // the library's word for a bad input file
                err.println(prefix(failed) + u.getMessage());
                err.flush();
                return 2;
            }
            boolean debug = parseResult.hasMatchedOption("--debug")
                    || parseResult.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--debug"));
            err.println(prefix(failed) + "internal error: " + ex
                    + (debug ? "" : " (run with --debug for the stack trace)"));
            if (debug) ex.printStackTrace(err);
            err.flush();
            return 1;
        });
        // picocli skips its check for unmatched arguments when --help is given ('jtrace nosuch
        // --help' would print the top-level help and exit 0): make them an error first.
        cl.setExecutionStrategy(parseResult -> {
            for (CommandLine.ParseResult p = parseResult; p != null; p = p.subcommand()) {
                if (!p.unmatched().isEmpty()) {
                    throw new CommandLine.UnmatchedArgumentException(p.commandSpec().commandLine(), p.unmatched());
                }
            }
            try {
                return new CommandLine.RunLast().execute(parseResult);
            } catch (io.jtrace.format.OutputFailedException output) { // --help or --version, printed outside the handler above
                if (output.brokenPipe()) return 0;
                CommandLine.ParseResult last = parseResult;
                while (last.subcommand() != null) last = last.subcommand();
                err.println(prefix(last.commandSpec().commandLine()) + output.problemLine());
                err.flush();
                return 1;
            }
        });
        return cl.execute(args);
    }

    static String prefix(CommandLine cl) {
        String name = cl.getCommandName();
        return "jtrace".equals(name) ? "jtrace: " : "jtrace " + name + ": ";
    }

    /**
     * The one line for a mistake on a command line: picocli's problem, then a did-you-mean, else
     * {@code helpHint} (the explore shell's reports: " (see 'help summary')").
     */
    public static String problemLine(CommandLine.ParameterException ex, String helpHint) {
        String suggestion = suggestion(ex);
        return problem(ex) + (suggestion.startsWith(" (see '") ? helpHint : suggestion);
    }

    /**
     * picocli's message, except for a mistyped subcommand, which it reports as "unmatched
     * arguments" (or, from 'jtrace help', as "Unknown subcommand").
     */
    private static String problem(CommandLine.ParameterException ex) {
        String unknown = unknownCommand(ex);
        if (unknown != null) return "unknown command '" + unknown + "'";
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            // picocli: "Unmatched arguments from index 3: 'x', 'y'", and an unknown option's value
            // listed with it ('--thred', 'main'): the option is the mistake, else the arguments are
            boolean option = looksLikeOption(u.getUnmatched().get(0)) && !afterDoubleDash(u, u.getUnmatched().get(0));
            List<String> named = option ? u.getUnmatched().stream().filter(Main::looksLikeOption).toList() : u.getUnmatched();
            return (option ? "unknown option" : "unexpected argument") + (named.size() > 1 ? "s" : "") + ": "
                    + String.join(", ", named.stream().map(a -> "'" + a + "'").toList());
        }
        return lowerFirst(ex.getMessage());
    }

    private static boolean looksLikeOption(String arg) {
        return arg.startsWith("-") && arg.length() > 1;
    }

    /**
     * {@code arg} came after the command line's '--': an argument, not an option ({@code run -o x.jfr
     * --bogus -- java ...} is an unknown option; {@code run -- java --bogus} cannot be one).
     */
    private static boolean afterDoubleDash(CommandLine.UnmatchedArgumentException u, String arg) {
        CommandLine.ParseResult r = u.getCommandLine().getParseResult();
        if (r == null) return false;
        int dash = r.originalArgs().indexOf("--");
        return dash >= 0 && r.originalArgs().indexOf(arg) > dash;
    }

    /** The command name in {@code jtrace NAME} or {@code jtrace help NAME} that is not a command, or null. */
    private static String unknownCommand(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException u && u.getCommandLine().getCommandSpec().parent() == null
                && !u.getCommandLine().getSubcommands().isEmpty() && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
            return u.getUnmatched().get(0);
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Unknown subcommand '(.*)'\\.").matcher(String.valueOf(ex.getMessage()));
        return m.matches() ? m.group(1) : null;
    }

    private static String suggestion(CommandLine.ParameterException ex) {
        String unknown = unknownCommand(ex);
        if (unknown != null) {
            CommandLine top = ex.getCommandLine();
            while (top.getParent() != null) top = top.getParent();
            List<String> close = top.getSubcommands().keySet().stream().filter(c -> !c.equals("help") && close(unknown, c)).toList();
            return close.isEmpty() ? " (see 'jtrace --help')" : " (did you mean " + String.join(" or ", close) + "?)";
        }
        if (String.valueOf(ex.getMessage()).contains("--help")) return "";
        if (ex instanceof CommandLine.UnmatchedArgumentException u) {
            List<String> s = u.getSuggestions();
            if (!s.isEmpty()) return " (did you mean " + String.join(" or ", s.subList(0, Math.min(3, s.size()))) + "?)";
        }
        String name = ex.getCommandLine().getCommandName();
        return " (see 'jtrace " + ("jtrace".equals(name) ? "" : name + " ") + "--help')";
    }

    /** A likely typo of {@code command}: one edit per four letters (at least one), or a prefix of it. */
    public static boolean close(String typed, String command) {
        String t = typed.toLowerCase(Locale.ROOT);
        if (t.length() >= 2 && command.startsWith(t)) return true;
        return io.jtrace.pattern.NearestNames.editDistance(t, command) <= Math.max(1, command.length() / 4);
    }

    private static String lowerFirst(String s) {
        if (s == null || s.isEmpty()) return "invalid arguments";
        if (s.length() > 1 && Character.isUpperCase(s.charAt(1))) return s; // an acronym
        return s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }
}
