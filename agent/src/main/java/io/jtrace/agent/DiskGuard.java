package io.jtrace.agent;

import io.jtrace.runtime.TraceRuntime;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;

/**
 * Stops tracing before the disk fills up. JFR does not survive a full disk: on JDK 17 and 25
 * alike it prints "An irrecoverable error in Jfr. Shutting down VM..." and halts the program with
 * exit code 1, no shutdown hooks and no recording. So every {@value #INTERVAL_MILLIS} ms this
 * checks the room left for the JFR repository (where the chunks grow) and for the recording
 * (written at the end from those chunks: as many bytes again); when what is left would not hold
 * the recording plus two seconds of its fastest growth (over a second or the last check's
 * interval) and what JFR still holds in memory, tracing stops, the
 * recording is written with what came before, and one message says so. The program runs on,
 * untraced, and ends as it would.
 *
 * <p>It also keeps the trace within its size budget ({@code --max-size}): tracing stops the same
 * way when the trace reaches it, and a warning says, early, when the trace has taken a quarter of
 * the budget and grows so fast that it will reach the rest within {@value #WARN_WITHIN_SECONDS} s
 * (--vars or --lines over a whole application grows by gigabytes a minute: docs/run.md). A
 * quarter first: a short run
 * of a whole application grows by tens of MB/s for seconds and is no danger to its budget. JFR's own {@code maxsize} is not used: it would drop the
 * oldest chunks, silently, and keep a trace with no beginning.
 */
final class DiskGuard implements Runnable {
    static final long INTERVAL_MILLIS = 200;
    /**
     * Room kept free beyond the estimate: what JFR still holds in memory when tracing stops
     * (its buffers, 10 MB by default) is written to the repository then, and copied again into
     * the recording: twice, plus a margin. With 1 MB and then 12 MB, runs on a 48 MB disk under
     * load left a recording cut in the middle of a chunk.
     */
    private static final long RESERVE = 24L << 20;
    private static final int WINDOW = (int) (1000 / INTERVAL_MILLIS);
    /**
     * The default budget: the smaller of this and a quarter of the room on the recording's file
     * system at the start (the recording is there twice at the end, as JFR's chunks and as the
     * file: half the room is left to everything else). 4 GB is a few times the largest trace of a
     * real application traced whole so far, some 2 billion records, which the reading commands
     * get through in a minute or two.
     */
    static final long DEFAULT_BUDGET_CAP = 4L << 30;
    /** Warn when the trace, at its rate over the last second, would reach the budget within this. */
    static final long WARN_WITHIN_SECONDS = 300;

    private final RecordingControl recording;
    private final AgentLog log;
    private final long startNanos = System.nanoTime();
    /** Bytes the trace may take; Long.MAX_VALUE: no budget. */
    private final long budget;
    private final boolean defaultBudget;
    /** Say the early warning on the program's stderr at once too (jtrace run: the user's terminal; not in an attached JVM). */
    private final boolean warnOnStderr;
    /** What the tracer had handed to JFR before this recording (an earlier attach's). */
    private final long payloadBefore = TraceRuntime.payloadBytes();

    private DiskGuard(RecordingControl recording, AgentLog log, long budget, boolean defaultBudget, boolean warnOnStderr) {
        this.recording = recording;
        this.log = log;
        this.budget = budget;
        this.defaultBudget = defaultBudget;
        this.warnOnStderr = warnOnStderr;
    }

    /**
     * {@code maxSize}: the agent's option (0: the default budget, -1: none); {@code attached}: in a
     * JVM that jtrace attach started tracing, whose stderr is not the user's.
     */
    static void watch(RecordingControl recording, AgentLog log, long maxSize, boolean attached) {
        long budget = maxSize > 0 ? maxSize : maxSize < 0 ? Long.MAX_VALUE : defaultBudget(recording.output());
        Thread t = new Thread(new DiskGuard(recording, log, budget, maxSize == 0, !attached), "jtrace-disk-guard");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        long[] sizes = new long[WINDOW];
        long[] traced = new long[WINDOW];
        long fastest = 0;
        boolean warned = false;
        for (int tick = 0; ; tick++) {
            try {
                Thread.sleep(INTERVAL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            if (!recording.running()) return;
            try {
                String repo = System.getProperty("jdk.jfr.repository");
                if (repo == null) continue;
                Path repository = Paths.get(repo);
                // JFR writes its buffers to disk about once a second, so the files lag behind what the
                // tracer has produced (the first second of a fast program: nearly all of it)
                long payload = TraceRuntime.payloadBytes() - payloadBefore;
                long used = Math.max(sizeOf(repository), payload);
                long aSecondAgo = sizes[tick % WINDOW];
                long lastTick = sizes[(tick + WINDOW - 1) % WINDOW];
                sizes[tick % WINDOW] = used;
                if (tick >= WINDOW) fastest = Math.max(fastest, used - aSecondAgo);
                // The last tick's growth as a rate too: when the JIT compiles the traced code, the
                // rate jumps several-fold within a second, faster than a one-second window sees.
                long perSecond = Math.max(fastest, Math.max(used - aSecondAgo, (used - lastTick) * WINDOW));
                long growth = 2 * perSecond;
                // The budget counts this recording's trace alone (the repository of an attached JVM
                // can hold other recordings), one tick ahead so that the file ends near it, not past it.
                long tracedASecondAgo = traced[tick % WINDOW];
                long tracedLastTick = traced[(tick + WINDOW - 1) % WINDOW];
                traced[tick % WINDOW] = payload;
                if (payload + (payload - tracedLastTick) >= budget) {
                    stopAtBudget(payload);
                    return;
                }
                long rate = payload - tracedASecondAgo;
                if (!warned && tick >= WINDOW && budget != Long.MAX_VALUE && rate > 0 && payload >= budget / 4
                        && (budget - payload) / rate < WARN_WITHIN_SECONDS) {
                    warned = true;
                    warnOfRate(rate, (budget - payload) / rate);
                }
                FileStore chunks = Files.getFileStore(repository);
                Path outputDir = recording.output().toAbsolutePath().getParent();
                FileStore file = Files.getFileStore(outputDir);
                long need = chunks.equals(file) ? 2 * used + 2 * growth + RESERVE : used + growth + RESERVE;
                long left = Math.min(file.getUsableSpace(), chunks.getUsableSpace());
                if (file.getUsableSpace() < need || chunks.getUsableSpace() < growth + RESERVE) {
                    stop(left, perSecond, chunks.equals(file) ? outputDir.toString() : repository + " (JFR's chunks) and " + outputDir);
                    return;
                }
            } catch (IOException | RuntimeException e) {
                // a repository being rotated, a file gone while counting: next time
            }
        }
    }

    private void stop(long left, long perSecond, String where) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        log.warn(String.format(java.util.Locale.ROOT,
                "stopped tracing after %.1f s: the disk would soon be full (%,d KB left for %s; the trace grows by up to %,d KB/s);"
                        + " the recording holds the trace up to then, and the program goes on untraced",
                seconds, left / 1024, where, perSecond / 1024));
        recording.stop();
    }

    private void stopAtBudget(long traced) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        log.warn(String.format(java.util.Locale.ROOT,
                "stopped tracing after %.1f s: the trace reached its size budget of %s (--max-size%s); the recording holds"
                        + " the trace up to then (%s), the program goes on untraced, and what it does after that is not recorded",
                seconds, size(budget), defaultBudget ? ", by default the smaller of 4 GB and a quarter of the free disk" : "",
                size(traced)));
        recording.stop();
    }

    private void warnOfRate(long perSecond, long secondsLeft) {
        String message = String.format(java.util.Locale.ROOT,
                "warning: the trace grows by %s/s; at this rate it reaches its size budget of %s (--max-size) in about %d s,"
                        + " and tracing stops there; narrow --vars, --lines or --include to trace for longer",
                size(perSecond), size(budget), secondsLeft);
        // jtrace run: now, on the program's stderr (its log is shown only when the program has ended);
        // an attached JVM's stderr is not the user's: its log, shown when jtrace attach ends
        if (warnOnStderr) log.now(message);
        else log.log(message);
    }

    static long defaultBudget(Path output) {
        try {
            Path dir = output.toAbsolutePath().getParent();
            return Math.min(DEFAULT_BUDGET_CAP, Files.getFileStore(dir).getUsableSpace() / 4);
        } catch (IOException | RuntimeException e) {
            return DEFAULT_BUDGET_CAP;
        }
    }

    /** 12 MB, 1.5 GB: sizes as the user gives --max-size. */
    static String size(long bytes) {
        if (bytes >= 1L << 30) return String.format(java.util.Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30));
        if (bytes >= 1L << 20) return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / (double) (1L << 20));
        return String.format(java.util.Locale.ROOT, "%d KB", (bytes + 1023) / 1024);
    }

    private static long sizeOf(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException gone) {
                    return 0;
                }
            }).sum();
        }
    }
}
