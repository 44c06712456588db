package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The agent's class cache (jtrace run keeps each class it rewrote, byte-exact, for the next run of
 * the same program): a second run takes its classes from it and records the same trace as the
 * first and as a run without it; a class changed between runs is rewritten afresh, never taken
 * stale; --no-class-cache keeps nothing.
 */
class ClassCacheTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private Map<String, String> env() {
        return Map.of("XDG_CACHE_HOME", dir.resolve("cache").toString());
    }

    private Jtrace.Result run(Path rec, List<String> options, List<String> program) {
        List<String> cmd = new ArrayList<>(List.of("run", "-o", rec.toString()));
        cmd.addAll(options);
        cmd.add("--");
        cmd.addAll(program);
        Jtrace.Result r = Jtrace.jtraceWithEnv(dir, env(), cmd.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
        return r;
    }

    private String print(Path rec) {
        Jtrace.Result p = Jtrace.jtrace(dir, "print", "--no-times", rec.toString());
        assertEquals(0, p.exit(), p::toString);
        return p.out();
    }

    /** Every kept file and its modification time. */
    private Map<Path, FileTime> kept() throws Exception {
        Path classes = dir.resolve("cache/jtrace/classes");
        Map<Path, FileTime> files = new TreeMap<>();
        if (!Files.isDirectory(classes)) return files;
        try (Stream<Path> all = Files.walk(classes)) {
            // the JDK classes the agent hooks are kept too, but the JVM may hand some of them over
            // with other bytes in another run (then they are hooked and kept afresh)
            for (Path p : all.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("jdk-hook.")).toList()) {
                files.put(p, Files.getLastModifiedTime(p));
            }
        }
        return files;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aSecondRunTakesItsClassesFromTheCacheAndRecordsTheSameTrace(Jdk jdk) throws Exception {
        List<String> program = Jtrace.javaCommand(jdk, "exceptions.Journeys"); // one thread: the same trace every run
        Jtrace.Result first = run(dir.resolve("first.jfr"), List.of(), program);
        Map<Path, FileTime> afterFirst = kept();
        assertTrue(afterFirst.keySet().stream().anyMatch(p -> p.getFileName().toString().equals("exceptions.Journeys.class-template")),
                afterFirst::toString);
        Thread.sleep(1100); // a rewritten file would show a later time even on a file system with 1 s resolution

        Jtrace.Result second = run(dir.resolve("second.jfr"), List.of(), program);
        assertEquals(afterFirst, kept(), "the second run rewrote or added kept classes");
        assertEquals(first.out(), second.out());
        String trace = print(dir.resolve("first.jfr"));
        assertTrue(trace.contains("exceptions.Journeys.main(") && trace.contains(" caught "), trace);
        assertEquals(trace, print(dir.resolve("second.jfr")));

        run(dir.resolve("uncached.jfr"), List.of("--no-class-cache"), program);
        assertEquals(trace, print(dir.resolve("uncached.jfr")));
        assertEquals(afterFirst, kept());
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aClassChangedBetweenRunsIsRewrittenAfresh(Jdk jdk) throws Exception {
        Path classes = dir.resolve("classes");
        List<String> program = List.of(jdk.java().toString(), "-cp", classes.toString(), "cache.Greeter");
        compile(classes, "hello");
        Jtrace.Result first = run(dir.resolve("first.jfr"), List.of(), program);
        assertEquals("hello world\n", first.out());
        assertTrue(print(dir.resolve("first.jfr")).contains("cache.Greeter.hello("));

        compile(classes, "welcome"); // same class name and file, another method
        Jtrace.Result second = run(dir.resolve("second.jfr"), List.of(), program);
        assertEquals("welcome world\n", second.out());
        String trace = print(dir.resolve("second.jfr"));
        assertTrue(trace.contains("cache.Greeter.welcome("), trace);
        assertFalse(trace.contains("hello"), trace);
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void noClassCacheKeepsNothing(Jdk jdk) throws Exception {
        run(dir.resolve("r.jfr"), List.of("--no-class-cache"), Jtrace.javaCommand(jdk, "bank.Main", "4", "50"));
        assertEquals(Map.of(), kept());
        assertTrue(print(dir.resolve("r.jfr")).contains("bank.Bank.transfer("));
    }

    private void compile(Path classes, String method) throws Exception {
        Path source = dir.resolve("src/cache/Greeter.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "package cache;\npublic class Greeter {\n"
                + "    static String " + method + "(String who) { return \"" + method + " \" + who; }\n"
                + "    public static void main(String[] args) { System.out.println(" + method + "(\"world\")); }\n}\n");
        Path javac = Jdk.current().home().resolve("bin/javac");
        Jtrace.Result compile = Jtrace.exec(dir, List.of(javac.toString(), "-d", classes.toString(), source.toString()), Map.of());
        assertEquals(0, compile.exit(), compile::toString);
    }
}
