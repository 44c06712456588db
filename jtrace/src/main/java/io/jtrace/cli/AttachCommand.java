package io.jtrace.cli;

import io.jtrace.agent.AgentOptions;
import io.jtrace.cli.attach.AttachApi;
import io.jtrace.cli.attach.Jvms;
import io.jtrace.cli.launch.AgentJars;
import io.jtrace.cli.launch.WorkDirectory;
import io.jtrace.cli.live.LiveTrace;
import io.jtrace.report.RecordingStats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import sun.misc.Signal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code jtrace attach PID}: traces a running JVM from now until {@code --duration} has passed,
 * Ctrl-C, {@code jtrace detach PID} or the JVM's exit; then the agent restores every class it
 * changed and the JVM runs on as before. The agent says in jtrace's private directory when
 * tracing runs and when the recording is written (see the agent's AttachSession).
 */
@Command(name = "attach", mixinStandardHelpOptions = true,
        description = {"Trace a running JVM (see 'jtrace ps') into a recording.",
            "Records from now until --duration has passed, Ctrl-C or 'jtrace detach PID'. Then every class jtrace changed gets its original code back and the JVM runs on. Calls already running when tracing starts are shown as '^ entered before tracing'."})
final class AttachCommand extends JtraceCommand {
    private static final long POLL_MILLIS = 100;

    @Parameters(index = "0", paramLabel = "PID", description = "Process id of the JVM (see 'jtrace ps').")
    String pidArgument;

    private long pid;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Recording file (default: jtrace-<date>-<time>.jfr here).")
    Path output;

    @Option(names = "--duration", paramLabel = "TIME",
            description = "Stop after this long (30s, 2min, 1.5); default: until Ctrl-C or 'jtrace detach PID'.")
    String duration;

    @Mixin
    TraceScope scope;

    @Mixin
    LiveView live;

    private final CountDownLatch interrupted = new CountDownLatch(1);

    @Override
    public Integer call() throws Exception {
        long durationNanos = duration == null ? 0 : TimeArgument.parseNanos("--duration", duration);
        if (duration != null && durationNanos <= 0) throw new UserException("--duration must be positive, not " + duration);
        AgentOptions options = scope.agentOptions();
        live.validate();
        pid = Jvms.pid(pidArgument);
        Jvms.checkAttachable(pid);
        catchSignals(); // before the agent loads: a Ctrl-C while it does ends the attach as any other
        RunOutput out = RunOutput.prepare(output, true);
        try (WorkDirectory work = WorkDirectory.create()) {
            Path control = work.agentLog().getParent();
            options.output = out.target().toString();
            options.log = work.agentLog().toString();
            options.control = control.toString();
            ProcessHandle self = ProcessHandle.current();
            options.attacher = self.pid() + ":" + self.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
            Path agent = AgentJars.attachJar();
            Instant from = Instant.now().minusSeconds(1);
            AttachApi.loadAgent(pid, agent, options.format());
            if (!Files.exists(control.resolve("attached"))) {
                throw new UserException("could not start tracing in JVM " + pid + ": " + firstLine(work.agentLog(), "the agent did not start"));
            }
            List<String> attached = Files.readAllLines(control.resolve("attached"));
            err().println("jtrace attach: tracing JVM " + pid + " (" + io.jtrace.format.Counts.of(Long.parseLong(attached.get(1)), "loaded class", "loaded classes")
                    + " instrumented); "
                    + (duration != null ? "for " + duration + ", " : "") + "Ctrl-C or 'jtrace detach " + pid + "' ends it");
            if ("0".equals(attached.get(1)) && !options.include.isEmpty()) {
                err().println("jtrace attach: warning: no class loaded in JVM " + pid + " has a method that --include "
                        + String.join(", ", options.include) + " selects; classes loaded from now on are traced as they load");
            }
            err().flush();
            LiveTrace liveTrace = live.live ? live.start(() -> attached.get(0).isEmpty() ? null : Paths.get(attached.get(0)), from, outBytes()) : null;
            try {
                waitForEnd(control, durationNanos);
                detach(control);
            } finally {
                if (liveTrace != null) liveTrace.close(true);
            }
            report(work.agentLog(), out, attached.get(0).isEmpty() ? null : Paths.get(attached.get(0)), from);
            return 0;
        } finally {
            out.finish();
        }
    }

    /** Until the duration has passed, Ctrl-C or SIGTERM, a detach by someone else, or the JVM's end. */
    private void catchSignals() {
        for (String name : new String[] {"INT", "TERM", "HUP"}) {
            try {
                Signal.handle(new Signal(name), s -> interrupted.countDown());
            } catch (IllegalArgumentException unavailable) {
                // no such signal here
            }
        }
    }

    private void waitForEnd(Path control, long durationNanos) throws InterruptedException {
        long deadline = durationNanos > 0 ? System.nanoTime() + durationNanos : Long.MAX_VALUE;
        while (System.nanoTime() < deadline && !Files.exists(control.resolve("detached")) && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            if (interrupted.await(Math.min(POLL_MILLIS, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)), TimeUnit.MILLISECONDS)) break;
        }
    }

    /** Ends tracing unless it has ended already (see the agent's AttachSession.watch), and waits until the recording is written. */
    private void detach(Path control) throws InterruptedException, IOException {
        Path detached = control.resolve("detached");
        if (!Files.exists(detached)) Files.createFile(control.resolve("detach"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(detached) && isAlive() && System.nanoTime() < deadline) Thread.sleep(POLL_MILLIS);
        if (!Files.exists(detached) && isAlive()) throw new UserException("JVM " + pid + " did not end tracing within a minute", 1);
    }

    private boolean isAlive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** {@code repository}: the JVM's JFR repository, where a JVM killed while traced leaves the chunks written so far. */
    private void report(Path agentLog, RunOutput out, Path repository, Instant from) throws IOException {
        Path target = out.target();
        if (Files.exists(agentLog)) {
            List<String> lines = Files.readAllLines(agentLog, StandardCharsets.UTF_8);
            lines.stream().limit(20).forEach(err()::println);
        }
        if (RunOutput.identity(target) == null && repository != null && !isAlive()) {
            // killed while traced (SIGKILL, a crash): what JFR had written is this attach's recording, as for run
            int chunks = io.jtrace.cli.launch.ChunkRecovery.recover(repository, target, java.nio.file.attribute.FileTime.from(from));
            if (chunks > 0) {
                RunReport.recovered(err(), "attach", "JVM " + pid + " ended", chunks, target);
                return;
            }
        }
        if (RunOutput.identity(target) == null) {
            throw new UserException("no recording was written: JVM " + pid + " ended before its recording was complete"
                    + (out.restoreEarlierIfNothingNew() ? " (" + target.getFileName() + " still holds an earlier recording)" : ""), 1);
        }
        RecordingStats stats = RecordingStats.of(target);
        if (RunOutput.tracedNothing(stats) && out.restoreEarlier()) {
            // nothing the JVM ran was in scope (a misspelt --include): an empty recording does not replace an earlier one
            err().println("jtrace attach: no call was traced (" + target.getFileName() + " still holds an earlier recording)");
            err().flush();
            return;
        }
        RunReport.print(err(), "attach", target, stats, true);
        err().flush();
    }

    private static String firstLine(Path log, String otherwise) {
        try {
            return Files.readAllLines(log).stream().findFirst().map(l -> l.replaceFirst("^jtrace agent: ", "")).orElse(otherwise);
        } catch (IOException e) {
            return otherwise;
        }
    }
}
