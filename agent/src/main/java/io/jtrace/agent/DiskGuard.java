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

    private final RecordingControl recording;
    private final AgentLog log;
    private final long startNanos = System.nanoTime();

    private DiskGuard(RecordingControl recording, AgentLog log) {
        this.recording = recording;
        this.log = log;
    }

    static void watch(RecordingControl recording, AgentLog log) {
        Thread t = new Thread(new DiskGuard(recording, log), "jtrace-disk-guard");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        long[] sizes = new long[WINDOW];
        long fastest = 0;
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
                long used = Math.max(sizeOf(repository), TraceRuntime.payloadBytes());
                long aSecondAgo = sizes[tick % WINDOW];
                long lastTick = sizes[(tick + WINDOW - 1) % WINDOW];
                sizes[tick % WINDOW] = used;
                if (tick >= WINDOW) fastest = Math.max(fastest, used - aSecondAgo);
                // The last tick's growth as a rate too: when the JIT compiles the traced code, the
                // rate jumps several-fold within a second, faster than a one-second window sees.
                long perSecond = Math.max(fastest, Math.max(used - aSecondAgo, (used - lastTick) * WINDOW));
                long growth = 2 * perSecond;
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
