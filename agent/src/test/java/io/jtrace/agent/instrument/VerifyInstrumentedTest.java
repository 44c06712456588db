package io.jtrace.agent.instrument;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.util.CheckClassAdapter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every instrumented class of the examples and of Gson (a real library from Maven Central) is
 * well formed (CheckClassAdapter), its methods verify (ASM's Analyzer with a verifier that reads
 * the type hierarchy from class bytes), and the JVM's own verifier accepts the Gson classes.
 */
class VerifyInstrumentedTest {
    @Test
    void exampleClassesVerify() {
        assertAllVerify(ClassBytes.exampleClasses(), 20);
    }

    @Test
    void gsonClassesVerify() {
        assertAllVerify(ClassBytes.gsonClasses(), 150);
    }

    private static void assertAllVerify(List<String> classes, int atLeast) {
        assertTrue(classes.size() >= atLeast, "expected at least " + atLeast + " classes, found " + classes);
        List<String> problems = new ArrayList<>();
        int instrumented = 0;
        for (String name : classes) {
            byte[] original = ClassBytes.of(name);
            byte[] result = ClassBytes.instrumenter(new CountingMethodIds()).instrument(original);
            if (result == null) continue; // nothing to trace (an interface without code)
            instrumented++;
            problems.addAll(BytesVerifier.verify(result));
            try {
                new ClassReader(result).accept(new CheckClassAdapter(new ClassWriter(0), true), 0);
            } catch (RuntimeException e) {
                problems.add(name + ": " + e.getMessage());
            }
        }
        assertTrue(instrumented >= atLeast * 2 / 3, "only " + instrumented + " classes instrumented");
        assertEquals(List.of(), problems);
    }

    /**
     * The JVM links (and so verifies, stack map frames included) every Gson class defined from
     * instrumented bytes exactly as it does the original ones: same outcome class by class.
     */
    @Test
    void jvmVerifierAcceptsInstrumentedGson() {
        List<String> classes = ClassBytes.gsonClasses();
        Map<String, String> plain = initializeAll(classes, null);
        Map<String, String> traced = initializeAll(classes, ClassBytes.instrumenter(new CountingMethodIds()));
        assertEquals(plain, traced);
        assertTrue(plain.values().stream().filter("ok"::equals).count() >= 150, plain::toString);
    }

    private static Map<String, String> initializeAll(List<String> classes, ClassInstrumenter instrumenter) {
        ClassLoader loader = new InstrumentingClassLoader(List.of("com.google.gson."), instrumenter);
        Map<String, String> outcome = new LinkedHashMap<>();
        for (String name : classes) {
            try {
                Class.forName(name, true, loader);
                outcome.put(name, "ok");
            } catch (Throwable t) {
                outcome.put(name, t.getClass().getName());
            }
        }
        return outcome;
    }
}
