package io.jtrace.read.jfr;

import io.jtrace.events.TraceBatchEvent;
import jdk.jfr.Recording;

import java.nio.file.Path;

/**
 * Writes a recording of synthetic {@code jtrace.TraceBatch} events whose payloads take every
 * way JFR stores a String: null, empty, inline char arrays, constant-pool entries (JDK 17 pools
 * some of 17-127 chars, JDK 25 every one of 129-131,071), too long to pool, and chars above
 * 127. Three chunks (another recording starting and stopping rotates the chunk). Run in the
 * test's JVM, or as a main on another JDK.
 */
public final class BatchRecordingMaker {
    public static final int BATCHES = 300;
    /** Method definitions written with each third of the batches. */
    public static final int DEFINITIONS = 12;

    public static void main(String[] args) throws Exception {
        make(Path.of(args[0]));
    }

    static void make(Path out) throws Exception {
        try (Recording r = new Recording()) {
            r.enable(TraceBatchEvent.NAME);
            r.start();
            write(0, 100);
            try (Recording other = new Recording()) {
                other.start();
                write(100, 200);
                other.stop();
            }
            write(200, BATCHES);
            r.stop();
            r.dump(out);
        }
    }

    private static final String[] THREADS = {"main", "a-thread-name-longer-than-sixteen-chars", "w\u00f6rker-\u00fc"};

    /** Definitions with names short (inline), repeated (JDK 17 pools them), long (JDK 25 pools them). */
    private static void define(int from) {
        for (int i = from; i < from + DEFINITIONS; i++) {
            io.jtrace.events.MethodDefinitionEvent m = new io.jtrace.events.MethodDefinitionEvent();
            m.methodId = i;
            m.className = i % 3 == 0 ? "a.B" : i % 3 == 1 ? "com.example.some.pkg.RepeatedClassName" : "x".repeat(150 + i);
            m.methodName = "m\u00e9thode" + i;
            m.descriptor = i % 2 == 0 ? "()V" : null;
            m.sourceFile = "B.java";
            m.line = i % 4 == 0 ? -1 : i * 1000;
            m.modifiers = i;
            m.commit();
        }
    }

    private static void write(int from, int to) {
        define(from);
        for (int i = from; i < to; i++) {
            TraceBatchEvent e = new TraceBatchEvent();
            e.threadId = i % 3 + 1;
            e.threadName = THREADS[i % 3];
            e.virtualThread = i % 3 == 2;
            e.sequence = i / 3;
            e.baseNanos = 1_000_000_000L * i + 7;
            e.startDepth = i % 7;
            e.recordCount = i * 3;
            e.payload = payload(i);
            e.commit();
        }
    }

    /** Payload {@code i}: its length and characters cycle through the cases. */
    static String payload(int i) {
        switch (i % 10) {
            case 0: return null;
            case 1: return "";
            case 2: return units(i, 5);
            case 3: return units(3, 40); // the same string again and again: JDK 17 pools it
            case 4: return units(i, 17 + i % 100);
            case 5: return units(i, 129 + i * 13);
            case 6: return units(i, 32_000 + i);
            case 7: return units(i, 140_000); // longer than JDK 25 pools
            case 8: return "caf\u00e9 \u4e2d\u6587 " + units(i, 300); // not 7-bit: not one byte per char
            default: return units(i, 4096 + i);
        }
    }

    private static String units(int seed, int length) {
        char[] c = new char[length];
        for (int j = 0; j < length; j++) c[j] = (char) ((seed * 31 + j * 7) & 0x7f);
        return new String(c);
    }
}
