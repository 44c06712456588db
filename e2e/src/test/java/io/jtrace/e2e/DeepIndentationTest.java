package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stack as deep as a real application's (62 frames) in print and in the explore shell: the
 * indentation stops at 24 levels (48 columns) and deeper lines say their real level there,
 * {@code [57] > ...}, the level 'where' numbers the frame by (d57); the shell shows each event
 * exactly as print does.
 */
class DeepIndentationTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private static final int CAP = 24;
    private static final Pattern LINE = Pattern.compile("( *)(\\[(\\d+)\\] )?([><=!]) .*");

    @ParameterizedTest
    @MethodSource("jdks")
    void deepLinesStopIndentingAndSayTheirLevel(Jdk jdk) {
        Path rec = dir.resolve("deep.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "workloads.DeepStack", "60").exit());
        Jtrace.Result print = Jtrace.jtrace(dir, "print", rec.toString(), "--no-times");
        assertEquals(0, print.exit(), print::toString);
        List<String> lines = print.outLines().stream().map(l -> l.substring("main  ".length())).toList();
        assertEquals(2 + 2 * 61 + 1, lines.size(), print::toString);
        int depth = 0;
        int deepest = 0;
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            char kind = m.group(4).charAt(0);
            if (kind == '<' || kind == '!') depth--;
            assertEquals(2 * Math.min(depth, CAP), m.group(1).length(), "indentation at depth " + depth + ": " + line);
            assertEquals(depth > CAP ? Integer.toString(depth) : null, m.group(3), "level shown at depth " + depth + ": " + line);
            deepest = Math.max(deepest, depth);
            if (kind == '>') depth++;
        }
        assertEquals(62, deepest); // main at 0, 61 descend frames, bottom() at 62

        // the shell: every event, one step at a time, shown as print shows it, and where's dN is the bracket's level
        Jtrace.Result shell = Jtrace.jtrace(dir, "explore", rec.toString(), "--no-times", "-c",
                "first" + "; step".repeat(lines.size() - 1) + "; first > /dev/null; find call *bottom; where | head 2");
        assertEquals(0, shell.exit(), shell::toString);
        List<String> out = shell.outLines();
        for (int i = 0; i < lines.size(); i++) {
            String expected = "=> " + String.format("%8s", "#" + (i + 1)) + "  " + lines.get(i);
            assertEquals(expected, out.get(i), "event #" + (i + 1));
        }
        assertTrue(out.get(lines.size()).endsWith("  [62] = workloads.DeepStack.bottom()"), shell::toString);
        assertTrue(out.get(lines.size() + 1).matches(" +d62  workloads\\.DeepStack\\.bottom\\(\\).*"), shell::toString);
    }
}
