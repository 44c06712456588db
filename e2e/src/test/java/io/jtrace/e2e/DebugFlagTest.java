package io.jtrace.e2e;

import io.jtrace.cli.Main;
import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --debug: an internal error (here a bug stood in for by an output that throws an unchecked
 * exception halfway through print) is one line naming it and pointing at --debug; with --debug the
 * same line and its stack trace. Run in this JVM through {@link Main#execute}, as the fuzz test runs
 * the commands, on a real recording. A user error stays one line with --debug too.
 */
class DebugFlagTest {
    @TempDir
    Path dir;

    /** An output that fails like a bug would after some text: not an I/O error (those are the user's disk). */
    private static final class Bug extends Writer {
        private int written;

        @Override
        public void write(char[] buf, int off, int len) {
            written += len;
            if (written > 2000) throw new IllegalStateException("a bug stood in for");
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }

    @Test
    void internalErrorsOneLineWithoutDebugAndTheStackTraceWithIt() throws Exception {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), rec, List.of(), "bank.Main");
        assertEquals(0, run.exit(), run::toString);

        StringWriter plain = new StringWriter();
        int exit = Main.execute(new String[] {"print", rec.toString()}, new PrintWriter(new Bug()), new PrintWriter(plain));
        assertEquals(1, exit, plain::toString);
        assertEquals("jtrace print: internal error: java.lang.IllegalStateException: a bug stood in for"
                + " (run with --debug for the stack trace)\n", plain.toString());

        StringWriter debug = new StringWriter();
        exit = Main.execute(new String[] {"print", "--debug", rec.toString()}, new PrintWriter(new Bug()), new PrintWriter(debug));
        assertEquals(1, exit, debug::toString);
        List<String> lines = debug.toString().lines().toList();
        assertEquals("jtrace print: internal error: java.lang.IllegalStateException: a bug stood in for", lines.get(0));
        assertTrue(lines.get(1).startsWith("java.lang.IllegalStateException: a bug stood in for"), debug::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("\tat io.jtrace.e2e.DebugFlagTest$Bug.write(")), debug::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("\tat io.jtrace.")), debug::toString);

        StringWriter user = new StringWriter();
        exit = Main.execute(new String[] {"print", "--debug", dir.resolve("missing.jfr").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(user));
        assertEquals(2, exit, user::toString);
        assertEquals(1, user.toString().lines().count(), user::toString);
        assertTrue(user.toString().startsWith("jtrace print: "), user::toString);
    }
}
