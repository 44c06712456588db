package io.jtrace.write;

import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.model.MethodInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Two writers in one JVM (a program filtering two recordings on two threads): JFR hands every event
 * and every periodic hook's events to every running recording, so the second writer waits for the
 * first one's close, and each file holds its own source's definitions alone.
 */
class RecordingWritersInOneJvmTest {
    @TempDir
    Path dir;

    private Path source(String name, String className) throws Exception {
        Path file = dir.resolve(name);
        try (Recording r = new Recording()) {
            r.start();
            SessionEvent s = new SessionEvent();
            s.nanoOrigin = 0;
            s.commit();
            MethodDefinitionEvent m = new MethodDefinitionEvent();
            m.methodId = 1;
            m.className = className;
            m.methodName = "m";
            m.descriptor = "()V";
            m.commit();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private static List<String> classes(Path file) throws Exception {
        try (TraceIndex index = TraceReader.read(file, null)) {
            java.util.TreeSet<String> names = new java.util.TreeSet<>();
            for (MethodInfo m : index.symbols().methods()) names.add(m.className());
            return List.copyOf(names);
        }
    }

    @Test
    void aSecondWriterWaitsAndEachFileHoldsItsOwn() throws Exception {
        Path outA = Files.createFile(dir.resolve("a-out.jfr"));
        Path outB = Files.createFile(dir.resolve("b-out.jfr"));
        try (TraceIndex a = TraceReader.read(source("a.jfr", "first.A"), null);
             TraceIndex b = TraceReader.read(source("b.jfr", "second.B"), null)) {
            RecordingWriter first = new RecordingWriter(a, outA);
            CompletableFuture<Void> second = CompletableFuture.runAsync(() -> {
                try {
                    new RecordingWriter(b, outB).close();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            // not a timing claim that can fail falsely: a slow thread only makes this pass for the wrong reason
            Thread.sleep(200);
            assertFalse(second.isDone(), "the second writer ran while the first one's recording was running");
            first.close();
            second.get(60, TimeUnit.SECONDS);
        }
        assertEquals(List.of("first.A"), classes(outA));
        assertEquals(List.of("second.B"), classes(outB));
    }

    /** Writers one after the other in one JVM, with names JFR keeps in its string pool (16 to 128 characters). */
    @Test
    void writersOneAfterTheOtherEachWriteWholeFiles() throws Exception {
        String name = "com.example.billing.InvoiceCalculator";
        try (TraceIndex source = TraceReader.read(source("long.jfr", name), null)) {
            for (int i = 0; i < 6; i++) {
                Path out = Files.createFile(dir.resolve("again-" + i + ".jfr"));
                new RecordingWriter(source, out).close();
                assertEquals(List.of(name), classes(out), "writer " + i);
            }
        }
    }

    @Test
    void writersOneAfterTheOtherBesideAnotherRecording() throws Exception {
        String name = "com.example.billing.InvoiceCalculator";
        try (Recording other = new Recording(); TraceIndex source = TraceReader.read(source("long2.jfr", name), null)) {
            other.start();
            for (int i = 0; i < 6; i++) {
                Path out = Files.createFile(dir.resolve("beside-" + i + ".jfr"));
                new RecordingWriter(source, out).close();
                assertEquals(List.of(name), classes(out), "writer " + i);
            }
        }
    }

    /**
     * Writers one after the other, each on a thread of its own (a program's worker threads): JDK 17
     * clears its string pool's cache only in threads that wrote during a chunk rotation, so a new thread
     * could refer to a name pooled by an earlier writer's recording, missing from this one's.
     */
    @Test
    void writersOnThreadsOfTheirOwnEachWriteWholeFiles() throws Exception {
        String name = "com.example.billing.InvoiceCalculator";
        try (TraceIndex source = TraceReader.read(source("threads.jfr", name), null)) {
            for (int i = 0; i < 4; i++) {
                Path out = Files.createFile(dir.resolve("thread-" + i + ".jfr"));
                Thread t = new Thread(() -> {
                    try {
                        new RecordingWriter(source, out).close();
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                t.start();
                t.join();
                assertEquals(List.of(name), classes(out), "writer " + i);
            }
        }
    }
}
