package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --no-ids}: print, vars and calls name objects by numbers instead of identity hashes,
 * numbered in the order they first appear in the recording, the same number for the same object
 * in every report; with --no-times two runs of a deterministic program print the same text.
 */
class ObjectIdsTest {
    @TempDir
    Path dir;

    private static final Pattern NUMBERED = Pattern.compile("[\\w.$\\[\\]]+#\\d+");
    private static final Pattern HASH = Pattern.compile("@[0-9a-f]{4,}\\b");

    @Test
    void objectsAreNumberedTheSameInEveryReport() {
        Path rec = dir.resolve("checkout.jfr");
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), rec, List.of("--args", "args.**", "--vars", "args.**"), "args.Checkout");
        assertEquals(0, run.exit(), run::toString);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", rec.toString(), "--no-ids", "--no-times");
        Jtrace.Result vars = Jtrace.jtrace(dir, "vars", rec.toString(), "--no-ids", "--no-times");
        Jtrace.Result calls = Jtrace.jtrace(dir, "calls", rec.toString(), "--method", "args.**", "--no-ids", "--no-times");
        for (Jtrace.Result r : List.of(print, vars, calls)) {
            assertEquals(0, r.exit(), r::toString);
            assertFalse(HASH.matcher(r.out()).find(), () -> "an identity hash is left: " + r.out());
        }
        List<String> inPrint = numbered(print.out());
        assertTrue(inPrint.size() > 5, print::toString);
        // numbered as they first appear: print (one thread, in time order) meets #1, #2, #3... in turn
        for (int i = 0; i < inPrint.size(); i++) assertTrue(inPrint.get(i).endsWith("#" + (i + 1)), inPrint.toString());
        // the same object, the same number in every report (a number per report would not match print's)
        Set<String> printed = new LinkedHashSet<>(inPrint);
        for (Jtrace.Result r : List.of(vars, calls)) {
            List<String> seen = numbered(r.out());
            assertFalse(seen.isEmpty(), r::toString);
            for (String s : seen) {
                // an array's section in vars is titled by its name (array java.lang.String[] words#6): its number alone
                boolean typed = s.contains(".") || s.contains("[");
                String number = s.substring(s.indexOf('#'));
                assertTrue(typed ? printed.contains(s) : printed.stream().anyMatch(p -> p.endsWith(number)),
                        s + " is not how print names that object: " + printed);
            }
        }
    }

    @Test
    void twoRunsPrintTheSame() {
        Path a = dir.resolve("a.jfr");
        Path b = dir.resolve("b.jfr");
        for (Path rec : List.of(a, b)) {
            assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of("--args", "args.**", "--vars", "args.**"), "args.Checkout").exit());
        }
        Jtrace.Result pa = Jtrace.jtrace(dir, "print", a.toString(), "--no-ids", "--no-times");
        Jtrace.Result pb = Jtrace.jtrace(dir, "print", b.toString(), "--no-ids", "--no-times");
        assertEquals(pa.out(), pb.out());
        assertTrue(pa.out().contains("#1"), pa::toString);
    }

    /** Each distinct numbered name, in the order of its first appearance. */
    private static List<String> numbered(String text) {
        Set<String> seen = new LinkedHashSet<>();
        Matcher m = NUMBERED.matcher(text);
        while (m.find()) seen.add(m.group());
        return List.copyOf(seen);
    }
}
