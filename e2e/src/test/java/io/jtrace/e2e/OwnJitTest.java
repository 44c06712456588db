package io.jtrace.e2e;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Which compilers the stub gives jtrace's own JVM (its comment and bench/README.md, "C1 only for
 * short reading commands"): C1 only for `run`, for reading commands on recordings under a size
 * that depends on the command, and for call trees up to ~500 MB on two cores; C2 as well otherwise.
 * The stub is run with a stand-in for java that prints the choice it was given; the recordings
 * are sparse files of the sizes wanted (the stub only looks at their size).
 */
class OwnJitTest {
    @TempDir
    Path dir;
    private Path java;

    @BeforeEach
    void standInJava() throws Exception {
        java = dir.resolve("java");
        Files.writeString(java, """
                #!/bin/sh
                for a in "$@"; do case $a in -XX:TieredStopAtLevel=1) echo c1; exit 0;; esac; done
                echo tiered
                """, StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
    }

    private Path recording(String name, long megabytes) throws Exception {
        Path p = dir.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(megabytes << 20);
        }
        return p;
    }

    private String jit(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Jtrace.executable().toString()));
        cmd.addAll(List.of(args));
        Jtrace.Result r = Jtrace.exec(dir, cmd, Map.of("JTRACE_JAVA", java.toString(), "JTRACE_CDS", "off"));
        assertEquals(0, r.exit(), r::toString);
        return r.out().strip();
    }

    private static boolean twoCoresOrFewer() throws Exception {
        Process p = new ProcessBuilder("getconf", "_NPROCESSORS_ONLN").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
        return p.waitFor() == 0 && Integer.parseInt(out) <= 2;
    }

    @Test
    void textPerEventUsesC1OnlyBelow16Megabytes() throws Exception {
        String small = recording("small.jfr", 5).toString();
        String mid = recording("mid.jfr", 20).toString();
        assertEquals("c1", jit("print", small));
        assertEquals("c1", jit("export", small, "--format", "json"));
        assertEquals("tiered", jit("print", mid));
        assertEquals("tiered", jit("filter", "--threads", "main", mid, "-o", small));
    }

    @Test
    void reportsUseC1OnlyBelow48Megabytes() throws Exception {
        String mid = recording("mid.jfr", 20).toString();
        String large = recording("large.jfr", 100).toString();
        for (String command : List.of("summary", "exceptions", "vars", "calls")) {
            assertEquals("c1", jit(command, mid), command);
            assertEquals("tiered", jit(command, large), command);
        }
    }

    @Test
    void callTreesUseC1OnlyUpTo512MegabytesOnTwoCores() throws Exception {
        String large = recording("large.jfr", 100).toString();
        String huge = recording("huge.jfr", 600).toString();
        String small = recording("small.jfr", 5).toString();
        String expected = twoCoresOrFewer() ? "c1" : "tiered";
        assertEquals(expected, jit("tree", large, "--merge"));
        assertEquals(expected, jit("export", "-f", "collapsed", large));
        assertEquals(expected, jit("export", "--format=flamegraph", large, "-o", dir.resolve("f.html").toString()));
        assertEquals(expected, jit("export", "-fcollapsed", large));
        assertEquals("tiered", jit("tree", "--merge", huge));
        // the output named by -o is not the recording, even when it exists and is small
        assertEquals("tiered", jit("export", "-o", small, "-f", "collapsed", huge));
        assertEquals("tiered", jit("export", "-f", "json", large));
    }

    @Test
    void otherCommandsKeepC2() throws Exception {
        String small = recording("small.jfr", 5).toString();
        assertEquals("c1", jit("run", "-o", small, "--", "java", "-version"));
        assertEquals("tiered", jit("run", "--live", "--", "java", "-version"));
        assertEquals("tiered", jit("explore", small));
        assertEquals("tiered", jit("query", small, "SELECT 1"));
        assertEquals("tiered", jit("print", dir.resolve("missing.jfr").toString()));
        assertEquals("tiered", jit("export", "--format", "parquet", small, "-o", dir.resolve("d.parquet").toString()));
    }

    /** Commands that read no recording are over before C2 would compile anything. */
    @Test
    void commandsWithoutARecordingUseC1Only() throws Exception {
        for (String[] args : List.of(new String[] {"--version"}, new String[] {"--help"}, new String[] {"help", "print"},
                new String[] {"ps"}, new String[] {"--debug", "ps"})) {
            assertEquals("c1", jit(args), String.join(" ", args));
        }
        assertEquals("tiered", jit("attach", "1"));
    }
}
