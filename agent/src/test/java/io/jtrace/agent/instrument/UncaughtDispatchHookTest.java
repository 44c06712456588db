package io.jtrace.agent.instrument;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hook in the JDK's own classes, on the running JDK's class files: a golden dump of the hooked
 * method, ASM's checker on the whole class, and nothing else touched. (Loading and running it is
 * the e2e tests' part: ExceptionsTest on JDK 17 and 25.)
 */
class UncaughtDispatchHookTest {
    private static byte[] jdkClass(String name) throws IOException {
        try (InputStream in = Object.class.getResourceAsStream("/" + name + ".class")) {
            assertNotNull(in, name);
            return in.readAllBytes();
        }
    }

    @Test
    void threadCallsTheTracerFirstWhenItDispatches() throws IOException {
        byte[] hooked = UncaughtDispatchHook.instrument(jdkClass("java/lang/Thread"));
        assertNotNull(hooked);
        String dump = GoldenBytecodeTest.dump(hooked, List.of("dispatchUncaughtException"));
        Path golden = GoldenBytecodeTest.goldenDir().resolve("java.lang.Thread-jdk" + Runtime.version().feature() + ".txt");
        if (Boolean.getBoolean("jtrace.updateGolden")) {
            Files.writeString(golden, dump);
        } else if (Files.exists(golden)) {
            assertEquals(Files.readString(golden), dump, "regenerate with -Djtrace.updateGolden=true and review");
        }
        assertTrue(dump.contains("ALOAD 0\n    ALOAD 1\n    INVOKESTATIC io/jtrace/runtime/Tracer.threadDies"), dump);
        check(hooked);
    }

    @Test
    void forkJoinTaskCallsTheTracerBeforeThePoolCallsTheHandler() throws IOException {
        byte[] hooked = UncaughtDispatchHook.instrument(jdkClass("java/util/concurrent/ForkJoinTask$RunnableExecuteAction"));
        assertNotNull(hooked, "this JDK's RunnableExecuteAction has neither known method");
        String text = GoldenBytecodeTest.dump(hooked, List.of(Runtime.version().feature() < 19 ? "trySetException" : "onAuxExceptionSet"));
        assertTrue(text.contains("INVOKESTATIC java/lang/Thread.currentThread ()Ljava/lang/Thread;\n    ALOAD 1\n"
                + "    INVOKESTATIC io/jtrace/runtime/Tracer.threadDies"), text);
        check(hooked);
    }

    @Test
    void futuresTellTheTracerWhenTheyKeepATasksException() throws IOException {
        for (String[] c : new String[][] {{"java/util/concurrent/FutureTask", "setException", "0"},
                {"java/util/concurrent/CompletableFuture", "completeThrowable", "1"}}) {
            byte[] hooked = UncaughtDispatchHook.instrument(jdkClass(c[0]));
            assertNotNull(hooked, c[0]);
            String text = GoldenBytecodeTest.dump(hooked, List.of(c[1]));
            assertTrue(text.contains("ALOAD 1\n    ICONST_" + c[2] + "\n"
                    + "    INVOKESTATIC io/jtrace/runtime/Tracer.keptByFuture (Ljava/lang/Throwable;I)V"), text);
            check(hooked);
        }
    }

    @Test
    void otherClassesStayAsTheyAre() throws IOException {
        assertNull(UncaughtDispatchHook.instrument(jdkClass("java/lang/ThreadGroup")));
        assertTrue(UncaughtDispatchHook.hooks("java/lang/Thread"));
        assertTrue(!UncaughtDispatchHook.hooks("java/lang/ThreadGroup"));
    }

    private static void check(byte[] classFile) {
        StringWriter errors = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(classFile), null, false, new PrintWriter(errors));
        assertEquals("", errors.toString());
    }
}
