package io.jtrace.report;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Lines added to groups in any interleaving come back group by group, in the order added, in
 * first-use order of the groups, whether they stayed in memory or were spilled (past the 8 MB
 * budget, several times over, so each group's lines are in several chunks plus a pending tail).
 */
class GroupedLinesTest {
    @Test
    void linesComeBackPerGroupInOrderAcrossSpills() throws Exception {
        int groups = 5_000;
        List<StringBuilder> expected = new ArrayList<>();
        List<Integer> firstUse = new ArrayList<>();
        for (int i = 0; i < groups; i++) expected.add(new StringBuilder());
        Random random = new Random(7);
        long bytes = 0;
        try (GroupedLines lines = new GroupedLines()) {
            for (int n = 0; bytes < 30L << 20; n++) {
                // a few hot groups and a long tail, as the fields of a parser's objects
                int g = random.nextInt(4) == 0 ? random.nextInt(8) : random.nextInt(groups);
                String line = "  line " + n + " of group " + g + " " + "x".repeat(random.nextInt(120));
                if (expected.get(g).length() == 0) firstUse.add(g);
                expected.get(g).append(line).append('\n');
                lines.add(lines.group(g), line);
                bytes += line.length() + 1;
            }
            List<Integer> order = new ArrayList<>();
            for (GroupedLines.Group g : lines.groups()) {
                int key = (Integer) g.key;
                order.add(key);
                StringWriter text = new StringWriter();
                PrintWriter w = new PrintWriter(text);
                lines.print(g, w);
                w.flush();
                assertEquals(expected.get(key).toString(), text.toString(), "group " + key);
            }
            assertEquals(firstUse, order);
        }
    }
}
