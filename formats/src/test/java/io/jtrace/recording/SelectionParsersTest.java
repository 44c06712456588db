package io.jtrace.recording;

import io.jtrace.model.ThreadInfo;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one parser of each part of a selection, as every command, the explore shell and query use it. */
class SelectionParsersTest {
    private static final ThreadInfo MAIN = new ThreadInfo(1, "main", false, 0);
    private static final ThreadInfo WORKER = new ThreadInfo(23, "worker-2", false, 1);
    private static final ThreadInfo UNNAMED = new ThreadInfo(40, "", true, 2);

    @Test
    void threadsByNameGlobOrId() {
        assertTrue(Selection.threadPatterns(null).test(WORKER));
        assertTrue(Selection.threadPatterns(List.of()).test(MAIN));
        Predicate<ThreadInfo> workers = Selection.threadPatterns(List.of("worker-*"));
        assertTrue(workers.test(WORKER));
        assertFalse(workers.test(MAIN));
        Predicate<ThreadInfo> byId = Selection.threadPatterns(List.of("1", "virtual-40"));
        assertTrue(byId.test(MAIN), "the id 1");
        assertTrue(byId.test(UNNAMED), "an unnamed virtual thread by its label");
        assertFalse(byId.test(WORKER), "23 is not 1: the whole id, not a part of it");
        ReportException empty = assertThrows(ReportException.class, () -> Selection.threadPatterns(List.of("main", "")));
        assertEquals("empty thread pattern: give a thread name, a glob like 'worker-*', or an id", empty.getMessage());
    }

    @Test
    void methodPatternsInTheAgentsLanguage() {
        var f = Selection.methodPatterns(List.of("bank.**"), List.of("*.<init>"));
        assertTrue(f.matches("bank.Bank", "transfer"));
        assertTrue(f.matches("bank.inner.Ledger", "post"), "** crosses packages");
        assertFalse(f.matches("bank.Bank", "<init>"), "excluded");
        assertFalse(f.matches("other.Bank", "transfer"));
        assertTrue(Selection.methodPatterns(null, null).isEmpty());
        ReportException bad = assertThrows(ReportException.class, () -> Selection.methodPatterns(List.of(""), null));
        assertFalse(bad.getMessage().isEmpty());
    }

    @Test
    void timesInSecondsOrWithAUnit() {
        assertEquals(1_500_000_000L, Selection.parseNanos("--from", "1.5"));
        assertEquals(250_000_000L, Selection.parseNanos("--from", "250ms"));
        assertEquals(300_000L, Selection.parseNanos("--from", "300us"));
        assertEquals(300_000L, Selection.parseNanos("--from", "300µs"));
        assertEquals(40L, Selection.parseNanos("--from", "40ns"));
        assertEquals(120_000_000_000L, Selection.parseNanos("--from", "2min"));
        assertEquals(500_000_000L, Selection.parseNanos("--from", " .5S "));
        assertEquals("--to takes a time like 1.5 (seconds), 250ms, 300us or 2min, not 'soon'",
                assertThrows(ReportException.class, () -> Selection.parseNanos("--to", "soon")).getMessage());
        assertEquals("--to 99999999999999min is too large",
                assertThrows(ReportException.class, () -> Selection.parseNanos("--to", "99999999999999min")).getMessage());
    }
}
