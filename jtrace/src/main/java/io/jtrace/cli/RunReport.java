package io.jtrace.cli;

import io.jtrace.cli.launch.ChunkRecovery;
import io.jtrace.format.Counts;
import io.jtrace.report.RecordingStats;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What {@code jtrace run} says on stderr once the target has ended: the agent's complaints, then
 * each recording (calls, threads, size), or why there is none. A JVM that ended without writing
 * its recording (SIGKILL, a crash, {@code Runtime.halt}) has it rebuilt from JFR's repository.
 */
final class RunReport {
    private static final String PREFIX = "jtrace run: ";
    private final PrintWriter err;
    /** The agent's log said it traced but could not write the recording (its reason is shown above). */
    private boolean agentCouldNotWrite;

    RunReport(PrintWriter err) {
        this.err = err;
    }

    void agentLog(Path log) {
        try {
            if (!Files.exists(log)) return;
            List<String> lines = Files.readAllLines(log);
            int shown = Math.min(lines.size(), 20);
            for (int i = 0; i < shown; i++) err.println(lines.get(i));
            agentCouldNotWrite = lines.stream().anyMatch(l -> l.contains("writing the recording failed"));
            if (lines.size() > shown) err.println("jtrace agent: ... " + (lines.size() - shown) + " more");
        } catch (IOException ignored) {
            // nothing to show
        }
    }

    /**
     * The one JVM of a java command wrote the recording, or jtrace rebuilds it from
     * {@code repository}; an earlier recording left at the same path is never taken for this run's.
     * {@code patterns}: the run's method patterns, each one that selected nothing said after the
     * recording's lines; {@code keepsSamples}: the recording holds execution samples (--sample),
     * worth keeping even with no traced call.
     */
    void direct(RunOutput out, Path repository, int exit, RecordingStatsAhead ahead, UnmatchedPatterns patterns,
                boolean keepsSamples) throws IOException {
        Path target = out.target();
        if (out.writtenByThisRun()) {
            RecordingStats counted = ahead == null ? null : ahead.statsIfUnchanged();
            RecordingStats stats = counted != null ? counted : RecordingStats.of(target);
            boolean nothingTraced = RunOutput.tracedNothing(stats) && !keepsSamples;
            if (nothingTraced && (exit != 0 || out.keepsEarlier())) {
                // it failed before its first traced call (no such main class, a bad argument), or it
                // ran and nothing it called was in scope (a misspelt --include, java -version): say
                // so, not "0 calls", and keep what the file held before this run (its patterns first:
                // a misspelt --include names what it missed)
                patterns.warn(err, target);
                boolean restored = out.restoreEarlier();
                // a failed run's file of JFR's own events and no call is no use, only a puzzle later: gone
                boolean removed = !restored && exit != 0 && Files.deleteIfExists(target);
                err.println(PREFIX + "no call was traced"
                        + (exit != 0 ? ": the target exited with code " + exit + " before its first traced call" : "")
                        + (restored ? " (" + relative(target) + " still holds an earlier recording)"
                                : removed ? "; no recording kept (" + relative(target) + " removed)" : " (" + relative(target) + " holds no call)"));
                err.flush();
                return;
            }
            print(target, stats, true);
            err.flush();
            patterns.warn(err, target);
            return;
        }
        boolean started = ChunkRecovery.hasChunks(repository);
        int chunks = started ? ChunkRecovery.recover(repository, target) : 0;
        if (chunks == 0) out.restoreEarlierIfNothingNew(); // the agent's empty file gives way to what was there
        if (chunks > 0) {
            recovered(err, "run", "the target " + howItEnded(exit), chunks, target);
        } else if (started) {
            err.println(PREFIX + "no recording was written: the target " + howItEnded(exit)
                    + " before JFR wrote any of the recording to disk" + earlier(out));
        } else if (agentCouldNotWrite) {
            err.println(PREFIX + "no recording was written: the agent could not write it (its reason above)" + earlier(out));
        } else {
            err.println(PREFIX + "no recording was written: the target exited with code " + exit + " before tracing started"
                    + earlier(out));
        }
        err.flush();
    }

    private static String earlier(RunOutput out) {
        return out.holdsEarlierRecording() ? " (" + relative(out.target()) + " still holds an earlier recording)" : "";
    }

    /** Each JVM started by a non-java command wrote {@code NAME-<pid>.jfr} beside {@code target}, since {@code started}. */
    void perJvm(Path target, FileTime started, String command) throws IOException {
        List<Path> found = findRecordings(target, started);
        if (found.isEmpty()) {
            err.println(PREFIX + "no recording was written: no JVM started by '" + command + "' was traced");
            err.flush();
        }
        recordings(found);
    }

    /**
     * How a JVM ended that did not write its recording: "was killed by SIGKILL (exit 137)"; a plain
     * exit code means it skipped its shutdown (Runtime.halt, or exit() from native code).
     */
    static String howItEnded(int exit) {
        if (exit > 128 && exit < 160) {
            String[] names = {null, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE",
                "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"};
            int signal = exit - 128;
            return "was killed by " + (signal < names.length ? names[signal] : "signal " + signal) + " (exit " + exit + ")";
        }
        return "halted with exit code " + exit + " (Runtime.halt or an exit from native code; no shutdown hooks ran)";
    }

    private void recordings(List<Path> recordings) throws IOException {
        for (Path p : recordings) print(p, RecordingStats.of(p), true);
        err.flush();
    }

    /**
     * A JVM ended ({@code ended}: "the target was killed by SIGKILL (exit 137)", "JVM 4242 ended")
     * without writing its recording, which was rebuilt from {@code chunks} chunks of its repository.
     */
    static void recovered(PrintWriter err, String command, String ended, int chunks, Path recording) throws IOException {
        err.println("jtrace " + command + ": warning: " + ended + " without writing its recording; recovered "
                + Counts.of(chunks, "chunk", "chunks") + " from the JFR repository (records still buffered in threads at that moment are lost)");
        // records still buffered when it died are lost, as the line above says; its statistics are
        // an earlier chunk's, so a shortfall against them is not JFR's doing
        print(err, command, recording, RecordingStats.of(recording), false);
        err.flush();
    }

    private void print(Path recording, RecordingStats s, boolean whole) {
        print(err, "run", recording, s, whole);
    }

    /**
     * The lines that close a run or an attach: what the recording holds, how many calls went
     * untimed, and its warnings ({@code command}'s). {@code whole}: the JVM wrote the recording
     * itself, its statistics last (not rebuilt from chunks).
     */
    static void print(PrintWriter err, String command, Path recording, RecordingStats s, boolean whole) {
        String prefix = "jtrace " + command + ": ";
        Path shown = relative(recording);
        err.println("jtrace: " + Counts.of(s.calls(), "call", "calls") + " (" + Counts.of(s.records(), "record", "records") + ") in "
                + Counts.of(s.threads(), "thread", "threads") + " -> " + shown + " (" + bytes(s.bytes()) + ")");
        if (s.untimedCalls() > 0 && s.calls() > 0) {
            err.println(String.format(Locale.ROOT, "jtrace: %,d of them (%d%%) untimed, measured shorter than the clock's own cost:"
                    + " print shows them so, summary estimates them (~); --timing full times every call",
                    s.untimedCalls(), Math.round(100.0 * s.untimedCalls() / s.calls())));
        }
        if (s.dataLossBytes() > 0) err.println(prefix + "warning: JFR lost at least " + s.dataLossBytes() + " bytes of events in " + shown);
        // a damaged file's own warning says why batches are missing
        if (whole && s.damage() == null && s.missingRecords() > 0) {
            err.println(String.format(Locale.ROOT, prefix + "warning: %,d of the trace's batches (%,d records) that the agent"
                    + " handed to JFR are not in %s: JFR dropped them%s; 'jtrace print' marks each gap it can place",
                    s.missingBatches(), s.missingRecords(), shown, s.dataLossBytes() > 0 ? "" : " without a jdk.DataLoss event"));
        }
        if (s.damage() != null) err.println(prefix + "warning: " + shown + " is damaged: " + s.damage());
    }

    private static List<Path> findRecordings(Path target, FileTime since) throws IOException {
        String name = target.getFileName().toString();
        String base = name.endsWith(".jfr") ? name.substring(0, name.length() - 4) : name;
        Pattern perJvm = Pattern.compile(Pattern.quote(base) + "-\\d+\\.jfr");
        List<Path> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(target.getParent())) {
            files.filter(p -> perJvm.matcher(p.getFileName().toString()).matches())
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
}
