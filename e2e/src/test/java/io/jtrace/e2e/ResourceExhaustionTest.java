package io.jtrace.e2e;

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
