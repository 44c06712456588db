package io.jtrace.agent.instrument;

import io.jtrace.pattern.MethodFilter;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exception probes (catch, throw, suppress) with the call probe, on the example programs
 * whose handlers have every shape javac produces: golden dumps of instrumented methods,
 * CheckClassAdapter verification, and the instrumented classes run exactly like the originals.
 * Regenerate the golden file with -Djtrace.updateGolden=true and review the diff.
 */
class ExceptionProbesTest {
    private static final String[] CLASSES = {
        "exceptions.Journeys", "exceptions.Unwinding", "exceptions.Wrapping", "exceptions.Wrapping$WrappedException",
        "exceptions.Resources", "exceptions.Resources$FailingResource", "exceptions.Locks", "exceptions.Construction",
        "exceptions.Construction$BrokenStatic", "exceptions.JvmRaised", "exceptions.Parsing", "exceptions.DiesInMain",
        "workloads.ExceptionStorm", "workloads.ExceptionStorm$Failure", "bank.Bank", "bank.Account", "sampler.Main",
        "sampler.Validated",
    };

    private final Map<String, Integer> typeIds = new LinkedHashMap<>();
    private final TypeIds types = name -> typeIds.computeIfAbsent(name, k -> typeIds.size() + 1);

    private byte[] instrument(String className) throws IOException {
        int[] next = {100};
        ClassInstrumenter instrumenter = new ClassInstrumenter(MethodFilter.all(),
                (cls, method, desc, source, line, access) -> next[0]++, ClassInstrumenter.exceptionProbes(types));
        byte[] result = instrumenter.instrument(original(className));
        assertTrue(result != null, className);
        return result;
    }

    private static byte[] original(String className) throws IOException {
        try (InputStream in = ExceptionProbesTest.class.getClassLoader().getResourceAsStream(className.replace('.', '/') + ".class")) {
            if (in == null) throw new IOException("no class file for " + className);
            return in.readAllBytes();
        }
    }

    private static MethodNode method(byte[] classFile, String name) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        return cn.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    @Test
    void goldenDumpsOfInstrumentedHandlers() throws IOException {
        String[][] methods = {
            {"exceptions.Journeys", "sameMethod"}, {"exceptions.Unwinding", "level3"},
            {"exceptions.Wrapping", "wrap"}, {"exceptions.Resources", "useFailingResource"},
            {"exceptions.Locks", "failWhileLocked"}, {"exceptions.Parsing", "parseOrDefault"},
        };
        StringBuilder dump = new StringBuilder();
        for (String[] m : methods) {
            dump.append("== ").append(m[0]).append('.').append(m[1]).append('\n');
            Textifier text = new Textifier();
            method(instrument(m[0]), m[1]).accept(new TraceMethodVisitor(text));
            StringWriter w = new StringWriter();
            text.print(new PrintWriter(w));
            dump.append(w).append('\n');
        }
        dump.append("== type ids\n");
        typeIds.forEach((name, id) -> dump.append(id).append(' ').append(name).append('\n'));
        Path golden = Paths.get("src/test/resources/golden/exception-probes.txt");
        if (Boolean.getBoolean("jtrace.updateGolden")) {
            Files.writeString(golden, dump.toString());
        }
        assertEquals(Files.readString(golden), dump.toString(), "differs from " + golden + " (regenerate with -Djtrace.updateGolden=true)");
    }

    /** Which runtime call each handler and throw gets: the shapes javac produces for each construct. */
    @Test
    void handlersAreToldApart() throws IOException {
        assertEquals(Map.of("thrown", 2, "unwinding", 1, "exitExceptional", 1), calls("exceptions.Unwinding", "level3"),
                "a finally: its handler, the user's throw and the finally's own rethrow");
        assertEquals(Map.of("thrown", 1, "caught", 1, "exitExceptional", 1), calls("exceptions.Locks", "failWhileLocked"),
                "synchronized: the monitor handler only repairs, its rethrow is not a throw");
        assertEquals(Map.of("thrown", 2, "unwinding", 1, "caught", 1, "suppressed", 1, "exitExceptional", 1),
                calls("exceptions.Resources", "useFailingResource"), "try-with-resources: close step, suppress step");
        assertEquals(Map.of("caughtAs", 1, "thrown", 1, "exitExceptional", 1), calls("exceptions.Wrapping", "wrap"));
        assertEquals(Map.of("caughtAs", 1, "exitExceptional", 1), calls("exceptions.Parsing", "parseOrDefault"));
        assertTrue(typeIds.containsKey("java.lang.NumberFormatException | java.lang.NullPointerException"), "multi-catch declares both");
        // the resource close step says what it is (1), a plain finally says 0
        assertEquals(Opcodes.ICONST_1, argumentBefore("exceptions.Resources", "useFailingResource", "unwinding"));
        assertEquals(Opcodes.ICONST_0, argumentBefore("exceptions.Unwinding", "level3", "unwinding"));
    }

    private Map<String, Integer> calls(String className, String methodName) throws IOException {
        Map<String, Integer> counts = new HashMap<>();
        for (AbstractInsnNode n : method(instrument(className), methodName).instructions) {
            if (!(n instanceof MethodInsnNode)) continue;
            MethodInsnNode m = (MethodInsnNode) n;
            if (m.owner.equals(MethodContext.TRACER) && !m.name.equals("enter") && !m.name.equals("exit")) {
                counts.merge(m.name, 1, Integer::sum);
            }
        }
        return counts;
    }

    private int argumentBefore(String className, String methodName, String call) throws IOException {
        for (AbstractInsnNode n : method(instrument(className), methodName).instructions) {
            if (n instanceof MethodInsnNode && ((MethodInsnNode) n).name.equals(call)) return n.getPrevious().getOpcode();
        }
        throw new AssertionError("no call of " + call);
    }

    @Test
    void instrumentedClassesVerify() throws IOException {
        for (String c : CLASSES) {
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(instrument(c)), ExceptionProbesTest.class.getClassLoader(), false,
                    new PrintWriter(problems));
            assertEquals("", problems.toString(), c);
        }
    }

    /** The instrumented exception programs print exactly what the originals print (the tracer is off: calls are no-ops). */
    @Test
    void instrumentedProgramsRunLikeTheOriginals() throws Exception {
        Map<String, byte[]> plain = new HashMap<>();
        Map<String, byte[]> traced = new HashMap<>();
        for (String c : CLASSES) {
            if (!c.startsWith("exceptions.") && !c.startsWith("workloads.")) continue;
            plain.put(c, original(c));
            traced.put(c, instrument(c));
        }
        String expected = run(plain, "exceptions.Journeys", new String[0]);
        assertTrue(expected.contains("done"), expected);
        assertEquals(expected, run(traced, "exceptions.Journeys", new String[0]));
        assertEquals(run(plain, "workloads.ExceptionStorm", new String[] {"1000"}),
                run(traced, "workloads.ExceptionStorm", new String[] {"1000"}));
        List<String> thrown = new ArrayList<>();
        try {
            run(traced, "exceptions.DiesInMain", new String[0]);
        } catch (InvocationTargetException e) {
            thrown.add(e.getCause().getMessage());
        }
        assertEquals(List.of("main gives up"), thrown);
    }

    private static String run(Map<String, byte[]> classes, String main, String[] args) throws Exception {
        ClassLoader loader = new ClassLoader(ExceptionProbesTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                byte[] bytes = classes.get(name);
                if (bytes == null) return super.loadClass(name, resolve);
                synchronized (getClassLoadingLock(name)) {
                    Class<?> c = findLoadedClass(name);
                    return c != null ? c : defineClass(name, bytes, 0, bytes.length);
                }
            }
        };
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            loader.loadClass(main).getMethod("main", String[].class).invoke(null, (Object) args);
        } finally {
            System.setOut(saved);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
