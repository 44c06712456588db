package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * vars.ControlCharacters names a thread "weird\nname" + ESC "[31m", throws messages with newlines
 * and escape sequences and carries them in string values: every text output keeps one event per
 * line and shows those characters escaped, coloured or not; only jtrace's own colour codes reach
 * the terminal.
 */
class ControlCharactersTest {
    @TempDir
    static Path dir;
    static Path rec;

    static final String THREAD = "weird\\nname\\u001b[31m";

    @BeforeAll
    static void record() {
        rec = dir.resolve("controls.jfr");
        Jtrace.Result plain = Jtrace.plain(dir, Jdk.current(), "vars.ControlCharacters");
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), rec, List.of("--vars", "vars.**", "--values", "tostring"), "vars.ControlCharacters");
        assertEquals(plain.out(), run.out(), run::toString);
        assertEquals(plain.exit(), run.exit(), run::toString);
    }

    static List<List<String>> commands() {
        List<List<String>> c = new ArrayList<>();
        c.add(List.of("print"));
        c.add(List.of("print", "--by-thread"));
        c.add(List.of("exceptions"));
        c.add(List.of("exceptions", "--summary"));
        c.add(List.of("vars"));
        c.add(List.of("summary"));
        c.add(List.of("tree"));
        return c;
    }

    @Test
    void textOutputsEscapeControlCharacters() {
        for (List<String> command : commands()) {
            for (String color : List.of("never", "always")) {
                List<String> args = new ArrayList<>(command);
                args.add(rec.toString());
                args.add("--color=" + color);
                Jtrace.Result r = Jtrace.jtrace(dir, args.toArray(String[]::new));
                String what = String.join(" ", args);
                assertEquals(0, r.exit(), what + ": " + r);
                // jtrace's own SGR codes are the only escape sequences; the thread's "\e[31m" follows "name"
                assertFalse(r.out().contains("name\u001b") || r.out().contains("input\u001b") || r.out().contains("died\r"), what + ":\n" + r.out());
                String plain = r.out().replaceAll("\u001b\\[[0-9;]*m", "");
                for (char ch : plain.toCharArray()) {
                    assertTrue(ch == '\n' || !(ch < 0x20 || (ch >= 0x7f && ch <= 0x9f)),
                            what + ": control character " + (int) ch + " in\n" + r.out());
                }
                if (color.equals("never")) assertFalse(r.out().contains("\u001b"), what);
                else assertTrue(r.out().contains("\u001b["), what + ": --color=always colours");
                for (String line : plain.split("\n")) {
                    assertFalse(line.startsWith("name") || line.startsWith("input") || line.startsWith("line2"),
                            what + ": a line broken by a control character: " + line + "\n" + plain);
                }
                if (!what.startsWith("exceptions --summary")) assertTrue(plain.contains(THREAD), what + ":\n" + plain);
            }
        }
    }

    @Test
    void eachOutputShowsTheEscapedTextWhereItBelongs() {
        String print = Jtrace.jtrace(dir, "print", "--no-times", rec.toString()).out();
        assertTrue(print.contains(THREAD + "        * throw java.lang.IllegalArgumentException"), print);
        assertTrue(print.contains(": bad\\ninput\\u001b[2J26 at ControlCharacters.parse:"), print);
        assertTrue(print.contains("r s = \"line1\\nline2\\u001b[31mred\\u009b1m\\u007fend\""), print);
        assertTrue(print.contains("{line1\\nline2\\u001b[31mred\\u009b1m\\u007fend}"), "toString text: " + print);
        assertTrue(print.contains("uncaught java.lang.IllegalStateException") && print.contains(" in thread dies\\t\\u0007now, handled by"), print);
        String byThread = Jtrace.jtrace(dir, "print", "--by-thread", rec.toString()).out();
        assertTrue(byThread.contains("== thread " + THREAD + " (id "), byThread);

        String exceptions = Jtrace.jtrace(dir, "exceptions", rec.toString()).out();
        assertTrue(exceptions.contains("java.lang.IllegalArgumentException: bad\\ninput\\u001b[2J26\n"), exceptions);
        assertTrue(exceptions.contains("java.lang.IllegalStateException: died\\r\\u001b[Kquietly\n"), exceptions);
        assertTrue(exceptions.contains("   thread " + THREAD + "\n"), exceptions);
        assertTrue(exceptions.contains("uncaught in dies\\t\\u0007now, handled by no handler (the JDK prints it)"), exceptions);

        List<String> vars = Jtrace.jtrace(dir, "vars", "--no-times", rec.toString(), "--var", "s").outLines();
        assertTrue(vars.contains("  " + THREAD + "  r  \"line1\\nline2\\u001b[31mred\\u009b1m\\u007fend\"  line 17"), vars::toString);

        String summary = Jtrace.jtrace(dir, "summary", rec.toString()).out();
        assertTrue(summary.lines().anyMatch(l -> l.startsWith(THREAD + " ") && l.contains("vars.ControlCharacters.parse(String)")), summary);
        String tree = Jtrace.jtrace(dir, "tree", rec.toString()).out();
        assertTrue(tree.contains("thread " + THREAD + ": "), tree);

        Jtrace.Result noThread = Jtrace.jtrace(dir, "print", rec.toString(), "--thread", "nosuch");
        assertEquals(2, noThread.exit());
        assertEquals(1, noThread.err().lines().count(), noThread::toString);
        assertTrue(noThread.err().contains(THREAD), noThread::toString);
    }
}
