package io.jtrace.agent.instrument;

import io.jtrace.runtime.RuntimeAccess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Loads the examples (and Gson) rewritten by the instrumenter into a child-first class loader and
 * runs them with the real runtime active: same output as the original classes, and the tracer's
 * stack on the calling thread is back to empty afterwards (every enter met its exit, also for
 * frames left by exceptions and constructors that threw before super()).
 */
class LoadAndRunTest {
    private static final List<String> PACKAGES = List.of("sampler.", "bank.", "counter.", "thirdparty.", "com.google.gson.");

    @BeforeAll
    static void startTracer() {
        RuntimeAccess.startOnce();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "sampler.Main | ''",
        "bank.Main | 4 50",
        "counter.Counter | 1000 3",
        "thirdparty.GsonDemo | ''",
    })
    void instrumentedProgramPrintsTheSame(String main, String args) throws Exception {
        String[] argv = args.isEmpty() ? new String[0] : args.split(" ");
        String plain = run(new InstrumentingClassLoader(PACKAGES, null), main, argv);
        int depthBefore = RuntimeAccess.depth();
        long recordsBefore = RuntimeAccess.recordsWritten();
        CountingMethodIds ids = new CountingMethodIds();
        String traced = run(new InstrumentingClassLoader(PACKAGES, ClassBytes.instrumenter(ids)), main, argv);
        assertEquals(plain, traced);
        assertTrue(plain.lines().count() >= 1, plain);
        assertTrue(ids.registered.stream().anyMatch(m -> m.startsWith(main + ".main(")), ids.registered::toString);
        assertEquals(depthBefore, RuntimeAccess.depth(), "traced frames left open on the calling thread");
        // this run's own records (an earlier case's do not count): at least an enter and an exit of main
        long recorded = RuntimeAccess.recordsWritten() - recordsBefore;
        assertTrue(recorded >= 2, "the tracer recorded " + recorded + " records");
    }

    /** Runs {@code main} with stdout captured; returns what it printed. */
    private static synchronized String run(ClassLoader loader, String main, String[] args) throws Exception {
        Method m = Class.forName(main, true, loader).getMethod("main", String[].class);
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            m.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw new AssertionError(main + " failed", e.getCause());
        } finally {
            System.setOut(saved);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }
}
