package io.jtrace.agent;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.agent.instrument.ClassInstrumenter;
import io.jtrace.agent.instrument.ClassTemplate;
import io.jtrace.agent.instrument.MethodIds;
import io.jtrace.agent.instrument.TypeIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClassCacheTest {
    private static final MethodIds METHODS = new MethodIds() {
        private int next;

        @Override
        public int register(String className, String methodName, String descriptor, String sourceFile, int line, int access) {
            return ++next;
        }
    };
    private static final TypeIds TYPES = name -> name.length();

    @TempDir
    Path root;

    @Test
    void aKeptTemplateIsFoundForExactlyTheSameBytes() throws Exception {
        ClassCache cache = ClassCache.open(root, "scope", log());
        byte[] original = classFile("bank.Main");
        ClassTemplate template = template(original);
        cache.keep("bank/Main", original, template);
        cache.awaitWritten();

        ClassTemplate found = cache.find("bank/Main", original);
        assertNotNull(found);
        assertEquals(template.className(), found.className());
        assertArrayEquals(template.code(), found.code());
        assertEquals(describe(template.methods()), describe(found.methods()));
        assertEquals(template.types(), found.types());
        assertTrue(found.methods().stream().anyMatch(m -> m.sourceFile() == null) || template.methods().stream().allMatch(m -> m.sourceFile() != null));

        byte[] changed = original.clone();
        changed[changed.length - 1] ^= 1; // same length, one byte off
        assertNull(cache.find("bank/Main", changed));
        assertNull(cache.find("bank/Main", classFile("bank.Account")));
        assertNull(cache.find("bank/Other", original));
        assertNotNull(ClassCache.open(root, "scope", log()).find("bank/Main", original), "kept for the next run");
        assertNull(ClassCache.open(root, "other-scope", log()).find("bank/Main", original), "not for another scope");
    }

    @Test
    void aFileCutShortOrOfAnotherFormatIsAMissAndIsReplaced() throws Exception {
        ClassCache cache = ClassCache.open(root, "scope", log());
        byte[] original = classFile("counter.Counter");
        cache.keep("counter/Counter", original, template(original));
        cache.awaitWritten();
        Path file = onlyFile(root.resolve("scope"));
        byte[] whole = Files.readAllBytes(file);
        for (int cut : new int[] {0, 3, 20, whole.length / 2, whole.length - 1}) {
            Files.write(file, java.util.Arrays.copyOf(whole, cut));
            assertNull(cache.find("counter/Counter", original), "cut at " + cut);
        }
        Files.writeString(file, "not a template");
        assertNull(cache.find("counter/Counter", original));
        cache.keep("counter/Counter", original, template(original));
        cache.awaitWritten();
        assertNotNull(cache.find("counter/Counter", original));
        assertEquals(1, Files.list(root.resolve("scope")).count(), "no temporary files left");
    }

    @Test
    void classNamesThatAreNoSafeFileNamesAreHashed() throws Exception {
        ClassCache cache = ClassCache.open(root, "scope", log());
        byte[] original = classFile("counter.Counter");
        List<String> names = List.of("a/b/Ünïcode", "x/" + "y".repeat(300), "../../escape", "a b/c d", "-dash", "ok/Plain$Inner");
        for (String name : names) cache.keep(name, original, template(original));
        cache.awaitWritten();
        for (String name : names) assertNotNull(cache.find(name, original), name);
        try (Stream<Path> files = Files.list(root.resolve("scope"))) {
            List<String> fileNames = files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
            assertEquals(names.size(), fileNames.size(), fileNames.toString());
            assertTrue(fileNames.contains("ok.Plain$Inner.class-template"), fileNames.toString());
            assertTrue(fileNames.contains("-dash.class-template"), fileNames.toString());
        }
        try (Stream<Path> all = Files.walk(root)) {
            assertTrue(all.allMatch(p -> p.startsWith(root)));
        }
        try (Stream<Path> top = Files.list(root)) {
            assertEquals(List.of("scope"), top.map(p -> p.getFileName().toString()).filter(n -> !n.equals("log.txt")).collect(Collectors.toList()),
                    "nothing written outside the scope's directory");
        }
    }

    @Test
    void aCacheThatCannotBeWrittenIsLoggedOnceAndTheRunGoesOn() throws Exception {
        Path logFile = root.resolve("agent.log");
        ClassCache cache = ClassCache.open(root.resolve("cache"), "scope", new AgentLog(logFile.toString()));
        byte[] original = classFile("counter.Counter");
        Path dir = root.resolve("cache").resolve("scope");
        Files.delete(dir);
        Files.writeString(dir, "a file where the directory was");
        cache.keep("counter/Counter", original, template(original));
        cache.awaitWritten();
        cache.keep("bank/Main", classFile("bank.Main"), template(classFile("bank.Main")));
        cache.awaitWritten();
        assertNull(cache.find("counter/Counter", original));
        List<String> lines = Files.readAllLines(logFile);
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("jtrace agent: class cache: cannot write into "), lines.get(0));

        assertNull(ClassCache.open(root.resolve("cache"), "scope", new AgentLog(logFile.toString())), "a file in the way: no cache");
        assertTrue(Files.readAllLines(logFile).get(1).startsWith("jtrace agent: class cache off for this run"));
    }

    /** Another jtrace run pruned the scope (ClassCacheDirectory keeps the newest few): nothing to say, the run goes on. */
    @Test
    void aScopeRemovedByAnotherRunIsNoComplaint() throws Exception {
        Path logFile = root.resolve("agent.log");
        ClassCache cache = ClassCache.open(root.resolve("cache"), "scope", new AgentLog(logFile.toString()));
        byte[] original = classFile("counter.Counter");
        Path dir = root.resolve("cache").resolve("scope");
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        cache.keep("counter/Counter", original, template(original));
        cache.awaitWritten();
        assertNull(cache.find("counter/Counter", original));
        assertTrue(!Files.exists(logFile) || Files.readAllLines(logFile).isEmpty(), () -> logFile + " holds a complaint");
    }

    @Test
    void aScopeWithMoreFilesThanItsLimitStartsAfresh() throws Exception {
        ClassCache cache = ClassCache.open(root, "scope", log(), 3);
        byte[] original = classFile("counter.Counter");
        for (int i = 0; i < 3; i++) cache.keep("c/C" + i, original, template(original));
        cache.awaitWritten();
        assertNotNull(ClassCache.open(root, "scope", log(), 3).find("c/C0", original), "at the limit: kept");
        cache.keep("c/C3", original, template(original));
        cache.awaitWritten();
        ClassCache next = ClassCache.open(root, "scope", log(), 3);
        assertNull(next.find("c/C0", original));
        assertEquals(0, Files.list(root.resolve("scope")).count());
    }

    private AgentLog log() {
        return new AgentLog(root.resolve("log.txt").toString());
    }

    private static ClassTemplate template(byte[] original) {
        ClassTemplate t = ClassTemplate.make(original,
                ids -> new ClassInstrumenter(MethodFilter.all(), ids, ClassInstrumenter.exceptionProbes(ids)));
        assertNotNull(t);
        t.bind(METHODS, TYPES); // binds without failing
        return t;
    }

    private static List<String> describe(List<ClassTemplate.Method> methods) {
        List<String> out = new ArrayList<>();
        for (ClassTemplate.Method m : methods) {
            out.add(m.name() + m.descriptor() + " " + m.sourceFile() + ":" + m.line() + " " + m.access());
        }
        return out;
    }

    private static Path onlyFile(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> all = files.collect(Collectors.toList());
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    private static byte[] classFile(String dottedName) throws Exception {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(dottedName.replace('.', '/') + ".class")) {
            assertNotNull(in, dottedName);
            return in.readAllBytes();
        }
    }
}
