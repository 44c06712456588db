package io.jtrace.cli;

import io.jtrace.agent.AgentOptions;
import io.jtrace.cli.launch.AgentJars;
import io.jtrace.cli.launch.ClassCacheDirectory;
import io.jtrace.cli.launch.TargetCommand;
import io.jtrace.cli.launch.WorkDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Locale;

/** {@code jtrace run [options] -- COMMAND...}: runs a command with every JVM it starts traced. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run COMMAND with tracing into a recording.",
            "A 'java' command gets the agent on its command line; any other command (a script, 'mvn test') traces every JVM it starts, through JAVA_TOOL_OPTIONS, one recording per JVM. Exits with the command's exit code."})
final class RunCommand extends JtraceCommand {
    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Recording file (default: jtrace-<date>-<time>.jfr here). For a non-java command,"
                    + " each JVM writes FILE with '-<pid>' before '.jfr'.")
    Path output;

    /** What is recorded: the same options, with the same meanings, on 'jtrace attach'. */
    @picocli.CommandLine.Mixin
    TraceScope scope;

    @Option(names = "--sample", arity = "0..1", fallbackValue = "20ms", paramLabel = "PERIOD",
            description = "Also take JFR execution samples every PERIOD (default 20ms), so that 'jtrace summary'"
                    + " shows where time went in untraced code.")
    String sample;

    @picocli.CommandLine.Mixin
    LiveView live;

    @Option(names = "--no-class-cache",
            description = "Rewrite every class afresh and keep none for the next run (by default a class rewritten"
                    + " once is kept, byte-exact, under $XDG_CACHE_HOME/jtrace/classes, and reused while the class"
                    + " and the scope stay the same).")
    boolean noClassCache;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command to run, after '--'.")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        if (command == null || command.isEmpty()) {
            throw new UserException("no command to run: give one after '--', e.g. jtrace run -- java -cp app.jar com.acme.Main");
        }
        AgentOptions scoped = scope.agentOptions(); // checks every pattern and number before anything starts
        String samplePeriod = sample == null ? null : samplePeriod(sample);
        boolean direct = TargetCommand.isJavaLauncher(command.get(0));
        live.validate();
        if (live.live && !direct) throw new UserException("--live follows one JVM: give a java command (java -cp app.jar Main), not '" + command.get(0) + "'");
        RunOutput out = RunOutput.prepare(output, direct);
        try (WorkDirectory work = WorkDirectory.create()) {
            return run(out, direct, agentOptions(scoped, out.target(), direct, work, samplePeriod), work);
        } finally {
            out.finish();
        }
    }

    private int run(RunOutput out, boolean direct, AgentOptions options, WorkDirectory work) throws Exception {
        Path agent = AgentJars.agentJar();
        if (!noClassCache) {
            Path classes = ClassCacheDirectory.forAgent(agent);
            if (classes != null) options.classCache = classes.toString();
        }
        // JFR's own warnings and errors (e.g. "Error in Periodic task: java.lang.OutOfMemoryError" when
        // the program exhausts its heap) go to stderr: a traced program's stdout is what it prints
        // untraced. Options of the user's that come later still win. Only jfr+system*: a wider jfr*
        // made the JVM print a -XX:StartFlightRecording's startup lines even with -Xlog:jfr+startup=off.
        // The probes' entry points stay out of the program's compiled methods: inlined into them, the
        // tracer's code made C2 compile H2's methods ~1.5x longer on JDK 25, and its rare branches
        // (a flush, a method going untimed) threw those compiles away (bench/README.md, "Where a
        // traced call's cost goes"). quiet first: the JVM would print each command on stdout.
        List<String> jvmOptions = List.of("-javaagent:" + agent + "=" + options.format(),
                "-XX:FlightRecorderOptions:repository=" + work.repository(), "-Xlog:jfr+system*=off:stdout", "-Xlog:jfr+system*=warning:stderr",
                "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,io.jtrace.runtime.Tracer::enter",
                "-XX:CompileCommand=dontinline,io.jtrace.runtime.Tracer::exit");
        if (!direct && jvmOptions.stream().anyMatch(s -> s.contains(" "))) {
            throw new UserException("cannot pass the agent through JAVA_TOOL_OPTIONS: a path has a space (" + agent
                    + ", " + work.repository() + "); set XDG_CACHE_HOME and TMPDIR to paths without spaces");
        }
        TargetCommand plan = TargetCommand.plan(command, jvmOptions);
        FileTime started = FileTime.fromMillis(System.currentTimeMillis() - 1000);
        ProcessBuilder pb = new ProcessBuilder(plan.command()).inheritIO();
        plan.applyTo(pb.environment());
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UserException("cannot run '" + command.get(0) + "': " + startFailure(e));
        }
        SignalForwarding.install(process);
        int exit;
        RecordingStatsAhead ahead = direct ? new RecordingStatsAhead(work.recordingWritten(), out.target()) : null;
        try (io.jtrace.cli.live.LiveTrace liveTrace = live.live
                ? live.start(LiveView.firstRepositoryUnder(work.repository()), java.time.Instant.EPOCH, outBytes()) : null) {
            exit = ahead != null ? ahead.waitFor(process) : process.waitFor();
        }
        RunReport report = new RunReport(err());
        report.agentLog(work.agentLog());
        if (direct) {
            report.direct(out, work.repository(), exit, ahead, UnmatchedPatterns.of(scope, command), sample != null);
        } else {
            report.perJvm(out.target(), started, command.get(0));
        }
        return exit;
    }

    private static AgentOptions agentOptions(AgentOptions options, Path target, boolean direct, WorkDirectory work,
                                             String samplePeriod) {
        options.output = (direct ? target : withPidSuffix(target)).toString();
        options.log = work.agentLog().toString();
        if (direct) options.written = work.recordingWritten().toString();
        options.sample = samplePeriod;
        return options;
    }

    /** JFR's period syntax; it samples at most every millisecond. */
    private static String samplePeriod(String text) {
        long ms = TimeArgument.parseNanos("--sample", text) / 1_000_000;
        if (ms < 1) throw new UserException("--sample period must be at least 1ms, not " + text);
        return ms + " ms";
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
}
