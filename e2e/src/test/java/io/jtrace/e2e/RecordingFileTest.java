package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The recording file at the end of a run: written from the JFR repository's chunks by the agent
 * when jtrace's is the only recording, by JFR when the program records too. Either way the JDK's
 * own reader reads it whole and it holds every call counted in the closing line.
 */
class RecordingFileTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private void readWhole(Path rec, Jtrace.Result run, String expectedCalls) {
        assertTrue(run.err().contains("jtrace: " + expectedCalls + " calls"), run::toString);
        // the JDK's reader: every chunk and event parses
        Jtrace.Result jfr = Jtrace.exec(dir, List.of(Jdk.current().home().resolve("bin/jfr").toString(), "summary", rec.toString()), Map.of());
        assertEquals(0, jfr.exit(), jfr::toString);
        assertTrue(jfr.out().contains("jtrace.TraceBatch"), jfr::out);
        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec.toString());
        assertEquals(0, summary.exit(), summary::toString);
        assertTrue(summary.out().contains("calls      " + expectedCalls + " ("), summary::out);
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aloneTheChunksAreCopiedIntoTheFile(Jdk jdk) throws Exception {
        Path rec = dir.resolve("alone.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "counter.Counter", "1000", "200");
        assertEquals(0, run.exit(), run::toString);
        assertEquals("", Jtrace.targetStderr(run.err()).strip(), run::toString);
        readWhole(rec, run, "200,001");
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void besideTheProgramsOwnRecordingJfrWritesBoth(Jdk jdk) throws Exception {
        Path rec = dir.resolve("traced.jfr");
        Path own = dir.resolve("own.jfr");
        List<String> cmd = new ArrayList<>(List.of("run", "-o", rec.toString(), "--", jdk.java().toString(),
                "-XX:StartFlightRecording:filename=" + own, "-cp", Jtrace.examplesClassPath(), "counter.Counter", "1000", "200"));
        Jtrace.Result run = Jtrace.jtrace(dir, cmd.toArray(String[]::new));
        assertEquals(0, run.exit(), run::toString);
        readWhole(rec, run, "200,001");
        assertTrue(Files.size(own) > 0, "the program's own recording");
        Jtrace.Result jfr = Jtrace.exec(dir, List.of(Jdk.current().home().resolve("bin/jfr").toString(), "summary", own.toString()), Map.of());
        assertEquals(0, jfr.exit(), jfr::toString);
    }

    /**
     * The agent says when the file is complete (its written= file, which jtrace run watches to count
     * the recording while the JVM is still ending): a stand-in 'java' runs the real one, then looks
     * for that file before jtrace run's directory goes.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void theAgentSaysWhenTheFileIsComplete(Jdk jdk) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, String.join("\n",
                "#!/bin/sh",
                "'" + jdk.java() + "' \"$@\"; code=$?",
                "for a in \"$@\"; do case $a in -javaagent:*) m=$(printf %s \"$a\" | sed -n 's/.*written=\\([^,]*\\).*/\\1/p' | sed 's/%2F/\\//g');; esac; done",
                "if [ -n \"$m\" ] && [ -f \"$m\" ]; then echo 'stand-in: the agent said the recording is written' >&2; fi",
                "exit $code", ""));
        java.toFile().setExecutable(true);
        Path rec = dir.resolve("announced.jfr");
        Jtrace.Result run = Jtrace.jtrace(dir, "run", "-o", rec.toString(), "--", java.toString(),
                "-cp", Jtrace.examplesClassPath(), "counter.Counter", "1000", "200");
        assertEquals(0, run.exit(), run::toString);
        assertTrue(run.err().contains("stand-in: the agent said the recording is written"), run::toString);
        readWhole(rec, run, "200,001");
    }
}
