package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodExit;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A recording of millions of records: read in bounded memory, and read as far as it goes when cut short. */
@ReadsLargeRecordings // most of an 8M-call recording
class LargeRecordingTest {
    @TempDir
    static Path dir;

    static Path big;
    static final long CALLS = 200_000L * 40 + 1;

    @BeforeAll
    static void record() {
        big = dir.resolve("big.jfr");
        // 2 MB chunks (JFR's default is 12 MB): several chunks hold the calls whatever the timing of rotation
        List<String> cmd = new java.util.ArrayList<>(List.of("run", "-o", big.toString(), "--"));
        List<String> java = Jtrace.javaCommand(Jdk.current(), "counter.Counter", "200000", "40");
        cmd.add(java.get(0));
        cmd.add("-XX:FlightRecorderOptions:maxchunksize=2m");
        cmd.addAll(java.subList(1, java.size()));
        Jtrace.Result run = Jtrace.jtrace(dir, cmd.toArray(String[]::new));
        assertEquals(0, run.exit(), run::toString);
        assertTrue(run.err().contains(String.format("%,d calls", CALLS)), run::toString);
    }

    /** jtrace print with a 64 MB heap over 16 million records; output to /dev/null. */
    @Test
    void printRunsInBoundedMemory() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Jtrace.executable().toString(), "print", big.toString()).directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(dir.resolve("print-err.txt").toFile());
        pb.environment().put("JTRACE_OPTS", "-Xmx64m");
        Process p = pb.start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "print did not finish");
        String err = Files.readString(dir.resolve("print-err.txt"));
        assertEquals(0, p.exitValue(), err);
        assertEquals("", err);
    }

    /** The lines of 'jtrace print' piped through a counter, without holding the output in memory. */
    private static long[] countLines(Path file, String... options) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Jtrace.executable().toString(), "print", "--no-times"));
        cmd.addAll(List.of(options));
        cmd.add(file.toString());
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(dir.resolve("count-err.txt").toFile()).start();
        p.getOutputStream().close();
        long lines = 0, unfinished = 0;
        try (InputStream in = p.getInputStream()) {
            byte[] buf = new byte[1 << 16];
            StringBuilder head = new StringBuilder(); // the start of the current line
            for (int n = in.read(buf); n > 0; n = in.read(buf)) {
                for (int i = 0; i < n; i++) {
                    if (head.length() < 16) head.append((char) buf[i]);
                    if (buf[i] == '\n') {
                        lines++;
                        if (head.toString().startsWith("main  ? ")) unfinished++; // the outermost frame, main()
                        head.setLength(0);
                    }
                }
            }
        }
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        return new long[] {p.exitValue(), lines, unfinished};
    }

    /** Start offsets of the recording's JFR chunks (each header: "FLR\0", version, then its size), and its end. */
    private static List<Long> chunkBounds(Path file) throws IOException {
        List<Long> starts = new java.util.ArrayList<>();
        try (var ch = java.nio.channels.FileChannel.open(file)) {
            java.nio.ByteBuffer head = java.nio.ByteBuffer.allocate(16);
            for (long at = 0; at < ch.size(); ) {
                head.clear();
                ch.read(head, at);
                assertEquals(0x464c5200, head.getInt(0), "chunk magic at " + at);
                starts.add(at);
                at += head.getLong(8);
            }
            starts.add(ch.size());
        }
        return starts;
    }

    /**
     * Cut in the middle of its last chunk of calls (a file cut short while being copied): the
     * complete chunks before the cut are printed, then one error line, exit 2. That chunk is the
     * last one over 1 MB: the JVM may start a last, small chunk for what it writes at exit, and
     * main() may have returned in the chunk before it.
     */
    @Test
    void truncatedRecordingIsPrintedAsFarAsItGoes() throws Exception {
        List<Long> bounds = chunkBounds(big);
        int callsChunk = bounds.size() - 2;
        while (callsChunk > 0 && bounds.get(callsChunk + 1) - bounds.get(callsChunk) < (1 << 20)) callsChunk--;
        assertTrue(callsChunk >= 1, "expected several ~2 MB chunks: " + bounds);
        long cutAt = bounds.get(callsChunk) + (bounds.get(callsChunk + 1) - bounds.get(callsChunk)) / 2;
        Path cut = dir.resolve("cut.jfr");
        try (InputStream in = Files.newInputStream(big); OutputStream out = Files.newOutputStream(cut)) {
            out.write(in.readNBytes((int) cutAt));
        }
        long[] result = countLines(cut);
        String err = Files.readString(dir.resolve("count-err.txt"));
        assertEquals(2, result[0], err);
        List<String> errLines = err.lines().toList();
        assertEquals(1, errLines.size(), err);
        assertTrue(errLines.get(0).startsWith("jtrace print: ") && errLines.get(0).contains("cut.jfr is truncated or damaged"), err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);
        // counter.Counter.main is still open where the readable part ends (and maybe an add() call);
        // the add() calls before it were printed
        assertEquals(1, result[2], "main shown as still running");
        assertTrue(result[1] > CALLS / 5 && result[1] < CALLS, "lines printed: " + result[1]);

        // Cut exactly in half: the same one error line and exit 2, whatever part was readable.
        Path half = dir.resolve("half.jfr");
        try (InputStream in = Files.newInputStream(big); OutputStream out = Files.newOutputStream(half)) {
            out.write(in.readNBytes((int) (Files.size(big) / 2)));
        }
        long[] halfResult = countLines(half, "--depth", "1");
        String halfErr = Files.readString(dir.resolve("count-err.txt"));
        assertEquals(2, halfResult[0], halfErr);
        assertEquals(1, halfErr.lines().count(), halfErr);
        assertTrue(halfErr.startsWith("jtrace print: ") && halfErr.contains("half.jfr is truncated or damaged"), halfErr);

        Recording r = Recording.read(cut);
        assertTrue(r.index.damage() != null);
        List<TraceEvent> main = r.thread("main");
        TraceEvent last = main.get(main.size() - 1);
        assertTrue(last instanceof MethodExit x && x.kind() == ExitKind.UNFINISHED, last::toString);
        assertTrue(Files.size(cut) < Files.size(big));
    }

    /** The same through the full recording: every call, nothing unfinished. */
    @Test
    void wholeRecordingHasEveryCall() throws Exception {
        long[] result = countLines(big, "--depth", "1");
        assertEquals(0, result[0], () -> {
            try {
                return Files.readString(dir.resolve("count-err.txt"));
            } catch (IOException e) {
                return e.toString();
            }
        });
        assertEquals(2, result[1], "main's enter and exit");
        assertEquals(0, result[2]);
    }
}
