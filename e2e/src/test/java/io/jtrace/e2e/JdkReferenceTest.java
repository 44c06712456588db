package io.jtrace.e2e;

import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.TraceEvent;
import io.jtrace.testing.Jdk;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * jtrace against references it did not write, in the same run of a program: the JDK's own method
 * tracing (jdk.MethodTrace, JDK 25) for which calls were made and in which order, and the
 * program's own clock and JFR's jdk.ThreadSleep for how long a call lasted.
 *
 * <p>The program is lifecycle.WorkThenSleep 300: a worker thread makes 1000 calls of step, then
 * main sleeps 300 ms inside sleep(long). No exception is thrown (jdk.MethodTrace misses the exits
 * of frames an exception passes through, DESIGN.md). Its filter takes an exact class; it does
 * not trace the lambda's synthetic method (lambda$main$0), which is left out of the comparison.
 */
class JdkReferenceTest {
    private static final String CLASS = "lifecycle.WorkThenSleep";
    private static final long SLEEP_MILLIS = 300;

    @TempDir
    Path dir;

    @Test
    void callsAndOrderAsJdkMethodTraceAndDurationsAsTheProgramsClock() throws Exception {
        Jdk jdk = jdk25();
        Path rec = dir.resolve("jtrace.jfr");
        Path reference = dir.resolve("jdk.jfr");
        // a second JFR recording of the same JVM: JDK 25's method tracing of the class, and the
        // default settings' jdk.ThreadSleep (over 20 ms)
        Jtrace.Result run = Jtrace.jtrace(dir, "run", "-o", rec.toString(), "--", jdk.java().toString(),
                "-XX:StartFlightRecording:settings=default,method-trace=" + CLASS + ",filename=" + reference,
                "-Xlog:jfr+startup=off", "-cp", Jtrace.examplesClassPath(), CLASS, Long.toString(SLEEP_MILLIS));
        assertEquals(0, run.exit(), run::toString);
        assertEquals("worker sum 332833500\nready\nwoke up\n", run.out());

        // the JDK's side: per thread, calls in the order they started (an enclosing call first)
        List<RecordedEvent> traced = new ArrayList<>();
        List<RecordedEvent> sleeps = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(reference)) {
            if (e.getEventType().getName().equals("jdk.MethodTrace")) traced.add(e);
            if (e.getEventType().getName().equals("jdk.ThreadSleep") && e.getThread().getJavaName().equals("main")) sleeps.add(e);
        }
        traced.sort(Comparator.comparing(RecordedEvent::getStartTime).thenComparing(RecordedEvent::getEndTime, Comparator.reverseOrder()));
        Map<String, List<String>> jdkOrder = new TreeMap<>();
        for (RecordedEvent e : traced) {
            RecordedMethod m = e.getValue("method");
            jdkOrder.computeIfAbsent(e.getThread().getJavaName(), k -> new ArrayList<>()).add(m.getType().getName() + "." + m.getName());
        }

        // jtrace's side: each thread's calls in the order they were entered
        Recording r = Recording.read(rec);
        Map<String, List<String>> jtraceOrder = new TreeMap<>();
        for (var t : r.threads.entrySet()) {
            for (TraceEvent e : t.getValue()) {
                String name = e instanceof MethodEnter m ? m.method().qualifiedName()
                        : e instanceof MethodCall c ? c.method().qualifiedName() : null;
                if (name != null && !name.contains(".lambda$")) {
                    jtraceOrder.computeIfAbsent(t.getKey().label(), k -> new ArrayList<>()).add(name);
                }
            }
        }
        assertEquals(counts(jdkOrder), counts(jtraceOrder), "calls per thread and method");
        assertEquals(1000, counts(jtraceOrder).get("worker").get(CLASS + ".step"));
        assertEquals(jdkOrder, jtraceOrder, "each thread's calls in the same order");

        // durations: sleep(300) lasts at least 300 ms by jtrace, by jdk.MethodTrace, and encloses
        // JFR's jdk.ThreadSleep of 300 ms (clocks apart by at most a millisecond)
        long jtraceSleep = r.thread("main").stream()
                .filter(e -> RunAndPrintTest.isCallOf(e, CLASS + ".sleep"))
                .mapToLong(e -> e instanceof MethodCall c ? c.durationNanos() : ((MethodExit) e).durationNanos())
                .findFirst().orElseThrow();
        Duration jdkSleepCall = traced.stream().filter(e -> ((RecordedMethod) e.getValue("method")).getName().equals("sleep"))
                .map(RecordedEvent::getDuration).findFirst().orElseThrow();
        assertEquals(1, sleeps.size(), sleeps::toString);
        RecordedEvent threadSleep = sleeps.get(0);
        assertEquals(Duration.ofMillis(SLEEP_MILLIS), threadSleep.getDuration("time"));
        long millis = SLEEP_MILLIS * 1_000_000;
        assertTrue(jtraceSleep >= millis, "jtrace: sleep(" + SLEEP_MILLIS + ") lasted " + jtraceSleep + " ns");
        assertTrue(jdkSleepCall.toNanos() >= millis, "jdk.MethodTrace: " + jdkSleepCall);
        assertTrue(threadSleep.getDuration().toNanos() >= millis, "jdk.ThreadSleep: " + threadSleep.getDuration());
        assertTrue(jtraceSleep >= threadSleep.getDuration().toNanos() - 1_000_000,
                "the call encloses the sleep: " + jtraceSleep + " ns against jdk.ThreadSleep " + threadSleep.getDuration());
    }

    /**
     * What filter, query and the CSV export say was called, per thread and method, against the
     * JDK's jdk.MethodTrace of the same run (not against jtrace's own reading of the input): 20
     * platform threads of faults.ManyThreads, each calling task once and step twice.
     */
    @Test
    void filterQueryAndCsvCountCallsAsJdkMethodTrace() throws Exception {
        Jdk jdk = jdk25();
        String cls = "faults.ManyThreads";
        Path rec = dir.resolve("many.jfr");
        Path reference = dir.resolve("many-jdk.jfr");
        Jtrace.Result run = Jtrace.jtrace(dir, "run", "-o", rec.toString(), "--", jdk.java().toString(),
                "-XX:StartFlightRecording:method-trace=" + cls + ",filename=" + reference,
                "-Xlog:jfr+startup=off", "-cp", Jtrace.examplesClassPath(), cls, "20", "0");
        assertEquals(0, run.exit(), run::toString);
        assertEquals("20 threads, sum 40\n", run.out());

        Map<String, Map<String, Long>> jdkCounts = new TreeMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(reference)) {
            if (!e.getEventType().getName().equals("jdk.MethodTrace")) continue;
            RecordedMethod m = e.getValue("method");
            if (m.getName().startsWith("lambda$")) continue; // the JDK's filter leaves the synthetic lambda untraced
            jdkCounts.computeIfAbsent(e.getThread().getJavaName(), k -> new TreeMap<>())
                    .merge(m.getType().getName() + "." + m.getName(), 1L, Long::sum);
        }
        assertEquals(21, jdkCounts.size(), jdkCounts::toString); // main and the 20 platform threads
        assertEquals(Map.of(cls + ".task", 1L, cls + ".step", 2L), jdkCounts.get("platform-7"));

        String sql = "SELECT thread, class || '.' || method AS method, count(*) AS calls FROM calls WHERE method NOT LIKE 'lambda$%' GROUP BY ALL";
        assertEquals(jdkCounts, queried(rec, sql), "query's calls table");

        // filter keeps exactly the chosen threads' calls: platform-1 and platform-10 to platform-19
        Path some = dir.resolve("some.jfr");
        Jtrace.Result filter = Jtrace.jtrace(dir, "filter", rec.toString(), "-o", some.toString(), "--thread", "platform-1*");
        assertEquals(0, filter.exit(), filter::toString);
        Map<String, Map<String, Long>> chosen = new TreeMap<>(jdkCounts);
        chosen.keySet().removeIf(t -> !t.startsWith("platform-1"));
        assertEquals(11, chosen.size(), chosen::toString);
        assertEquals(chosen, queried(some, sql), "the filtered recording's calls");

        // the CSV export: a call is a row of kind call (no traced callees) or enter
        Jtrace.Result csv = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "csv");
        assertEquals(0, csv.exit(), csv::toString);
        List<List<String>> rows = io.jtrace.format.Csv.parse(csv.out());
        List<String> header = rows.get(0);
        int kind = header.indexOf("kind"), thread = header.indexOf("thread"), klass = header.indexOf("class"), method = header.indexOf("method");
        Map<String, Map<String, Long>> exported = new TreeMap<>();
        for (List<String> row : rows.subList(1, rows.size())) {
            if (!List.of("call", "enter").contains(row.get(kind)) || row.get(method).startsWith("lambda$")) continue;
            exported.computeIfAbsent(row.get(thread), k -> new TreeMap<>()).merge(row.get(klass) + "." + row.get(method), 1L, Long::sum);
        }
        assertEquals(jdkCounts, exported, "the CSV export's calls");
    }

    /** Rows of (thread, method, count) that {@code jtrace query -f csv} gives, as nested maps. */
    private Map<String, Map<String, Long>> queried(Path rec, String sql) {
        Jtrace.Result q = Jtrace.jtrace(dir, "query", "-f", "csv", rec.toString(), sql);
        assertEquals(0, q.exit(), q::toString);
        Map<String, Map<String, Long>> m = new TreeMap<>();
        // query's CSV ends its lines with LF (as DuckDB's does), the RFC's reader wants CRLF; no value here holds a newline
        List<List<String>> rows = io.jtrace.format.Csv.parse(q.out().replace("\n", "\r\n"));
        assertEquals(List.of("thread", "method", "calls"), rows.get(0));
        for (List<String> row : rows.subList(1, rows.size())) {
            m.computeIfAbsent(row.get(0), k -> new TreeMap<>()).put(row.get(1), Long.parseLong(row.get(2)));
        }
        return m;
    }

    /** The JDK with jdk.MethodTrace (25+); a failure when none is found, unless JTRACE_ONE_JDK=1 cut the JDKs down on purpose. */
    private static Jdk jdk25() {
        Jdk jdk = Jdk.all().stream().filter(j -> j.major() >= 25).findFirst().orElse(null);
        if (jdk == null) {
            assumeTrue(!"1".equals(System.getenv("JTRACE_ONE_JDK")), "jdk.MethodTrace needs JDK 25; JTRACE_ONE_JDK=1 with " + Jdk.all());
            throw new AssertionError("jdk.MethodTrace needs JDK 25; found " + Jdk.all());
        }
        return jdk;
    }

    private static Map<String, Map<String, Long>> counts(Map<String, List<String>> order) {
        Map<String, Map<String, Long>> c = new TreeMap<>();
        order.forEach((thread, names) -> c.put(thread, names.stream().collect(Collectors.groupingBy(n -> n, TreeMap::new, Collectors.counting()))));
        return c;
    }
}
