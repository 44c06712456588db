package io.jtrace.cli;

import io.jtrace.agent.AgentOptions;
import io.jtrace.agent.filter.Redaction;
import io.jtrace.cli.launch.AgentJars;
import io.jtrace.cli.launch.ChunkRecovery;
import io.jtrace.cli.launch.TargetCommand;
import io.jtrace.cli.read.RecordingStats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** {@code jtrace run [options] -- COMMAND...}: runs a command with every JVM it starts traced. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run COMMAND with tracing into a recording.",
            "A 'java' command gets the agent on its command line; any other command (a script,",
            "'mvn test') traces every JVM it starts, through JAVA_TOOL_OPTIONS, one recording per JVM.",
            "Exits with the command's exit code."})
final class RunCommand extends JtraceCommand {
    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Recording file (default: jtrace-<date>-<time>.jfr here). For a non-java command,"
                    + " each JVM writes FILE with '-<pid>' before '.jfr'.")
    Path output;

    @Option(names = "--include", paramLabel = "PATTERN",
            description = "Trace only methods matching (com.acme.**, *Service.get*, Bank.transfer). Repeatable.")
    List<String> includes;

    @Option(names = "--exclude", paramLabel = "PATTERN", description = "Do not trace methods matching. Repeatable.")
    List<String> excludes;

    @Option(names = "--depth", paramLabel = "N", description = "Record calls only up to N traced frames deep.")
    Integer depth;

    @Option(names = "--vars", paramLabel = "PATTERN",
            description = "Also record every read and write of locals, parameters, fields and array elements,"
                    + " with values, in methods matching (these methods are traced even if --include leaves them out). Repeatable.")
    List<String> vars;

    @Option(names = "--lines", paramLabel = "PATTERN",
            description = "Also record each executed source line in methods matching. Repeatable.")
    List<String> lines;

    /** How --vars records references. */
    enum ValuesMode { identity, tostring }

    @Option(names = "--values", paramLabel = "HOW", defaultValue = "identity",
            description = "References in --vars: identity (type and identity hash; never runs the program's code) or"
                    + " tostring (also their toString(), guarded). Strings are always copied. Default: ${DEFAULT-VALUE}.")
    ValuesMode values;

    @Option(names = "--redact", paramLabel = "PATTERN",
            description = "Never record values of variables named like this (a word, or a glob such as '*pin*'),"
                    + " besides password, passwd, secret, token, apikey, credential. Repeatable.")
    List<String> redact;

    @Option(names = "--string-length", paramLabel = "N",
            description = "Copy at most N characters of each string value (default 100).")
    Integer stringLength;
    @Option(names = "--no-exceptions",
            description = "Do not record throw, catch, finally and uncaught exceptions (exceptional exits still are).")
    boolean noExceptions;
    @Option(names = "--sample", arity = "0..1", fallbackValue = "20ms", paramLabel = "PERIOD",
            description = "Also take JFR execution samples every PERIOD (default 20ms), so that 'jtrace summary'"
                    + " shows where time went in untraced code.")
    String sample;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command to run, after '--'.")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        if (command == null || command.isEmpty()) {
            throw new UserException("no command to run: give one after '--', e.g. jtrace run -- java -cp app.jar com.acme.Main");
        }
        requirePositive("--depth", depth);
        methodFilter(includes, excludes); // validates the patterns before anything starts
        methodFilter(vars, null);
        methodFilter(lines, null);
        requirePositive("--string-length", stringLength);
        try {
            Redaction.of(redact == null ? List.of() : redact);
        } catch (IllegalArgumentException e) {
            throw new UserException(e.getMessage());
        }
        String samplePeriod = sample == null ? null : samplePeriod(sample);

        boolean direct = TargetCommand.isJavaLauncher(command.get(0));
        Path target = resolveOutput();
        Path template = direct ? target : withPidSuffix(target);

        Path work = Files.createTempDirectory("jtrace-run-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path agentLog = work.resolve("agent.log");
        Path repository = work.resolve("repository");
        Files.createDirectories(repository);

        AgentOptions options = new AgentOptions();
        options.output = template.toString();
        if (includes != null) options.include.addAll(includes);
        if (excludes != null) options.exclude.addAll(excludes);
        options.depth = depth == null ? 0 : depth;
        options.log = agentLog.toString();
        if (vars != null) options.vars.addAll(vars);
        if (lines != null) options.lines.addAll(lines);
        if (values == ValuesMode.tostring) options.values = values.name();
        if (redact != null) options.redact.addAll(redact);
        options.stringLength = stringLength == null ? 0 : stringLength;
        options.exceptions = !noExceptions;
        options.sample = samplePeriod;
        Path agent = AgentJars.agentJar();
        List<String> jvmOptions = List.of("-javaagent:" + agent + "=" + options.format(),
                "-XX:FlightRecorderOptions:repository=" + repository);
        if (!direct && jvmOptions.stream().anyMatch(s -> s.contains(" "))) {
            throw new UserException("cannot pass the agent through JAVA_TOOL_OPTIONS: its path has a space ("
                    + agent + "); set XDG_CACHE_HOME to a path without spaces");
        }
        TargetCommand plan = TargetCommand.plan(command, jvmOptions, System.getenv("JAVA_TOOL_OPTIONS"));

        FileTime started = FileTime.fromMillis(System.currentTimeMillis() - 1000);
        ProcessBuilder pb = new ProcessBuilder(plan.command()).inheritIO();
        pb.environment().putAll(plan.environment());
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UserException("cannot run '" + command.get(0) + "': " + startFailure(e));
        }
        SignalForwarding.install(process);
        int exit = process.waitFor();

        printAgentLog(agentLog);
        List<Path> recordings = direct ? existing(target) : findRecordings(target, started);
        if (direct && recordings.isEmpty()) {
            recordings = recover(repository, target, exit);
        }
        report(recordings, exit, direct);
        deleteQuietly(work);
        return exit;
    }

    /** JFR's period syntax; it samples at most every millisecond. */
    private static String samplePeriod(String text) {
        long ms = TimeArgument.parseNanos("--sample", text) / 1_000_000;
        if (ms < 1) throw new UserException("--sample period must be at least 1ms, not " + text);
        return ms + " ms";
    }

    private Path resolveOutput() {
        Path target = output != null ? output : Paths.get("jtrace-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".jfr");
        target = target.toAbsolutePath();
        if (Files.isDirectory(target)) throw new UserException("output " + target + " is a directory; give a file name such as " + target.resolve("trace.jfr"));
        Path dir = target.getParent();
        if (!Files.isDirectory(dir)) throw new UserException("cannot write " + target + ": no such directory " + dir);
        if (!Files.isWritable(dir)) throw new UserException("cannot write " + target + ": directory " + dir + " is not writable");
        return target;
    }

    private static Path withPidSuffix(Path target) {
        String name = target.getFileName().toString();
        String base = name.endsWith(".jfr") ? name.substring(0, name.length() - 4) : name;
        return target.resolveSibling(base + "-%p.jfr");
    }

    private static String startFailure(IOException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("error=2")) return "command not found";
        if (m.contains("error=13")) return "permission denied";
        int colon = m.lastIndexOf(", ");
        return (colon >= 0 ? m.substring(colon + 2) : m).toLowerCase(Locale.ROOT);
    }

    private static List<Path> existing(Path p) {
        return Files.isRegularFile(p) && sizeOf(p) > 0 ? List.of(p) : List.of();
    }

    private static List<Path> findRecordings(Path target, FileTime since) throws IOException {
        String name = target.getFileName().toString();
        String base = name.endsWith(".jfr") ? name.substring(0, name.length() - 4) : name;
        List<Path> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(target.getParent())) {
            files.filter(p -> p.getFileName().toString().matches(java.util.regex.Pattern.quote(base) + "-\\d+\\.jfr"))
                    .filter(p -> {
                        try {
                            return Files.getLastModifiedTime(p).compareTo(since) >= 0 && Files.size(p) > 0;
                        } catch (IOException e) {
                            return false;
                        }
                    })
                    .sorted(Comparator.comparing(Path::toString))
                    .forEach(found::add);
        }
        return found;
    }

    /** The target died without writing its recording (SIGKILL, a crash): rebuild it from JFR's chunks. */
    private List<Path> recover(Path repository, Path target, int exit) throws IOException {
        int chunks = ChunkRecovery.recover(repository, target);
        if (chunks == 0) return List.of();
        warn("the target " + howItEnded(exit) + " without writing its recording; recovered " + chunks
                + " chunk(s) from the JFR repository (records still buffered in threads at that moment are lost)");
        return List.of(target);
    }

    /** "was killed by SIGKILL (exit 137)" or "exited with code 3". */
    static String howItEnded(int exit) {
        if (exit > 128 && exit < 160) {
            String[] names = {null, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE",
                "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"};
            int signal = exit - 128;
            return "was killed by " + (signal < names.length ? names[signal] : "signal " + signal) + " (exit " + exit + ")";
        }
        return "exited with code " + exit;
    }

    private void report(List<Path> recordings, int exit, boolean direct) throws IOException {
        if (recordings.isEmpty()) {
            err().println("jtrace run: no recording was written" + (direct
                    ? ": the target " + howItEnded(exit) + (exit > 128
                            ? " before JFR wrote any of the recording to disk" : " before tracing started")
                    : ": no JVM started by '" + command.get(0) + "' was traced"));
            err().flush();
            return;
        }
        for (Path p : recordings) {
            RecordingStats s = RecordingStats.of(p);
            Path shown = relative(p);
            err().println(String.format(Locale.ROOT, "jtrace: %,d calls (%,d records) in %d thread(s) -> %s (%s)",
                    s.calls(), s.records(), s.threads(), shown, bytes(s.bytes())));
            if (s.dataLossBytes() > 0) warn("JFR lost " + s.dataLossBytes() + " bytes of events in " + shown);
            if (s.damage() != null) warn(shown + " is damaged: " + s.damage());
        }
        err().flush();
    }

    private void printAgentLog(Path log) {
        try {
            if (!Files.exists(log)) return;
            List<String> lines = Files.readAllLines(log);
            int shown = Math.min(lines.size(), 20);
            for (int i = 0; i < shown; i++) err().println(lines.get(i));
            if (lines.size() > shown) err().println("jtrace agent: ... " + (lines.size() - shown) + " more");
        } catch (IOException ignored) {
            // nothing to show
        }
    }

    private static Path relative(Path p) {
        Path cwd = Paths.get("").toAbsolutePath();
        return p.startsWith(cwd) ? cwd.relativize(p) : p;
    }

    static String bytes(long n) {
        if (n < 1024) return n + " B";
        if (n < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KB", n / 1024.0);
        if (n < 1024L * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MB", n / 1048576.0);
        return String.format(Locale.ROOT, "%.2f GB", n / 1073741824.0);
    }

    private static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // temp files; the OS cleans up
        }
    }
}
