package io.jtrace.write;

import io.jtrace.model.MethodInfo;
import io.jtrace.read.DataLossCarriedTest;
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

/**
 * Writers in one JVM (a program filtering two recordings on two threads, the e2e suite running two
 * classes at a time): each file holds its own source's definitions and batches alone, whatever else
 * runs in the JVM, a JFR recording included, and the JDK's own parser reads every name. (When the
 * writer was a JFR recording started in the JVM, JFR gave every event to every recording running,
 * and JDK 17's string pool referred to names of an earlier recording: these tests caught both.)
 */
class RecordingWritersInOneJvmTest {
    @TempDir
    Path dir;

    private Path source(String name, String className) throws Exception {
        return DataLossCarriedTest.oneMethod(dir.resolve(name), className);
    }

    /** A name of 17 to 127 characters: JDK 17's JFR keeps those in its string pool. */
    private static final String POOLED = "com.example.billing.InvoiceCalculator";

    /** {@code times} writers of {@code source} one after the other, each run by {@code runner}; each file holds the name. */
    private void writersInTurn(TraceIndex source, String prefix, int times, java.util.function.Consumer<Runnable> runner) throws Exception {
        for (int i = 0; i < times; i++) {
            Path out = Files.createFile(dir.resolve(prefix + i + ".jfr"));
            runner.accept(() -> write(source, out));
            assertEquals(List.of(POOLED), classes(out), "writer " + i);
            assertEquals(List.of(POOLED), classesAsTheJdkReadsThem(out), "writer " + i + ", read by the JDK's parser");
        }
    }

    /** The definitions' class names as the JDK's own parser gives them (a name missing from the pool: null). */
    private static List<String> classesAsTheJdkReadsThem(Path file) throws Exception {
        java.util.TreeSet<String> names = new java.util.TreeSet<>(java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder()));
        for (jdk.jfr.consumer.RecordedEvent e : jdk.jfr.consumer.RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().equals("jtrace.MethodDefinition")) names.add(e.getString("className"));
        }
        return new java.util.ArrayList<>(names);
    }

    /** A writer of {@code source} into {@code out}, opened and closed. */
    private static void write(TraceIndex source, Path out) {
        try {
            new RecordingWriter(source, out).close();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<String> classes(Path file) throws Exception {
        try (TraceIndex index = TraceReader.read(file, null)) {
            java.util.TreeSet<String> names = new java.util.TreeSet<>();
            for (MethodInfo m : index.symbols().methods()) names.add(m.className());
            return List.copyOf(names);
        }
    }

    @Test
    void twoWritersAtOnceEachWriteTheirOwn() throws Exception {
        Path outA = Files.createFile(dir.resolve("a-out.jfr"));
        Path outB = Files.createFile(dir.resolve("b-out.jfr"));
        try (TraceIndex a = TraceReader.read(source("a.jfr", "first.A"), null);
             TraceIndex b = TraceReader.read(source("b.jfr", "second.B"), null)) {
            RecordingWriter first = new RecordingWriter(a, outA);
            CompletableFuture<Void> second = CompletableFuture.runAsync(() -> write(b, outB));
            second.get(60, TimeUnit.SECONDS); // written whole while the first one is open
            first.close();
        }
        assertEquals(List.of("first.A"), classes(outA));
        assertEquals(List.of("second.B"), classes(outB));
        assertEquals(List.of("first.A"), classesAsTheJdkReadsThem(outA));
        assertEquals(List.of("second.B"), classesAsTheJdkReadsThem(outB));
    }

    /** Writers one after the other in one JVM, with a name JFR keeps in its string pool. */
    @Test
    void writersOneAfterTheOtherEachWriteWholeFiles() throws Exception {
        try (TraceIndex source = TraceReader.read(source("long.jfr", POOLED), null)) {
            writersInTurn(source, "again-", 6, Runnable::run);
        }
    }

    @Test
    void writersOneAfterTheOtherBesideAnotherRecording() throws Exception {
        try (Recording other = new Recording(); TraceIndex source = TraceReader.read(source("long2.jfr", POOLED), null)) {
            other.start();
            writersInTurn(source, "beside-", 6, Runnable::run);
        }
    }

    /**
     * Writers one after the other, each on a thread of its own (a program's worker threads): JDK 17
     * clears its string pool's cache only in threads that wrote during a chunk rotation, so a new thread
     * could refer to a name pooled by an earlier writer's recording, missing from this one's.
     */
    @Test
    void writersOnThreadsOfTheirOwnEachWriteWholeFiles() throws Exception {
        try (TraceIndex source = TraceReader.read(source("threads.jfr", POOLED), null)) {
            writersInTurn(source, "thread-", 4, work -> {
                Thread t = new Thread(work);
                t.start();
                try {
                    t.join();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
        }
    }

    /** A device that cannot take the file (a full disk): the writer's failure names the file and the reason. */
    @Test
    void aFullDeviceIsAnOutputFailure() throws Exception {
        Path full = Path.of("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(full), "no /dev/full here");
        try (TraceIndex source = TraceReader.read(source("full.jfr", POOLED), null)) {
            RecordingWriter w = new RecordingWriter(source, full);
            io.jtrace.format.OutputFailedException e = org.junit.jupiter.api.Assertions.assertThrows(
                    io.jtrace.format.OutputFailedException.class, w::close);
            assertEquals("cannot write /dev/full: no space left on device", e.problemLine());
        }
    }

    /**
     * A write that fails part-way (a full disk, over a megabyte in): the failure comes out of the
     * event that made the write, and closing the writer then writes nothing more.
     */
    @Test
    void aWriteThatFailsPartWayIsTheLastWrite() throws Exception {
        Path full = Path.of("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(full), "no /dev/full here");
        try (TraceIndex source = TraceReader.read(source("partway.jfr", POOLED), null)) {
            io.jtrace.model.MethodInfo m = source.symbols().method(1);
            io.jtrace.model.ThreadInfo t = new io.jtrace.model.ThreadInfo(1, "main", false, 0);
            RecordingWriter w = new RecordingWriter(source, full);
            io.jtrace.format.OutputFailedException e = org.junit.jupiter.api.Assertions.assertThrows(
                    io.jtrace.format.OutputFailedException.class, () -> {
                        for (long i = 0; i < 2_000_000; i++) {
                            w.event(new io.jtrace.model.MethodCall(t, i * 1_000, 0, m, 500, io.jtrace.model.ExitKind.RETURN, null));
                        }
                    });
            assertEquals("cannot write /dev/full: no space left on device", e.problemLine());
            w.close(); // closes the file, writes nothing more, says nothing more
        }
    }
}
