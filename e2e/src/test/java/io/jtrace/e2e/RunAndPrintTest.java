package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** jtrace run + print on the examples, on every JDK found. */
class RunAndPrintTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** The golden trace of the deterministic single-threaded sampler (recursion, lambdas, constructors...). */
    @ParameterizedTest
    @MethodSource("jdks")
    void goldenTraceOfSampler(Jdk jdk) throws Exception {
        Path rec = dir.resolve("sampler.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "sampler.Main");
        assertEquals(0, run.exit(), run::toString);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--no-times", rec.toString());
        assertEquals(0, print.exit(), print::toString);
        Golden.assertMatches("sampler-trace.txt", print.out());
    }

    /**
     * The probes' entry points are never inlined into the program's compiled methods (jtrace run's
     * CompileCommand; bench/README.md, "Where a traced call's cost goes"): C2's own account of a
     * hot traced loop says so at every probe it met, the JVM prints no line of the command, and the
     * program's output is its own. Without the command C2 inlines them here ("inline (hot)").
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void theProbesStayOutOfTheProgramsCompiledCode(Jdk jdk) throws Exception {
        Path rec = dir.resolve("counter.jfr");
        Jtrace.Result run = Jtrace.jtrace(dir, "run", "-o", rec.toString(), "--", jdk.java().toString(),
                "-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintInlining", "-cp", Jtrace.examplesClassPath(),
                "counter.Counter", "100000", "20");
        assertEquals(0, run.exit(), run::toString);
        assertTrue(run.out().contains("sum(1..100000) x 20 = 14101654080"), run::out);
        assertEquals(List.of(), run.out().lines().filter(l -> l.startsWith("CompileCommand")).toList(), "the JVM printed jtrace's compile commands");
        List<String> decisions = run.out().lines().filter(l -> l.matches(".*io[./]jtrace[./]runtime[./]Tracer::(enter|exit) .*")).toList();
        assertTrue(decisions.stream().anyMatch(l -> l.contains("disallowed by CompileCommand")), () -> String.join("\n", decisions));
        assertEquals(List.of(), decisions.stream().filter(l -> l.contains("inline (hot)") || l.endsWith("inline")).toList());
    }

    /** 8 threads transferring at full speed: each thread's calls come back balanced and in order. */
    @ParameterizedTest
    @MethodSource("jdks")
    void eightThreadsStayBalancedAndOrdered(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        int transfers = 3000;
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "8", Integer.toString(transfers));
        assertEquals(0, run.exit(), run::toString);
        Recording r = Recording.read(rec);
        int customers = 0;
        for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) {
            List<TraceEvent> events = t.getValue();
            assertBalanced(t.getKey(), events);
            if (!t.getKey().label().startsWith("customer-")) continue;
            customers++;
            long transfersSeen = events.stream().filter(e -> isCallOf(e, "bank.Bank.transfer")).count();
            long withdrawals = events.stream().filter(e -> isCallOf(e, "bank.Account.withdraw")).count();
            assertEquals(transfers, transfersSeen, t.getKey().label());
            assertEquals(transfers, withdrawals, t.getKey().label());
        }
        assertEquals(8, customers);
        assertEquals(0, r.index.dataLossEvents());
    }

    /** A refused transfer leaves withdraw and transfer by the exception; both are marked. */
    @ParameterizedTest
    @MethodSource("jdks")
    void exceptionalExitsAreMarked(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "1", "1");
        assertEquals(0, run.exit(), run::toString);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--thread", "main", rec.toString());
        assertTrue(print.out().lines().anyMatch(l -> l.matches(".*! bank\\.Account\\.withdraw\\(long\\).*threw bank\\.InsufficientFundsException")),
                print::toString);
        assertTrue(print.out().lines().anyMatch(l -> l.matches(".*! bank\\.Bank\\.transfer\\(Account, Account, long\\).*threw bank\\.InsufficientFundsException")),
                print::toString);
    }

    /** Every example prints exactly the same, and exits the same, traced or not. */
    @ParameterizedTest
    @MethodSource("jdks")
    void tracedProgramsBehaveLikePlainOnes(Jdk jdk) throws Exception {
        String[][] programs = {
            {"bank.Main", "4", "200"}, {"counter.Counter", "1000"}, {"sampler.Main"},
            {"sampler.VirtualThreads", "50"}, {"thirdparty.GsonDemo"},
        };
        for (String[] p : programs) {
            String main = p[0];
            String[] args = java.util.Arrays.copyOfRange(p, 1, p.length);
            Jtrace.Result plain = Jtrace.plain(dir, jdk, main, args);
            Path rec = dir.resolve(main + ".jfr");
            List<String> options = main.startsWith("thirdparty") ? List.of("--include", "com.google.gson.**", "--include", "thirdparty.**") : List.of();
            Jtrace.Result traced = Jtrace.trace(dir, jdk, rec, options, main, args);
            assertEquals(plain.exit(), traced.exit(), main + ": " + traced);
            assertEquals(plain.out(), traced.out(), main);
            assertEquals(plain.err().strip(), Jtrace.targetStderr(traced.err()).strip(), main);
            assertFalse(traced.err().contains("VerifyError"), traced::toString);
            assertFalse(traced.err().contains("jtrace agent:"), traced::toString);
            Recording r = Recording.read(rec);
            assertTracedMain(r, main);
            for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) assertBalanced(t.getKey(), t.getValue());
        }
    }

    /**
     * The other examples (the paper's counter, the workloads with small arguments, the
     * deterministic lifecycle programs, including ones that exit non-zero or halt) print and exit
     * exactly as they do untraced.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void otherExamplesBehaveLikePlainOnes(Jdk jdk) throws Exception {
        String[][] programs = {
            {"counter.PaperCounter", "200"}, {"workloads.CallHeavy", "300"}, {"workloads.ExceptionStorm", "200"},
            {"vars.Values"}, {"lifecycle.Echo"}, {"lifecycle.ExitFromDeep", "4"}, {"lifecycle.WorkThenSleep", "10"},
            {"lifecycle.JavaOptions"}, {"lifecycle.Halt", "0"},
        };
        for (String[] p : programs) {
            String main = p[0];
            String[] args = java.util.Arrays.copyOfRange(p, 1, p.length);
            Jtrace.Result plain = Jtrace.plain(dir, jdk, main, args);
            Path rec = dir.resolve(main + ".jfr");
            Jtrace.Result traced = Jtrace.trace(dir, jdk, rec, List.of(), main, args);
            assertEquals(plain.exit(), traced.exit(), main + ": " + traced);
            assertEquals(plain.out(), traced.out(), main);
            assertEquals(plain.err().strip(), Jtrace.targetStderr(traced.err()).strip(), main);
            assertFalse(traced.err().contains("VerifyError") || traced.err().contains("jtrace agent:"), traced::toString);
            if (plain.exit() == 0) {
                Recording r = Recording.read(rec);
                assertTracedMain(r, main);
                for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) assertBalanced(t.getKey(), t.getValue());
            }
        }
    }

    /** The balance checks have something to check: the program's main method is in the recording. */
    /** One call in one thread reads as such in run's and filter's closing lines ("1 calls", "1 thread(s)" before). */
    @org.junit.jupiter.api.Test
    void oneCallInOneThreadIsSingular() {
        Path rec = dir.resolve("one.jfr");
        Jtrace.Result r = Jtrace.trace(dir, Jdk.current(), rec, List.of("--include", "bank.Main.main", "--no-exceptions"), "bank.Main");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.err().lines().anyMatch(l -> l.matches("jtrace: 1 call \\(2 records\\) in 1 thread -> .*one\\.jfr \\(.*\\)")), r::toString);
        Jtrace.Result f = Jtrace.jtrace(dir, "filter", rec.toString(), "-o", dir.resolve("kept.jfr").toString());
        assertTrue(f.err().startsWith("jtrace: kept 1 call, 0 exception, 0 variable and 0 line records in 1 thread -> "), f::toString);
    }

    static void assertTracedMain(Recording r, String mainClass) {
        long mains = r.threads.values().stream().flatMap(List::stream).filter(e -> isCallOf(e, mainClass + ".main")).count();
        assertEquals(1, mains, mainClass + ".main calls in " + r.threads.keySet());
    }

    static boolean isCallOf(TraceEvent e, String qualified) {
        if (e instanceof MethodCall c) return c.method().qualifiedName().equals(qualified);
        if (e instanceof MethodEnter c) return c.method().qualifiedName().equals(qualified);
        return false;
    }

    /** Enters and exits pair up by method and depth, time never goes back, and no frame is left open. */
    static void assertBalanced(ThreadInfo thread, List<TraceEvent> events) {
        Deque<MethodEnter> open = new ArrayDeque<>();
        long last = Long.MIN_VALUE;
        for (TraceEvent e : events) {
            assertTrue(e.nanos() >= last, () -> thread.label() + ": time went back at " + e);
            last = e.nanos();
            int expectedDepth = e instanceof MethodExit ? open.size() - 1 : open.size();
            assertEquals(expectedDepth, e.depth(), () -> thread.label() + ": wrong depth at " + e);
            if (e instanceof MethodEnter m) {
                open.push(m);
            } else if (e instanceof MethodExit x) {
                MethodEnter m = open.pop();
                assertEquals(m.method(), x.method(), thread.label());
                assertTrue(x.kind() != ExitKind.UNFINISHED, () -> thread.label() + ": unfinished " + x);
            } else if (e instanceof MethodCall c) {
                assertTrue(c.kind() != ExitKind.UNFINISHED, () -> thread.label() + ": unfinished " + c);
            }
        }
        assertTrue(open.isEmpty(), () -> thread.label() + ": left open " + open);
    }
}
