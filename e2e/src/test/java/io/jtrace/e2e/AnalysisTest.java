package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** jtrace summary and tree on deterministic examples, on every JDK found. */
class AnalysisTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** counter.Counter 1000 3: main once, add 3,000 times under it. */
    @ParameterizedTest
    @MethodSource("jdks")
    void summaryAndTreeOfTheCounter(Jdk jdk) throws Exception {
        Path rec = dir.resolve("counter.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "counter.Counter", "1000", "3");
        assertEquals(0, run.exit(), run::toString);

        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec.toString());
        assertEquals(0, summary.exit(), summary::toString);
        assertEquals("3,000", callsOf(summary.out(), "counter.Counter.add(int, int)"), summary::toString);
        assertEquals("1", callsOf(summary.out(), "counter.Counter.main(String[])"), summary::toString);
        assertTrue(summary.out().contains("3,002 events: 1 enter, 1 exit, 3,000 leaf call"), summary::toString);

        Jtrace.Result tree = Jtrace.jtrace(dir, "tree", "--no-times", rec.toString());
        assertEquals(0, tree.exit(), tree::toString);
        assertEquals("""
                thread main: 1 call
                `---counter.Counter.main(String[])  1 call
                    `---counter.Counter.add(int, int)  3,000 calls
                """, tree.out());

        Jtrace.Result sorted = Jtrace.jtrace(dir, "summary", "--sort", "calls", "--top", "1", rec.toString());
        assertEquals(0, sorted.exit(), sorted::toString);
        assertTrue(sorted.out().contains("top 1 of 2"), sorted::toString);
        assertEquals("3,000", callsOf(sorted.out(), "counter.Counter.add(int, int)"));
        assertEquals(null, callsOf(sorted.out(), "counter.Counter.main(String[])"));
    }

    /** The calls column of a method's row in the summary's method table, or null if absent. */
    /**
     * summary's selections against what the bank does: each customer makes N transfers, each
     * withdrawing once. --thread keeps one thread's rows, --include one method's, --exclude drops
     * methods and leaves the calls of the others as they were.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void summarySelectsThreadsAndMethods(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        int transfers = 20;
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "2", Integer.toString(transfers));
        assertEquals(0, run.exit(), run::toString);
        Jtrace.Result all = Jtrace.jtrace(dir, "summary", rec.toString());
        assertEquals(0, all.exit(), all::toString);
        assertEquals(List.of("customer-1", "customer-2", "main"), threadRows(all.out()));

        Jtrace.Result one = Jtrace.jtrace(dir, "summary", "--thread", "customer-1", "--include", "bank.Account.withdraw", rec.toString());
        assertEquals(0, one.exit(), one::toString);
        assertEquals(List.of("customer-1"), threadRows(one.out()), one::toString);
        assertEquals(Integer.toString(transfers), callsOf(one.out(), "bank.Account.withdraw(long)"), one::toString);
        assertEquals(List.of("bank.Account.withdraw(long)"), methodRows(one.out()), one::toString);

        Jtrace.Result without = Jtrace.jtrace(dir, "summary", "--exclude", "bank.Account.*", rec.toString());
        assertEquals(0, without.exit(), without::toString);
        assertTrue(methodRows(without.out()).stream().noneMatch(m -> m.startsWith("bank.Account.")), without::toString);
        List<String> others = methodRows(all.out()).stream().filter(m -> !m.startsWith("bank.Account.")).toList();
        assertEquals(others.stream().sorted().toList(), methodRows(without.out()).stream().sorted().toList());
        for (String m : others) assertEquals(callsOf(all.out(), m), callsOf(without.out(), m), m);
        assertTrue(Integer.parseInt(callsOf(without.out(), "bank.Bank.transfer(Account, Account, long)").replace(",", "")) >= 2 * transfers,
                without::toString);
    }

    /** The method column of summary's 'methods by self time' table. */
    static List<String> methodRows(String summary) {
        Matcher m = Pattern.compile("(?m)^\\s*[0-9,]+\\s+\\S+ \\S+\\s+\\S+ \\S+\\s+\\S+ \\S+\\s+\\S+ \\S+\\s+[0-9,]+\\s+(\\S.*)$").matcher(summary);
        List<String> rows = new java.util.ArrayList<>();
        while (m.find()) rows.add(m.group(1));
        return rows;
    }

    /** The thread names of summary's 'threads by traced time' table, sorted. */
    static List<String> threadRows(String summary) {
        int at = summary.indexOf("threads by traced time");
        assertTrue(at >= 0, summary);
        return summary.substring(at).lines().skip(2).filter(l -> !l.isBlank()).map(l -> l.split(" +")[0]).sorted().toList();
    }

    static String callsOf(String summary, String method) {
        Matcher m = Pattern.compile("(?m)^\\s*([0-9,]+)\\s+\\S+ \\S+\\s+\\S+ \\S+\\s+\\S+ \\S+\\s+\\S+ \\S+\\s+[0-9,]+\\s+"
                + Pattern.quote(method) + "$").matcher(summary);
        return m.find() ? m.group(1) : null;
    }

    /** The sampler's tree (recursion, lambdas, constructors, a custom class loader) is stable: golden. */
    @ParameterizedTest
    @MethodSource("jdks")
    void goldenTreeOfTheSampler(Jdk jdk) throws Exception {
        Path rec = dir.resolve("sampler.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "sampler.Main");
        assertEquals(0, run.exit(), run::toString);
        Jtrace.Result tree = Jtrace.jtrace(dir, "tree", "--no-times", rec.toString());
        assertEquals(0, tree.exit(), tree::toString);
        Golden.assertMatches("sampler-tree.txt", tree.out());

        Jtrace.Result focus = Jtrace.jtrace(dir, "tree", "--no-times", "--focus", "Recursion.fib", "--depth", "3", rec.toString());
        assertEquals(0, focus.exit(), focus::toString);
        assertEquals("""
                thread main: 1 call
                `---sampler.Recursion.fib(int)  1 call
                    `---sampler.Recursion.fib(int)  2 calls
                        `---sampler.Recursion.fib(int)  4 calls
                """, focus.out());

        // Times in the tree and the summary are consistent with each other and with the recording.
        Recording r = Recording.read(rec);
        CallTreeBuilder builder = new CallTreeBuilder(CallTreeBuilder.Options.DEFAULT);
        MethodStatistics stats = new MethodStatistics(3);
        for (List<TraceEvent> events : r.threads.values()) {
            events.forEach(builder::accept);
            events.forEach(stats::accept);
        }
        stats.endAll();
        CallTree t = builder.build();
        for (CallTree.Node root : t.roots()) assertConsistent(root);
        long traced = 0;
        for (MethodStatistics.ThreadRow row : stats.threads()) traced += row.tracedNanos();
        long self = 0;
        for (MethodStatistics.MethodRow row : stats.methods()) {
            assertTrue(row.selfNanos() <= row.totalNanos(), row.method().displayName());
            assertTrue(row.totalNanos() <= row.calls() * row.maxNanos(), row.method().displayName());
            self += row.selfNanos();
        }
        assertEquals(traced, self, "the methods' self times add up to the threads' traced time");
        assertEquals(traced, t.roots().stream().mapToLong(CallTree.Node::totalNanos).sum());
    }

    static void assertConsistent(CallTree.Node n) {
        assertTrue(n.selfNanos() <= n.totalNanos(), () -> "self > total at " + n.path());
        long children = 0;
        for (CallTree.Node c : n.children()) {
            children += c.totalNanos();
            assertConsistent(c);
        }
        assertTrue(children <= n.totalNanos(), () -> "children exceed parent at " + n.path());
    }

    /** Bank with 3 customers (and main's one refused transfer): per-thread trees, and the merged tree adds them up. */
    @ParameterizedTest
    @MethodSource("jdks")
    void perThreadAndMergedTreesOfTheBank(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "3", "40");
        assertEquals(0, run.exit(), run::toString);
        Recording r = Recording.read(rec);
        long transfers = 0;
        for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) {
            transfers += t.getValue().stream().filter(e -> RunAndPrintTest.isCallOf(e, "bank.Bank.transfer")).count();
        }
        assertEquals(3 * 40 + 1, transfers, "each customer's transfers, and main's refused one");
        Jtrace.Result merged = Jtrace.jtrace(dir, "tree", "--merge", "--no-times", "--focus", "Bank.transfer", rec.toString());
        assertEquals(0, merged.exit(), merged::toString);
        assertTrue(merged.out().startsWith("all threads: 121 calls\n`---bank.Bank.transfer(Account, Account, long)  121 calls, "),
                merged::toString);
        Jtrace.Result one = Jtrace.jtrace(dir, "tree", "--no-times", "--thread", "customer-1", "--focus", "Bank.transfer", rec.toString());
        assertEquals(0, one.exit(), one::toString);
        assertTrue(one.out().startsWith("thread customer-1: 40 calls\n"), one::toString);
        Jtrace.Result pruned = Jtrace.jtrace(dir, "tree", "--min-percent", "100", rec.toString());
        assertEquals(0, pruned.exit(), pruned::toString);
        assertTrue(pruned.out().contains("more path(s) under 100%"), pruned::toString);
    }

    /** --sample: JFR execution samples show where time went outside traced code. */
    @ParameterizedTest
    @MethodSource("jdks")
    void samplesShowUntracedTime(Jdk jdk) throws Exception {
        Path rec = dir.resolve("sampled.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--sample", "1ms", "--include", "bank.Customer.run"),
                "bank.Main", "2", "300000");
        assertEquals(0, run.exit(), run::toString);
        Jtrace.Result summary = Jtrace.jtrace(dir, "summary", rec.toString());
        assertEquals(0, summary.exit(), summary::toString);
        Matcher m = Pattern.compile("execution samples \\(jdk.ExecutionSample, taken while tracing\\): ([0-9,]+)").matcher(summary.out());
        assertTrue(m.find(), summary::toString);
        assertTrue(Long.parseLong(m.group(1).replace(",", "")) > 0, summary::toString);
        // Bank.transfer and the JDK are not traced: their samples count as untraced time under Customer.run.
        assertTrue(summary.out().contains("untraced time by nearest traced caller:"), summary::toString);
        assertTrue(Pattern.compile("(?m)^\\s+[0-9,]+\\s+[0-9.]+%\\s+bank\\.Customer\\.run\\(\\)$").matcher(summary.out()).find(),
                summary::toString);
        // the tracer's own frames are its cost, not the program's time: a line of their own, never a sampled frame
        Path shortRun = dir.resolve("short.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, shortRun, List.of("--sample", "1ms"), "bank.Main").exit());
        for (Path r : List.of(rec, shortRun)) {
            Jtrace.Result s = Jtrace.jtrace(dir, "summary", r.toString());
            String samples = s.out().substring(s.out().indexOf("execution samples"));
            assertFalse(samples.contains("io.jtrace."), s::toString);
        }
        Jtrace.Result brief = Jtrace.jtrace(dir, "summary", shortRun.toString());
        assertTrue(Pattern.compile("(?m)^ +[0-9.]+% in jtrace's own tracer \\(recording calls, rewriting classes: the cost of tracing\\),"
                + " left out of the frames below$").matcher(brief.out()).find(), brief::toString);
    }
}
