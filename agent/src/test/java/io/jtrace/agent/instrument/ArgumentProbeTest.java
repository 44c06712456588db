package io.jtrace.agent.instrument;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.agent.filter.Redaction;
import io.jtrace.runtime.RuntimeAccess;
import io.jtrace.runtime.TraceRuntime;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The argument probe ({@code --args}) on {@code args.Checkout} and {@code args.Cart}, three ways:
 * golden text dumps of instrumented methods (a constructor, static and instance methods,
 * int/long/float/double/char/boolean and reference values, varargs, a generic method, a redacted
 * parameter, a method that throws; regenerate with -Djtrace.updateGolden=true and review the
 * diff), ASM's CheckClassAdapter, and loading and running the result against the original.
 */
class ArgumentProbeTest {
    private static final List<String> PACKAGES = List.of("args.");

    private final List<String> notices = new ArrayList<>();
    private final List<String> sites = new ArrayList<>();

    private ClassInstrumenter instrumenter() {
        AtomicInteger methodIds = new AtomicInteger();
        VariableSites registry = (methodId, kind, name, type, slot, owner, line, write, redacted) -> {
            synchronized (sites) {
                sites.add(methodId + " " + kind + " " + slot + " " + name + " " + type + (redacted ? " redacted" : ""));
                return sites.size();
            }
        };
        ArgumentProbe probe = new ArgumentProbe(MethodFilter.all(), Redaction.of(List.of()), registry, notices::add);
        return new ClassInstrumenter(MethodFilter.all(), (c, m, d, s, l, a) -> methodIds.incrementAndGet(),
                ClassInstrumenter.callProbes(probe));
    }

    @Test
    void instrumentedMethodsMatchGoldenDumpsAndVerify() throws IOException {
        byte[] cart = instrumenter().instrument(ClassBytes.of("args.Cart"));
        byte[] checkout = instrumenter().instrument(ClassBytes.of("args.Checkout"));
        verify(cart);
        verify(checkout);
        assertGolden("args-Cart.txt", GoldenBytecodeTest.dump(cart, List.of("<init>", "add", "remove")));
        assertGolden("args-Checkout.txt", GoldenBytecodeTest.dump(checkout, List.of("pay", "label", "sum", "firstOf")));
        assertTrue(notices.isEmpty(), notices.toString());
    }

    @Test
    void definitionsNameEachParameterAndReturnValue() {
        instrumenter().instrument(ClassBytes.of("args.Cart"));
        instrumenter().instrument(ClassBytes.of("args.Checkout"));
        List<String> kinds = sites.stream().map(s -> s.substring(s.indexOf(' ') + 1)).toList();
        // the constructor: its parameters, no return value; 'this' is not a parameter
        assertTrue(kinds.contains("argument 0 owner Ljava/lang/String;") && kinds.contains("argument 1 capacity I"), kinds::toString);
        assertTrue(kinds.contains("argument 3 discount F") && kinds.contains("return -1 return I"), kinds::toString);
        assertTrue(kinds.contains("argument 3 password Ljava/lang/String; redacted"), "redacted by name: " + kinds);
        assertTrue(kinds.contains("argument 1 cents J") && kinds.contains("argument 2 method C"), kinds::toString);
        assertTrue(kinds.contains("argument 0 values [I"), "varargs are one array: " + kinds);
        assertTrue(kinds.contains("argument 0 items Ljava/util/List;") && kinds.contains("return -1 return Ljava/lang/Object;"),
                "a generic method's erased types: " + kinds);
        assertTrue(kinds.contains("argument 0 a Ljava/lang/Comparable;"), "a bounded type variable erases to its bound: " + kinds);
        assertFalse(kinds.stream().anyMatch(k -> k.contains(" this ")), kinds::toString);
    }

    @Test
    void aMethodNamedLikeASecretHasItsReturnValueRedacted() {
        byte[] out = new ClassInstrumenter(MethodFilter.all(), (c, m, d, s, l, a) -> 1, ClassInstrumenter.callProbes(
                new ArgumentProbe(MethodFilter.all(), Redaction.of(List.of("owner")), (m, k, n, t, sl, o, l, w, r) -> {
                    sites.add(k + " " + n + (r ? " redacted" : ""));
                    return 1;
                }, notices::add))).instrument(ClassBytes.of("args.Cart"));
        verify(out);
        assertTrue(sites.contains("return return redacted"), "owner() matches --redact owner: " + sites);
        assertTrue(sites.contains("argument owner redacted"), sites.toString());
        String dump = GoldenBytecodeTest.dump(out, List.of("owner"));
        assertTrue(dump.contains("returnedRedacted (I)V") && !dump.contains("returned (Ljava/lang/Object;I)V"),
                "the value is never passed to the runtime:\n" + dump);
    }

    @Test
    void classesWithoutParameterNamesUsePositionsAndSayItOncePerRun() {
        ClassReader reader = new ClassReader(ClassBytes.of("args.Checkout"));
        ClassWriter stripped = new ClassWriter(0);
        reader.accept(stripped, ClassReader.SKIP_DEBUG);
        byte[] out = instrumenter().instrument(stripped.toByteArray());
        verify(out);
        ClassWriter cart = new ClassWriter(0);
        new ClassReader(ClassBytes.of("args.Cart")).accept(cart, ClassReader.SKIP_DEBUG);
        ClassInstrumenter again = instrumenter();
        again.instrument(stripped.toByteArray());
        again.instrument(cart.toByteArray());
        assertEquals(2, notices.size(), "once per run (per probe): " + notices);
        assertEquals("classes compiled without -g or -parameters (the first: args.Checkout) have no parameter names:"
                + " their arguments are shown as arg0, arg1...", notices.get(0));
        List<String> kinds = sites.stream().map(s -> s.substring(s.indexOf(' ') + 1)).toList();
        assertTrue(kinds.contains("argument 3 arg3 Ljava/lang/String;"), "no name, so no redaction by name either: " + kinds);
    }

    @Test
    void instrumentedProgramRunsExactlyLikeTheOriginal() throws Exception {
        RuntimeAccess.startOnce();
        long errorsBefore = TraceRuntime.internalErrors();
        String plain = run(new InstrumentingClassLoader(PACKAGES, null));
        int depthBefore = RuntimeAccess.depth();
        long recordsBefore = RuntimeAccess.recordsWritten();
        String traced = run(new InstrumentingClassLoader(PACKAGES, instrumenter()));
        assertEquals(plain, traced);
        assertTrue(plain.contains("sum 6") && plain.contains("no banana"), plain);
        assertEquals(depthBefore, RuntimeAccess.depth(), "traced frames left open on the calling thread");
        assertEquals(errorsBefore, TraceRuntime.internalErrors(), TraceRuntime.firstInternalError());
        long recorded = RuntimeAccess.recordsWritten() - recordsBefore;
        assertTrue(recorded >= 2, "the tracer recorded " + recorded + " records");
    }

    // ------------------------------------------------------------------ helpers

    private static synchronized String run(ClassLoader loader) throws Exception {
        Method main = Class.forName("args.Checkout", true, loader).getMethod("main", String[].class);
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            main.invoke(null, (Object) new String[0]);
        } catch (InvocationTargetException e) {
            throw new AssertionError("args.Checkout failed", e.getCause());
        } finally {
            System.setOut(saved);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    private static void verify(byte[] bytes) {
        StringWriter sw = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(bytes), ArgumentProbeTest.class.getClassLoader(), false, new PrintWriter(sw));
        assertEquals("", sw.toString(), "verifier output");
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
}
