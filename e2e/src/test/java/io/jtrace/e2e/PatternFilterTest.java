package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --include, --exclude and --depth when recording and when printing. */
class PatternFilterTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private static Set<String> methods(Recording r) {
        return r.all().stream().map(PatternFilterTest::name).collect(Collectors.toSet());
    }

    private static String name(TraceEvent e) {
        if (e instanceof io.jtrace.model.MethodEnter m) return m.method().qualifiedName();
        if (e instanceof io.jtrace.model.MethodExit m) return m.method().qualifiedName();
        if (e instanceof io.jtrace.model.MethodCall m) return m.method().qualifiedName();
        return "~";
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void includeAndExcludeAtRecordTime(Jdk jdk) throws Exception {
        Path only = dir.resolve("only.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, only, List.of("--include", "sampler.Recursion.fib", "--include", "Color"),
                "sampler.Main");
        assertEquals(0, run.exit(), run::toString);
        assertTrue(run.err().lines().noneMatch(l -> l.contains("warning")), run::toString); // both patterns selected methods
        Recording r = Recording.read(only);
        // Enum.valueOf calls values() reflectively
        assertEquals(Set.of("sampler.Recursion.fib", "sampler.Color.<clinit>", "sampler.Color.<init>", "sampler.Color.$values",
                "sampler.Color.valueOf", "sampler.Color.values", "sampler.Color.describe"), methods(r));
        for (var t : r.threads.entrySet()) RunAndPrintTest.assertBalanced(t.getKey(), t.getValue());
        // fib(5) makes 15 calls; recorded alone, the outermost is at depth 0
        assertEquals(15, r.thread("main").stream().filter(e -> RunAndPrintTest.isCallOf(e, "sampler.Recursion.fib")).count());
        assertEquals(0, r.thread("main").stream().filter(e -> RunAndPrintTest.isCallOf(e, "sampler.Recursion.fib")).findFirst().orElseThrow().depth());

        Path without = dir.resolve("without.jfr");
        run = Jtrace.trace(dir, jdk, without, List.of("--exclude", "sampler.Recursion", "--exclude", "*.lambda$*"), "sampler.Main");
        assertEquals(0, run.exit(), run::toString);
        Set<String> names = methods(Recording.read(without));
        assertTrue(names.contains("sampler.Main.main") && names.contains("sampler.Validated.<init>"), names::toString);
        assertTrue(names.stream().noneMatch(n -> n.startsWith("sampler.Recursion.") || n.contains("lambda$")), names::toString);
        // a pattern that selects nothing (misspelt) is said after the run, one line each; the others work
        Path typo = dir.resolve("typo.jfr");
        run = Jtrace.trace(dir, jdk, typo, List.of("--include", "sampler.**", "--include", "sampler.Recursion.fbi",
                "--args", "Recursion.fib", "--args", "Recursion.fibb"), "sampler.Main");
        assertEquals(0, run.exit(), run::toString);
        // with the closest name the recording or the class path holds (issue 42)
        assertEquals(List.of("jtrace run: warning: --include sampler.Recursion.fbi matches no method of the classes the program loaded"
                        + " (did you mean sampler.Recursion.fib?)",
                "jtrace run: warning: --args Recursion.fibb matches no traced method (did you mean Recursion.fib?)"),
                run.err().lines().filter(l -> l.contains("warning")).toList(), run::toString);
        run = Jtrace.trace(dir, jdk, typo, List.of("--include", "nosuch.**"), "sampler.Main");
        assertEquals(0, run.exit(), run::toString);
        assertTrue(run.err().contains("jtrace run: warning: --include nosuch.** matches no method of the classes the program loaded"),
                run::toString);
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void depthCutOffAtRecordTime(Jdk jdk) throws Exception {
        Path rec = dir.resolve("depth.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--depth", "3"), "sampler.Main");
        assertEquals(0, run.exit(), run::toString);
        List<TraceEvent> main = Recording.read(rec).thread("main");
        RunAndPrintTest.assertBalanced(main.get(0).thread(), main);
        // frames at depth 0..2; events inside the deepest frames (a throw, a catch) sit one level under them
        assertEquals(2, main.stream().filter(e -> !(e instanceof io.jtrace.model.ExceptionEvent))
                .mapToInt(TraceEvent::depth).max().orElseThrow(), "deepest recorded frame");
        // factorial(5) recurses 5 deep: only its two outermost frames are under main within 3 levels
        assertEquals(2, main.stream().filter(e -> RunAndPrintTest.isCallOf(e, "sampler.Recursion.factorial")).count());
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void filtersAtPrintTime(Jdk jdk) throws Exception {
        Path rec = dir.resolve("all.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "sampler.Main");
        assertEquals(0, run.exit(), run::toString);

        Jtrace.Result fib = Jtrace.jtrace(dir, "print", "--no-times", "--include", "Recursion.fib", rec.toString());
        assertEquals(0, fib.exit(), fib::toString);
        List<String> lines = fib.out().lines().toList();
        assertEquals(15 + 7, lines.size(), fib::toString); // 8 leaves on '=' lines, 7 inner calls with '>' and '<'
        assertEquals("main  > sampler.Recursion.fib(int)", lines.get(0), "hidden main does not indent");
        assertTrue(lines.stream().allMatch(l -> l.contains("sampler.Recursion.fib(int)")), fib::toString);

        Jtrace.Result excluded = Jtrace.jtrace(dir, "print", "--no-times", "--exclude", "sampler.Recursion", "--exclude", "Main.main", rec.toString());
        assertEquals(0, excluded.exit(), excluded::toString);
        assertTrue(excluded.out().lines().noneMatch(l -> l.contains("Recursion") || l.contains("Main.main(")), excluded::toString);
        assertTrue(excluded.out().contains("main  > sampler.Main.lambda$main$0(Integer)\nmain    = sampler.Main.square(int)\n"),
                excluded::toString);

        // a pattern that matches no traced method: a warning, whichever reading command
        for (String command : List.of("print", "tree", "summary")) {
            Jtrace.Result none = Jtrace.jtrace(dir, command, "--include", "Recursion.fbi", "--include", "Recursion.fib", rec.toString());
            assertEquals(0, none.exit(), none::toString);
            assertEquals("jtrace " + command + ": warning: --include Recursion.fbi matches no traced method in all.jfr (did you mean Recursion.fib?)\n",
                    none.err());
        }
        Jtrace.Result export = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "collapsed", "--exclude", "**");
        assertEquals("jtrace export: warning: --include and --exclude leave no traced method of all.jfr to show\n", export.err());
        assertTrue(fib.err().isEmpty(), fib::toString);

        Jtrace.Result shallow = Jtrace.jtrace(dir, "print", "--no-times", "--depth", "1", rec.toString());
        assertEquals(0, shallow.exit(), shallow::toString);
        assertEquals(List.of("main  = sampler.Main.<clinit>()", "main  > sampler.Main.main(String[])", "main  < sampler.Main.main(String[])"),
                shallow.out().lines().toList());
    }
}
