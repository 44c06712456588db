package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * When the output goes away: a pipeline that stops reading ({@code | head}) ends jtrace quietly
 * with exit 0, and a device that cannot take the output (a full disk: {@code /dev/full}) is one
 * error line naming what could not be written, exit 1, never a success or a stack trace.
 */
class OutputFailureTest {
    @TempDir
    static Path dir;

    static Path recording;

    @BeforeAll
    static void record() {
        recording = dir.resolve("calls.jfr");
        // 400K calls: print writes tens of MB, far more than a pipe holds
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), recording, List.of(), "workloads.CallHeavy", "2000");
        assertEquals(0, run.exit(), run::toString);
    }

    /** {@code jtrace ARGS | head -c 200} under pipefail: jtrace's own exit status and stderr. */
    private static Jtrace.Result piped(String... args) {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", "set -o pipefail; \"$@\" | head -c 200 > /dev/null", "bash",
                Jtrace.executable().toString()));
        cmd.addAll(List.of(args));
        return Jtrace.exec(dir, cmd, Map.of());
    }

    /** {@code jtrace ARGS > /dev/full}. */
    private static Jtrace.Result toFullDevice(String... args) {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", "\"$@\" > /dev/full", "bash", Jtrace.executable().toString()));
        cmd.addAll(List.of(args));
        return Jtrace.exec(dir, cmd, Map.of());
    }

    private static void assertOneLine(Jtrace.Result r, String line) {
        assertEquals(1, r.exit(), r::toString);
        assertEquals(List.of(line), r.err().lines().toList(), r::toString);
    }

    @Test
    void aPipelineThatStopsReadingEndsJtraceQuietly() {
        String rec = recording.toString();
        for (List<String> args : List.of(List.of("print", rec), List.of("print", rec, "--by-thread"),
                List.of("export", rec, "--format", "json"), List.of("export", rec, "--format", "csv"),
                List.of("export", rec, "--format", "chrome"), List.of("export", rec, "--format", "collapsed"),
                List.of("summary", rec), List.of("tree", rec), List.of("explore", rec, "-c", "tree; tree; summary"))) {
            Jtrace.Result r = piped(args.toArray(String[]::new));
            assertEquals(0, r.exit(), () -> args + ": " + r);
            assertEquals("", r.err(), () -> args + ": " + r);
        }
    }

    @Test
    void aFullDeviceIsOneErrorLine() {
        assumeTrue(Files.isWritable(Path.of("/dev/full")), "no /dev/full here");
        String rec = recording.toString();
        assertOneLine(toFullDevice("print", rec), "jtrace print: cannot write the output: no space left on device");
        assertOneLine(toFullDevice("tree", rec), "jtrace tree: cannot write the output: no space left on device");
        // the small reports, written through a buffered writer: its failure too
        assertOneLine(toFullDevice("summary", rec), "jtrace summary: cannot write the output: no space left on device");
        assertOneLine(toFullDevice("explore", rec, "-c", "tree"), "jtrace explore: cannot write the output: no space left on device");
        // help and version, which picocli prints before any command runs
        assertOneLine(toFullDevice("--help"), "jtrace: cannot write the output: no space left on device");
        assertOneLine(toFullDevice("--version"), "jtrace: cannot write the output: no space left on device");
        assertOneLine(toFullDevice("print", "--help"), "jtrace print: cannot write the output: no space left on device");
        assertOneLine(toFullDevice("help", "print"), "jtrace help: cannot write the output: no space left on device");
        assertOneLine(Jtrace.jtrace(dir, "export", rec, "--format", "json", "-o", "/dev/full"),
                "jtrace export: cannot write /dev/full: no space left on device");
        assertOneLine(Jtrace.jtrace(dir, "export", rec, "--format", "csv", "-o", "/dev/full"),
                "jtrace export: cannot write /dev/full: no space left on device");
    }

    /**
     * The recording's directory removed while the program runs: the agent cannot write the file, says
     * why, and jtrace run says that no recording was written because of it (not that tracing never started).
     */
    @Test
    void aRecordingThatCannotBeWrittenIsSaidSo() throws Exception {
        Path gone = Files.createDirectories(dir.resolve("gone"));
        Path stop = dir.resolve("stop-gone");
        Path out = dir.resolve("gone-out.txt");
        Path err = dir.resolve("gone-err.txt");
        String command = Jtrace.executable() + " run -o " + gone.resolve("rec.jfr") + " -- " + Jdk.current().java()
                + " -cp " + Jtrace.examplesClassPath() + " faults.Counting 60000 10000 20 " + stop + " >" + out + " 2>" + err
                + " & pid=$!; while kill -0 $pid 2>/dev/null && ! grep -q made " + out + "; do sleep 0.05; done;"
                + " rm -rf " + gone + "; touch " + stop + "; wait $pid";
        Jtrace.Result r = Jtrace.exec(dir, List.of("sh", "-c", command), Map.of());
        String said = Files.readString(err);
        assertEquals(0, r.exit(), () -> r + "\n" + said); // the program's own exit code
        List<String> lines = said.lines().toList();
        assertEquals(List.of("jtrace agent: writing the recording failed: cannot write " + gone.resolve("rec.jfr")
                        + ": no such file or directory",
                "jtrace run: no recording was written: the agent could not write it (its reason above)"), lines, said);
        assertFalse(said.contains("\tat "), said);
    }
}
