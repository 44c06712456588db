package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Smaller promises of {@code jtrace explore}'s searches and threads: a nested exception class found
 * by its own simple name; {@code find throw} with no type finds every throw ({@code *} does); a
 * thread the session's filter leaves out cannot be switched to; {@code threads} counts events.
 */
class ExploreSearchesTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private Jtrace.Result explore(Path rec, String script) {
        return Jtrace.jtrace(dir, "explore", rec.toString(), "--no-times", "-c", script);
    }

    @Test
    void throwsByNestedNameAndOfAnyType() {
        Path rec = dir.resolve("journeys.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "exceptions.Journeys").exit());
        Jtrace.Result nested = explore(rec, "find throw WrappedException | head 1");
        assertEquals(0, nested.exit(), nested::toString);
        assertTrue(nested.out().contains("* throw exceptions.Wrapping$WrappedException"), nested::toString);

        String walk = " | head 1" + "; fn | head 1".repeat(200);
        Jtrace.Result any = explore(rec, "find throw" + walk);
        Jtrace.Result star = explore(rec, "find throw *" + walk);
        assertTrue(any.outLines().size() > 5, any::toString);
        assertEquals(star.outLines(), any.outLines());
        assertTrue(any.outLines().stream().allMatch(l -> l.matches("=> +#\\d+ +\\* .*")), any::toString);
    }

    @Test
    void aThreadLeftOutByTheFilterIsRefused() {
        Path rec = dir.resolve("bank.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "bank.Main").exit());
        Jtrace.Result r = explore(rec, "filter thread customer-1; thread customer-2; thread customer-1");
        assertEquals(List.of("jtrace explore: thread: thread customer-2 is left out by the session's filter (see 'filters'; 'filter clear')"),
                r.err().lines().toList(), r::toString);
        assertEquals(List.of("  thread customer-1", "=>       #1  > bank.Customer.run()"), r.outLines(), r::toString);
    }

    /** 'threads' counts events as goto and the prompt number them: each count is the number of its thread's last event. */
    @ParameterizedTest
    @MethodSource("jdks")
    void threadsCountEvents(Jdk jdk) {
        Path rec = dir.resolve("bank.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main").exit());
        Jtrace.Result table = explore(rec, "threads");
        assertEquals(0, table.exit(), table::toString);
        List<String> rows = table.outLines().subList(1, table.outLines().size());
        assertEquals(5, rows.size(), table::toString);
        assertTrue(table.outLines().get(0).matches(" +id +name +events *"), table::toString);
        StringBuilder lasts = new StringBuilder();
        java.util.Map<String, String> counts = new java.util.LinkedHashMap<>();
        for (String row : rows) {
            String[] f = row.substring(2).trim().split(" +");
            counts.put(f[1], f[2].replace(",", ""));
            lasts.append("thread ").append(f[1]).append(" > /dev/null; last; ");
        }
        Jtrace.Result last = explore(rec, lasts.toString());
        assertEquals(5, last.outLines().size(), last::toString);
        int i = 0;
        for (var e : counts.entrySet()) {
            String line = last.outLines().get(i++);
            assertTrue(line.matches("=> +#" + e.getValue() + " .*"), "thread " + e.getKey() + " counts " + e.getValue() + ", its last event: " + line);
        }
    }

    /** A search's match shows the innermost six frames and says how many more 'where' shows. */
    @Test
    void aMatchShowsTheInnermostFrames() {
        Path rec = dir.resolve("two.jfr");
        assertEquals(0, Jtrace.trace(dir, Jdk.current(), rec, List.of(), "vars.TwoOwners").exit());
        Jtrace.Result r = explore(rec, "find call TwoOwners.deep --nth 10; where");
        assertEquals(0, r.exit(), r::toString);
        List<String> lines = r.outLines();
        assertTrue(lines.get(0).contains("= vars.TwoOwners.deep(int)"), r::toString); // deep(0): a call with no callees
        for (int i = 1; i <= 6; i++) assertTrue(lines.get(i).matches(" +d" + (11 - i) + "  vars\\.TwoOwners\\.deep.*"), lines.get(i));
        assertEquals("      ... 5 outer frames ('where' shows them all)", lines.get(7));
        assertEquals(1 + 1 + 11, lines.size() - 7, r::toString); // the "..." line, then where: the event and all eleven frames
        assertTrue(lines.get(lines.size() - 1).matches(" +d0  vars\\.TwoOwners\\.main.*"), r::toString);
    }
}
