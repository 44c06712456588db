package io.jtrace.agent;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the agent could not do. The JVM swallows exceptions thrown by transformers, so every
 * failure is written here (a file given by jtrace run, else stderr), a bounded number of lines.
 */
final class AgentLog {
    private static final int MAX_LINES = 200;
    private final PrintWriter out;
    private final boolean toFile;
    private final AtomicInteger lines = new AtomicInteger();

    AgentLog(String path) {
        PrintWriter w = null;
        if (path != null) {
            try {
                w = new PrintWriter(new OutputStreamWriter(new FileOutputStream(path, true), StandardCharsets.UTF_8), true);
            } catch (IOException e) {
                w = null;
            }
        }
        this.toFile = w != null;
        this.out = w != null ? w : new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    }

    /** Logs a message the user must see even if the log file cannot be written (a full disk): then on stderr. */
    void warn(String message) {
        log(message);
        if (out.checkError()) System.err.println("jtrace agent: " + message);
    }

    /** Says {@code message} on stderr at once, not in the log file (which jtrace run shows only when the program has ended). */
    void now(String message) {
        if (toFile) System.err.println("jtrace agent: " + message);
        else log(message);
    }

    void log(String message) {
        int n = lines.incrementAndGet();
        if (n < MAX_LINES) {
            out.println("jtrace agent: " + message);
        } else if (n == MAX_LINES) {
            out.println("jtrace agent: (more messages suppressed)");
        }
    }
}
