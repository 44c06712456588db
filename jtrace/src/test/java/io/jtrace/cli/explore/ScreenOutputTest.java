package io.jtrace.cli.explore;

import io.jtrace.format.OutputFailedException;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScreenOutputTest {
    private static long spillFiles() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("jtrace-explore-")).count();
        }
    }

    /** Past its memory budget the output goes to a temporary file: the pager reads it all back, and it is gone at close. */
    @Test
    void aLargeOutputGoesToATemporaryFileAndComesBackWhole() throws Exception {
        long before = spillFiles();
        StringBuilder expected = new StringBuilder();
        int lines = 0;
        try (ScreenOutput out = new ScreenOutput()) {
            while (expected.length() <= ScreenOutput.IN_MEMORY + 1000) {
                String line = "line " + lines + " \u00e9\u4e2d " + "x".repeat(lines % 97);
                out.accept(line);
                expected.append(line).append('\n');
                lines++;
            }
            assertEquals(before + 1, spillFiles(), "spilled to a file");
            assertEquals(lines, out.lines());
            try (InputStream in = out.open()) {
                assertEquals(expected.toString(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            java.io.StringWriter printed = new java.io.StringWriter();
            out.printTo(new PrintWriter(printed));
            assertEquals(expected.toString(), printed.toString());
        }
        assertEquals(before, spillFiles(), "the file is removed");
    }

    @Test
    void aShortOutputStaysInMemory() throws Exception {
        long before = spillFiles();
        try (ScreenOutput out = new ScreenOutput()) {
            out.accept("a");
            out.accept("b");
            assertEquals(before, spillFiles());
            try (InputStream in = out.open()) {
                assertEquals("a\nb\n", new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
    }

    /** '| head N' stops the command at the line after its N (as a real head's exit stops its writer). */
    @Test
    void headStopsTheCommandOnceItHasItsLines() {
        List<String> shown = new ArrayList<>();
        OutputPipeline p = OutputPipeline.of(List.of(List.of("head", "2")), shown::add);
        PrintWriter w = new PrintWriter(p);
        w.println("one");
        w.println("two");
        w.flush();
        OutputFailedException stop = assertThrows(OutputFailedException.class, () -> w.println("three"));
        assertTrue(OutputPipeline.HeadDone.is(stop) && stop.brokenPipe(), stop::toString);
        assertEquals(List.of("one", "two"), shown);
    }
}
