package io.jtrace.e2e;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.cli.Main;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.read.UnreadableRecordingException;
import io.jtrace.replay.Replay;
import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Damaged recordings against every reading command (the larger one with variables, lines and the
 * values of calls): every prefix of a small recording and random
 * byte changes in a larger one. Each case ends with one clear error line (exit 2) or a result
 * (exit 0, warnings allowed), never a stack trace, an internal error or a hang (a time limit per
 * case). The commands run in this JVM through {@link Main#execute} with captured streams, a few
 * milliseconds a case instead of a JVM each.
 *
 * <p>Prefixes go through the reading library itself ({@link TraceReader} and a full
 * {@link Replay}, the path every command takes; see {@link #EDGE} for which lengths); the
 * commands' own handling of a cut file is checked on prefixes spread over the file.
 */
class FuzzReadingTest {
    private static final long CASE_SECONDS = 20;
    private static final int FLIPPED_FILES = 20;
    /**
     * Reading a cut file costs 0.4-2 ms (most of it JFR's metadata, ~100 KB even in the smallest
     * recording): every length of the first and last {@value #EDGE} bytes (the chunk header, the
     * first events, the constant pools and metadata at the end) and every {@value #STRIDE}th in
     * between keep this under 20 s; {@code -Djtrace.fuzz.everyPrefix=true} takes every length
     * (about 3 minutes).
     */
    private static final int EDGE = 4096;
    private static final int STRIDE = 61;
    private final boolean everyPrefix = Boolean.getBoolean("jtrace.fuzz.everyPrefix");

    @TempDir
    static Path dir;
    static Path small;
    static Path large;
    static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(null, r, "fuzz-case", 1L << 28);
        t.setDaemon(true);
        return t;
    });

    @BeforeAll
    static void record() throws IOException {
        Jdk jdk = Jdk.current();
        small = dir.resolve("small.jfr");
        // with variables and the values of calls: vars and calls have something to decode in it
        Jtrace.Result r = Jtrace.exec(dir, List.of(Jtrace.executable().toString(), "run", "-o", small.toString(),
                "--vars", "lifecycle.**", "--args", "lifecycle.**", "--",
                jdk.java().toString(), "-cp", Jtrace.examplesClassPath(), "lifecycle.Echo"), java.util.Map.of(), "one\ntwo\n");
        assertEquals(0, r.exit(), r::toString);
        large = dir.resolve("large.jfr");
        Jtrace.Result l = Jtrace.trace(dir, jdk, large, List.of("--vars", "bank.**", "--lines", "bank.Account.*", "--args", "bank.**"),
                "bank.Main");
        assertEquals(0, l.exit(), l::toString);
    }

    /**
     * Every reading command, writing files (filter, export) into {@code out}; {@code calls} lists a
     * method of the recording ({@code small}: lifecycle.Echo.shout, else bank.Bank.transfer) with a
     * {@code --where} on its values. Each exits 0 on the intact file ({@link #everyCommandReadsTheIntactFiles}):
     * a command refused before it reads would check nothing here.
     */
    private static List<String[]> commands(Path file, Path out, boolean small) {
        String f = file.toString();
        List<String[]> c = new ArrayList<>();
        c.add(new String[] {"print", f});
        c.add(new String[] {"print", "--by-thread", "--thread", "main", f});
        c.add(new String[] {"summary", f});
        c.add(new String[] {"tree", f});
        c.add(new String[] {"exceptions", f});
        c.add(new String[] {"exceptions", "--summary", f});
        c.add(new String[] {"vars", f});
        c.add(new String[] {"calls", f, "--method", small ? "lifecycle.**" : "bank.**", "--sort", "duration", "--top", "5"});
        c.add(small ? new String[] {"calls", f, "--method", "lifecycle.Echo.shout", "--where", "s == \"one\" or ret != null"}
                : new String[] {"calls", f, "--method", "bank.Bank.transfer", "--where", "amount > 100 or arg0 == null"});
        c.add(new String[] {"filter", f, "-o", out.resolve("filtered.jfr").toString()});
        for (String format : List.of("json", "csv", "chrome", "speedscope", "collapsed", "flamegraph")) {
            c.add(new String[] {"export", f, "--format", format, "-o", out.resolve("export." + format).toString()});
        }
        return c;
    }

    private record Outcome(int exit, String out, String err) {}

    /** One command in this JVM, within the time limit; anything escaping is a failure. */
    private static Outcome run(String[] args) throws Exception {
        Future<Outcome> f = WORKER.submit(() -> {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit;
            try {
                exit = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
            } catch (Throwable escaped) {
                StringWriter trace = new StringWriter();
                escaped.printStackTrace(new PrintWriter(trace));
                return new Outcome(-1, out.toString(), "escaped: " + trace);
            }
            return new Outcome(exit, out.toString(), err.toString());
        });
        try {
            return f.get(CASE_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException hang) {
            f.cancel(true);
            throw new AssertionError("hangs (over " + CASE_SECONDS + " s): jtrace " + String.join(" ", args));
        }
    }

    /** One clear error line, or a result; never a stack trace or an internal error. */
    private static void assertClean(String[] args, Outcome o, String what) {
        String cmd = "jtrace " + String.join(" ", args) + " (" + what + ")\nexit " + o.exit() + "\n" + o.err();
        assertTrue(o.exit() == 0 || o.exit() == 2, cmd);
        assertTrue(!o.err().contains("\tat ") && !o.err().contains("internal error") && !o.err().contains("Exception"), cmd);
        if (o.exit() == 2) {
            // the error line; before it, only jtrace's own lines (warnings, filter's closing line)
            assertTrue(o.err().contains("jtrace " + args[0] + ": "), cmd);
            for (String l : o.err().strip().split("\n")) assertTrue(l.startsWith("jtrace"), cmd);
        }
    }

    /** Each command reads both intact recordings with exit 0, and calls lists rows: the fuzz cases reach the decoding. */
    @Test
    void everyCommandReadsTheIntactFiles() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out-intact"));
        for (boolean isSmall : new boolean[] {true, false}) {
            for (String[] args : commands(isSmall ? small : large, out, isSmall)) {
                Outcome o = run(args);
                String cmd = "jtrace " + String.join(" ", args) + "\nexit " + o.exit() + "\n" + o.err();
                assertEquals(0, o.exit(), cmd);
                // lifecycle.Echo throws nothing: exceptions says so, with --summary too (the bank's recording has journeys)
                String expectedErr = isSmall && args[0].equals("exceptions") ? "jtrace exceptions: warning: " + small + " holds no exceptions\n" : "";
                if (args[0].equals("filter") || args[0].equals("export")) {
                    // at most their closing line: what was written where
                    assertTrue(o.err().isEmpty() || o.err().matches("jtrace: [^\n]+ -> [^\n]+\n"), cmd);
                } else {
                    assertEquals(expectedErr, o.err(), cmd);
                }
                if (args[0].equals("calls") || args[0].equals("vars") || args[0].equals("print")) {
                    assertTrue(o.out().lines().count() >= 2, cmd + "\n" + o.out());
                }
            }
        }
        Outcome shout = run(commands(small, out, true).stream().filter(a -> a[0].equals("calls") && a[3].endsWith("shout")).findFirst().orElseThrow());
        assertTrue(shout.out().contains("\"ONE\"") && shout.out().contains("\"TWO\""), shout::out);
    }

    @Test
    void prefixesOfASmallRecordingReadOrFailCleanly() throws Exception {
        byte[] whole = Files.readAllBytes(small);
        Path cut = dir.resolve("cut.jfr");
        Files.write(cut, whole);
        List<String> failures = new ArrayList<>();
        int delivered = 0;
        // longest first: the file is cut shorter in place, never rewritten
        try (FileChannel ch = FileChannel.open(cut, StandardOpenOption.WRITE)) {
            for (int length = whole.length; length >= 0; length--) {
                if (!everyPrefix && length > EDGE && length < whole.length - EDGE && length % STRIDE != 0) continue;
                ch.truncate(length);
                String failure = readWhole(cut);
                if (failure == null) delivered++;
                else if (!failure.isEmpty()) failures.add(length + ": " + failure);
                if (failures.size() > 5) break;
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(delivered > 0);

        // the commands, on lengths in the chunk header and spread over the file
        Path out = Files.createDirectories(dir.resolve("out-prefix"));
        List<Integer> lengths = new ArrayList<>();
        for (int i = 0; i <= 68; i += 17) lengths.add(i);
        for (int i = 69; i < whole.length; i += Math.max(1, whole.length / 20)) lengths.add(i);
        lengths.add(whole.length - 1);
        Random random = new Random(13);
        for (int i = 0; i < 3; i++) lengths.add(random.nextInt(whole.length));
        for (int length : lengths) {
            Path p = dir.resolve("prefix.jfr");
            Files.write(p, java.util.Arrays.copyOf(whole, length));
            for (String[] args : commands(p, out, true)) assertClean(args, run(args), "first " + length + " bytes");
        }
    }

    /** The library on a damaged file: null if it delivered, "" if it refused cleanly, else what went wrong. */
    private static String readWhole(Path file) throws Exception {
        Future<String> f = WORKER.submit(() -> {
            try (TraceIndex index = TraceReader.read(file, null)) {
                Replay.of(index, index.threads()).into(new CallAdapter() { });
                return null;
            } catch (UnreadableRecordingException refused) {
                return "";
            } catch (Throwable t) {
                StringWriter s = new StringWriter();
                t.printStackTrace(new PrintWriter(s));
                return s.toString();
            }
        });
        try {
            return f.get(CASE_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException hang) {
            f.cancel(true);
            return "hangs (over " + CASE_SECONDS + " s)";
        }
    }

    @Test
    void randomByteChangesInALargerRecordingReadOrFailCleanly() throws Exception {
        byte[] whole = Files.readAllBytes(large);
        Random random = new Random(42);
        Path out = Files.createDirectories(dir.resolve("out-flips"));
        Path p = dir.resolve("flipped.jfr");
        for (int n = 0; n < FLIPPED_FILES; n++) {
            byte[] bytes = whole.clone();
            int changes = 1 + random.nextInt(8);
            StringBuilder what = new StringBuilder("seed 42, file " + n + ":");
            for (int i = 0; i < changes; i++) {
                int at = random.nextInt(bytes.length);
                bytes[at] = (byte) random.nextInt(256);
                what.append(' ').append(at);
            }
            Files.write(p, bytes);
            for (String[] args : commands(p, out, false)) assertClean(args, run(args), what.toString());
        }
    }
}
