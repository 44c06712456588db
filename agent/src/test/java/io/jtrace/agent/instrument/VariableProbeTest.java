package io.jtrace.agent.instrument;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.agent.filter.Redaction;
import io.jtrace.runtime.TraceRuntime;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The variable and line probes, three ways: golden text dumps of instrumented methods
 * (regenerate with -Djtrace.updateGolden=true and review the diff), ASM's CheckClassAdapter
 * verifier, and loading and running the result against the original.
 */
class VariableProbeTest {
    private final List<String> notices = new ArrayList<>();
    private final List<String> sites = new ArrayList<>();

    private byte[] instrument(byte[] original) {
        AtomicInteger methodIds = new AtomicInteger();
        VariableSites registry = (methodId, kind, name, type, slot, owner, line, write, redacted) -> {
            sites.add(kind + " " + name + " " + type + (redacted ? " redacted" : ""));
            return sites.size();
        };
        List<Probe> probes = new ArrayList<>();
        probes.add(new VariableProbe(MethodFilter.all(), Redaction.of(List.of("secretchars")), registry, notices::add));
        probes.add(new LineProbe(MethodFilter.all()));
        probes.addAll(ClassInstrumenter.callProbes());
        ClassInstrumenter instrumenter = new ClassInstrumenter(MethodFilter.all(),
                (c, m, d, s, l, a) -> methodIds.incrementAndGet(), probes);
        return instrumenter.instrument(original);
    }

    @Test
    void historyMethodsMatchGoldenDumps() throws IOException {
        byte[] out = instrument(classBytes("vars.History"));
        verify(out);
        assertGolden("vars-History.txt", dump(out, Set.of("accumulate", "swap", "squares", "wide", "increment", "login")));
        assertTrue(notices.isEmpty(), notices.toString());
        assertTrue(sites.contains("param password Ljava/lang/String; redacted"), sites.toString());
        assertTrue(sites.contains("local token Ljava/lang/String; redacted"), sites.toString());
        assertTrue(sites.contains("array values[] I"), sites.toString());
    }

    @Test
    void fieldsArraysAndConstructorsVerifyAndRunLikeTheOriginal() throws Exception {
        byte[] fixture = classBytes(Fixture.class.getName());
        byte[] inner = classBytes(Fixture.class.getName() + "$Inner");
        byte[] fixtureOut = instrument(fixture);
        byte[] innerOut = instrument(inner);
        verify(fixtureOut);
        verify(innerOut);
        assertGolden("Fixture-Inner-init.txt", dump(innerOut, Set.of("<init>")));
        assertTrue(sites.contains("array secretChars[] C redacted"), sites.toString());
        assertTrue(sites.contains("field this$0 Lio/jtrace/agent/instrument/Fixture;"), sites.toString());

        long expected = (long) run(Map.of(), "exercise", 5);
        TraceRuntime.start("test", "", 0); // records for real (no JFR recording runs: batches go nowhere)
        try {
            Map<String, byte[]> classes = Map.of(Fixture.class.getName(), fixtureOut, Fixture.class.getName() + "$Inner", innerOut);
            assertEquals(expected, run(classes, "exercise", 5));
        } finally {
            TraceRuntime.stopAndFlush();
        }
        assertEquals(0, TraceRuntime.internalErrors(), TraceRuntime.firstInternalError());
        assertTrue(TraceRuntime.records() > 30, "records written: " + TraceRuntime.records());
    }

    /** Compound assignments load and store through a dup2 of the array; initializers store into a new array. */
    @Test
    void arraysAreNamedThroughStackCopiesAndTypedByTheirCreation() throws Exception {
        byte[] out = instrument(classBytes("vars.ArrayAliases"));
        verify(out);
        assertTrue(sites.contains("array ar[] I"), sites.toString());
        assertTrue(sites.contains("array flags[] Z"), sites.toString());
        assertTrue(sites.contains("array password[] C redacted"), sites.toString());
        assertTrue(sites.stream().filter(s -> s.startsWith("array password[]")).allMatch(s -> s.endsWith(" redacted")), sites.toString());
        assertTrue(sites.contains("array [] Ljava/lang/String;"), "the initializer of a String[]: " + sites);
        assertTrue(sites.contains("array [] Z"), "the initializer of a boolean[]: " + sites);
        assertTrue(sites.contains("array [] I"), "the result of a call keeps the opcode's type: " + sites);
        assertTrue(sites.stream().noneMatch(s -> s.equals("array [] Ljava/lang/Object;") || s.equals("array [] B")), sites.toString());
    }

    @Test
    void classesWithoutDebugInfoUseSlotNamesAndSayItOnce() throws Exception {
        ClassReader reader = new ClassReader(classBytes("vars.History"));
        ClassWriter stripped = new ClassWriter(0);
        reader.accept(stripped, ClassReader.SKIP_DEBUG);
        byte[] out = instrument(stripped.toByteArray());
        verify(out);
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).startsWith("vars.History has no local variable names"), notices.get(0));
        assertTrue(sites.contains("local local1 I") && sites.contains("param arg0 I"), sites.toString());
        Map<String, byte[]> classes = Map.of("vars.History", out);
        assertEquals(10, run(classes, "vars.History", "accumulate", 4));
        assertEquals("2,1", run(classes, "vars.History", "swap", 1, 2));
        assertArrayEquals(new int[] {0, 1, 4, 9}, (int[]) run(classes, "vars.History", "squares", 4));
        assertEquals(3.0e9, run(classes, "vars.History", "wide", 3_000_000_000L, 0.5));
        assertEquals(15, run(classes, "vars.History", "reuse"));
    }

    // ------------------------------------------------------------------ helpers

    private static byte[] classBytes(String name) throws IOException {
        try (InputStream in = VariableProbeTest.class.getClassLoader().getResourceAsStream(name.replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private static void verify(byte[] bytes) {
        StringWriter sw = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(bytes), VariableProbeTest.class.getClassLoader(), false, new PrintWriter(sw));
        assertEquals("", sw.toString(), "verifier output");
    }

    private static String dump(byte[] bytes, Set<String> methods) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        StringWriter sw = new StringWriter();
        PrintWriter pw = new PrintWriter(sw);
        for (MethodNode m : cn.methods) {
            if (!methods.contains(m.name)) continue;
            Textifier t = new Textifier();
            m.accept(new TraceMethodVisitor(t));
            pw.println(m.name + m.desc);
            t.print(pw);
            pw.println();
        }
        pw.flush();
        return sw.toString();
    }

    private static void assertGolden(String name, String actual) throws IOException {
        Path file = Paths.get("src/test/resources/golden").resolve(name);
        if (Boolean.getBoolean("jtrace.updateGolden")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual);
            return;
        }
        String expected = Files.exists(file) ? Files.readString(file) : "<missing golden file " + file + ">";
        assertEquals(expected, actual, "instrumented code differs from golden " + name + " (regenerate with -Djtrace.updateGolden=true)");
    }

    private static Object run(Map<String, byte[]> classes, String method, Object... args) throws Exception {
        return run(classes, Fixture.class.getName(), method, args);
    }

    /** Calls {@code method} (static, or on a new instance) of {@code className}, loaded with {@code classes} replaced. */
    private static Object run(Map<String, byte[]> classes, String className, String method, Object... args) throws Exception {
        ClassLoader loader = new ClassLoader(VariableProbeTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(name)) {
                    Class<?> c = findLoadedClass(name);
                    if (c == null && (classes.containsKey(name) || name.startsWith(className))) {
                        byte[] b;
                        try {
                            b = classes.containsKey(name) ? classes.get(name) : classBytes(name);
                        } catch (IOException e) {
                            throw new ClassNotFoundException(name, e);
                        }
                        c = defineClass(name, b, 0, b.length);
                    }
                    return c != null ? c : super.loadClass(name, resolve);
                }
            }
        };
        Class<?> c = loader.loadClass(className);
        Method m = Arrays.stream(c.getDeclaredMethods()).filter(x -> x.getName().equals(method)).findFirst().orElseThrow();
        m.setAccessible(true);
        Object target = java.lang.reflect.Modifier.isStatic(m.getModifiers()) ? null : c.getDeclaredConstructor().newInstance();
        return m.invoke(target, args);
    }
}
