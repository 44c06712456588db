package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodExit;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Programs that run out of stack or heap while traced: the tracer fails too (it needs stack and
 * memory), but the program behaves exactly as untraced, no record is half-written, the place
 * where records are missing is marked, and the frames after it are right.
 */
class ResourceExhaustionTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private Jtrace.Result traced(Jdk jdk, Path rec, List<String> jvmOptions, String main) {
        List<String> cmd = new ArrayList<>(List.of("run", "-o", rec.toString(), "--", jdk.java().toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", Jtrace.examplesClassPath(), main));
        return Jtrace.jtrace(dir, cmd.toArray(String[]::new));
    }

    private Jtrace.Result plain(Jdk jdk, List<String> jvmOptions, String main) {
        List<String> cmd = new ArrayList<>(List.of(jdk.java().toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", Jtrace.examplesClassPath(), main));
        return Jtrace.exec(dir, cmd, Map.of());
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void stackOverflowInTracedCode(Jdk jdk) throws Exception {
        for (List<String> options : List.of(List.<String>of(), List.of("--no-exceptions"))) {
            Path rec = dir.resolve("deep.jfr");
            Jtrace.Result plain = plain(jdk, List.of(), "failures.DeepRecursion");
            List<String> cmd = new ArrayList<>(List.of("run", "-o", rec.toString()));
            cmd.addAll(options);
            cmd.addAll(List.of("--", jdk.java().toString(), "-cp", Jtrace.examplesClassPath(), "failures.DeepRecursion"));
            Jtrace.Result traced = Jtrace.jtrace(dir, cmd.toArray(String[]::new));
            assertEquals(plain.exit(), traced.exit(), traced::toString);
            assertEquals(plain.out(), traced.out());
            // nothing from the JVM either: no instrument assertion, no JFR hook warning
            assertEquals(plain.err().strip(), Jtrace.targetStderr(traced.err()).strip(), traced::toString);
            assertTraceRecovers(rec, "deep", "failures.DeepRecursion.work");
        }
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void outOfMemoryInTracedCode(Jdk jdk) throws Exception {
        Path rec = dir.resolve("heap.jfr");
        List<String> small = List.of("-Xmx64m");
        Jtrace.Result plain = plain(jdk, small, "failures.HeapExhaustion");
        Jtrace.Result traced = traced(jdk, rec, small, "failures.HeapExhaustion");
        assertEquals(plain.exit(), traced.exit(), traced::toString);
        assertEquals(plain.out(), traced.out());
        assertTraceRecovers(rec, "main", "failures.HeapExhaustion.main");
    }

    /**
     * The RESYNC path forced: the tracer fails once, halfway through the 10th record (the test-only
     * {@code -Djtrace.test.failAtRecord}), inside the bank's main thread at depth 2. The program
     * behaves as untraced; the loss is marked once, where it happened, and counted; the frames the
     * RESYNC still lists (main) keep their time in tree and summary; filter keeps it a RESYNC (not a
     * lost batch), so the filtered recording prints the same trace.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void tracerFailureForcedAtARecord(Jdk jdk) throws Exception {
        Path rec = dir.resolve("failed.jfr");
        List<String> failAt = List.of("-Djtrace.test.failAtRecord=10");
        Jtrace.Result plain = plain(jdk, List.of(), "bank.Main");
        Jtrace.Result traced = traced(jdk, rec, failAt, "bank.Main");
        assertEquals(plain.exit(), traced.exit(), traced::toString);
        assertEquals(plain.out(), traced.out());
        assertTrue(traced.err().contains("1 internal error(s) swallowed"), traced::err);

        Recording r = Recording.read(rec);
        assertEquals(1, r.index.internalErrors());
        List<RecordsLost> lost = r.all().stream().filter(e -> e instanceof RecordsLost).map(e -> (RecordsLost) e).toList();
        assertEquals(1, lost.size(), lost::toString);
        assertEquals("main", lost.get(0).thread().label());
        assertEquals(0, lost.get(0).batches());
        assertTrue(lost.get(0).kept() >= 1, lost::toString);

        String print = Jtrace.jtrace(dir, "print", "--no-times", "--thread", "main", rec.toString()).out();
        assertTrue(print.contains("~ records of this thread were lost here (the tracer ran out of stack or memory)"), print);
        for (String command : List.of("tree", "summary")) {
            Jtrace.Result out = Jtrace.jtrace(dir, command, "--thread", "main", rec.toString());
            assertEquals(0, out.exit(), out::toString);
            assertTrue(out.err().contains("warning"), out::err);
            assertFalse(out.out().contains("(frames before lost records)"), command + ":\n" + out.out());
            assertTrue(out.out().contains("bank.Main.main(String[])"), out::out);
        }

        Path filtered = dir.resolve("filtered.jfr");
        Jtrace.Result filter = Jtrace.jtrace(dir, "filter", rec.toString(), "-o", filtered.toString());
        assertEquals(0, filter.exit(), filter::toString);
        assertEquals(Jtrace.jtrace(dir, "print", "--no-times", rec.toString()).out(),
                Jtrace.jtrace(dir, "print", "--no-times", filtered.toString()).out());
        assertEquals(Jtrace.jtrace(dir, "tree", rec.toString()).out(),
                Jtrace.jtrace(dir, "tree", filtered.toString()).out().replace(filtered.toString(), rec.toString()));
    }

    /** print, summary and exceptions read it; the thread's last call is at depth 1 and its outermost method returns normally. */
    private void assertTraceRecovers(Path rec, String thread, String outermost) throws Exception {
        for (String command : List.of("print", "summary", "exceptions", "tree")) {
            Jtrace.Result r = Jtrace.jtrace(dir, command, rec.toString());
            assertEquals(0, r.exit(), () -> command + ": " + r.err());
            assertFalse(r.err().contains("unsupported record"), r::toString);
        }
        Recording r = Recording.read(rec);
        List<TraceEvent> events = r.thread(thread);
        TraceEvent last = events.get(events.size() - 1);
        assertTrue(last instanceof MethodExit m && m.method().qualifiedName().equals(outermost)
                && m.kind() == ExitKind.RETURN && m.depth() == 0, () -> "main's last event: " + last);
        TraceEvent beforeLast = events.get(events.size() - 2);
        assertTrue(beforeLast instanceof MethodCall c && c.method().name().equals("square") && c.depth() == 1,
                () -> "the call after the catch: " + beforeLast);
        boolean lost = events.stream().anyMatch(e -> e instanceof RecordsLost);
        assertEquals(lost, r.index.internalErrors() > 0, "records are marked missing exactly when the tracer failed");
    }
}
