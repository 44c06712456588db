package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every bad input: one line on stderr, 'jtrace <cmd>: ...', exit 2, no stack trace. */
class BadInputTest {
    @TempDir
    static Path dir;

    static Path recording;

    @BeforeAll
    static void record() {
        recording = dir.resolve("counter.jfr");
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), recording, List.of(), "counter.Counter", "50");
        assertEquals(0, run.exit(), run::toString);
    }

    /** Runs jtrace, expects exit 2 and exactly one stderr line starting with {@code prefix} and containing {@code parts}. */
    private static Jtrace.Result assertUsageError(String prefix, List<String> parts, String... args) {
        Jtrace.Result r = Jtrace.jtrace(dir, args);
        assertEquals(2, r.exit(), r::toString);
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).startsWith(prefix), r::toString);
        for (String p : parts) assertTrue(lines.get(0).contains(p), () -> "expected '" + p + "' in " + r);
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r::toString);
        return r;
    }

    @Test
    void runWithoutCommand() {
        assertUsageError("jtrace run: ", List.of("no command to run", "after '--'"), "run");
        assertUsageError("jtrace run: ", List.of("no command to run"), "run", "-o", "x.jfr", "--");
    }

    @Test
    void runUnknownOptionSuggestsTheRightOne() {
        assertUsageError("jtrace run: ", List.of("'--inclde'", "did you mean --include?"), "run", "--inclde", "x", "--", "java", "-version");
    }

    @Test
    void runCommandNotFound() {
        assertUsageError("jtrace run: ", List.of("'no-such-command-here'", "command not found"), "run", "--", "no-such-command-here");
    }

    @Test
    void runBadPatterns() {
        assertUsageError("jtrace run: ", List.of("'a/b'", "'a.b'"), "run", "--include", "a/b", "--", "java", "-version");
        assertUsageError("jtrace run: ", List.of("'x***'", "'**'"), "run", "--include", "x***", "--", "java", "-version");
        assertUsageError("jtrace run: ", List.of("'a..b'"), "run", "--exclude", "a..b", "--", "java", "-version");
    }

    @Test
    void runBadDepth() {
        assertUsageError("jtrace run: ", List.of("--depth", "0"), "run", "--depth", "0", "--", "java", "-version");
        assertUsageError("jtrace run: ", List.of("'deep'"), "run", "--depth", "deep", "--", "java", "-version");
    }

    @Test
    void runOutputInMissingDirectory() {
        assertUsageError("jtrace run: ", List.of("no such directory"), "run", "-o", dir.resolve("nowhere/x.jfr").toString(), "--", "java", "-version");
    }

    /** An output jtrace cannot write is reported before the target starts (it would print on stdout). */
    @Test
    void runUnwritableOutputStopsBeforeTheTargetStarts() {
        String java = Jdk.current().java().toString();
        String cp = Jtrace.examples().toString();
        String[][] cases = {
            {"/proc/x.jfr", "cannot create files in /proc"},
            {dir.resolve("nowhere/x.jfr").toString(), "no such directory"},
            {dir.toString(), "is a directory"},
            {"/dev/null", "not a regular file"},
        };
        for (String[] c : cases) {
            Jtrace.Result r = assertUsageError("jtrace run: cannot write " + c[0] + ": ", List.of(c[1]),
                    "run", "-o", c[0], "--", java, "-cp", cp, "counter.Counter", "3");
            assertEquals("", r.out(), r::toString);
        }
        // a script's JVMs would each write /proc/y-<pid>.jfr
        Jtrace.Result r = assertUsageError("jtrace run: cannot write /proc/y.jfr: ", List.of("/proc"),
                "run", "-o", "/proc/y.jfr", "--", "sh", "-c", java + " -cp " + cp + " counter.Counter 3");
        assertEquals("", r.out(), r::toString);
        assertTrue(Files.exists(Path.of("/dev/null")) && !Files.isRegularFile(Path.of("/dev/null")), "/dev/null left alone");
    }

    @Test
    void printMissingFile() {
        assertUsageError("jtrace print: ", List.of("no such file", "missing.jfr"), "print", "missing.jfr");
    }

    @Test
    void printDirectory() {
        assertUsageError("jtrace print: ", List.of("is a directory"), "print", dir.toString());
    }

    @Test
    void printTextFile() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.jfr"), "just some text\n");
        assertUsageError("jtrace print: ", List.of("notes.jfr", "not a JFR recording"), "print", text.toString());
    }

    @Test
    void printEmptyFile() throws IOException {
        Path empty = Files.write(dir.resolve("empty.jfr"), new byte[0]);
        assertUsageError("jtrace print: ", List.of("empty.jfr", "is empty"), "print", empty.toString());
    }

    @Test
    void printRecordingWithoutJtraceEvents() {
        Path plain = dir.resolve("plain.jfr");
        List<String> cmd = List.of(Jdk.current().java().toString(), "-XX:StartFlightRecording:filename=" + plain, "-version");
        Jtrace.Result made = Jtrace.exec(dir, cmd, java.util.Map.of());
        assertEquals(0, made.exit(), made::toString);
        assertUsageError("jtrace print: ", List.of("plain.jfr", "has no jtrace events", "jtrace run"), "print", plain.toString());
    }

    @Test
    void printUnknownThreadListsTheThreads() {
        assertUsageError("jtrace print: ", List.of("no thread matches nosuch", "main"), "print", "--thread", "nosuch", recording.toString());
    }

    @Test
    void printBadPatternAndDepth() {
        assertUsageError("jtrace print: ", List.of("'a/b'"), "print", "--include", "a/b", recording.toString());
        assertUsageError("jtrace print: ", List.of("--depth", "-1"), "print", "--depth", "-1", recording.toString());
        assertUsageError("jtrace print: ", List.of("'sometimes'", "auto"), "print", "--color", "sometimes", recording.toString());
    }

    @Test
    void printWithoutFile() {
        assertUsageError("jtrace print: ", List.of("FILE"), "print");
    }

    @Test
    void unknownSubcommandSuggestsTheRightOne() {
        assertUsageError("jtrace: ", List.of("unknown command 'prnt'", "did you mean print?"), "prnt", recording.toString());
    }

    /** --help does not turn an unknown command into the top-level help (and exit 0). */
    @Test
    void unknownSubcommandWithHelpIsStillAnError() {
        assertUsageError("jtrace: ", List.of("unknown command 'nosuch'", "see 'jtrace --help'"), "nosuch", "--help");
        assertUsageError("jtrace: ", List.of("unknown command 'shell'"), "shell", "--help");
        assertUsageError("jtrace: ", List.of("unknown command 'sumary'", "did you mean summary?"), "sumary", "--help");
    }

    @Test
    void noSubcommand() {
        assertUsageError("jtrace: ", List.of("no command given", "jtrace --help"));
    }

    @Test
    void versionAndHelpWork() {
        Jtrace.Result v = Jtrace.jtrace(dir, "--version");
        assertEquals(0, v.exit(), v::toString);
        assertTrue(v.out().matches("(?s)jtrace \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\nJVM: .*"), v::toString);
        for (String cmd : new String[] {"run", "print"}) {
            Jtrace.Result h = Jtrace.jtrace(dir, cmd, "--help");
            assertEquals(0, h.exit(), h::toString);
            assertTrue(h.out().startsWith("Usage: jtrace " + cmd), h::toString);
        }
    }
}
