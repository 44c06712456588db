package io.jtrace.write.jfr;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.events.TypeDefinitionEvent;
import io.jtrace.events.VariableDefinitionEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.replay.Replay;
import io.jtrace.runtime.RecordEncoder;
import jdk.jfr.EventType;
import jdk.jfr.Recording;
import jdk.jfr.ValueDescriptor;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jtrace's own writer of a jtrace recording, judged by the JDK's parser: its event types are
 * declared as JFR itself declares the agent's, and batches written across several chunks read
 * back, by the JDK and by jtrace, with their fields, times and calls.
 */
class BatchRecordingTest {
    @TempDir
    Path dir;

    private static final long NANO_ORIGIN = 5_000_000_000L;
    private static final long EPOCH_ORIGIN = 1_700_000_000_000_000_000L;

    /** A recording JFR wrote in this JVM: a session at {@link #NANO_ORIGIN}, then {@code events}' events. */
    private Path source(String name, Runnable events) throws Exception {
        Path file = dir.resolve(name);
        try (Recording r = new Recording()) {
            r.start();
            SessionEvent s = new SessionEvent();
            s.nanoOrigin = NANO_ORIGIN;
            s.epochNanosOrigin = EPOCH_ORIGIN;
            s.version = "test";
            s.formatVersion = RecordEncoder.FORMAT;
            s.commit();
            events.run();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private static void method(int id, String className, String name, String descriptor) {
        MethodDefinitionEvent m = new MethodDefinitionEvent();
        m.methodId = id;
        m.className = className;
        m.methodName = name;
        m.descriptor = descriptor;
        m.commit();
    }

    /** A recording JFR wrote in this JVM with one event of each of the agent's types. */
    private Path agentsTypes() throws Exception {
        return source("source.jfr", () -> {
            method(1, "a.B", "m", "()V");
            new TypeDefinitionEvent().commit();
            new VariableDefinitionEvent().commit();
            new TracerStatisticsEvent().commit();
            new TraceBatchEvent().commit(); // no records: jtrace's reader skips it
        });
    }

    private static Map<String, EventType> jtraceTypes(Path file) throws Exception {
        Map<String, EventType> types = new HashMap<>();
        try (RecordingFile f = new RecordingFile(file)) {
            for (EventType t : f.readEventTypes()) if (t.getName().startsWith("jtrace.")) types.put(t.getName(), t);
        }
        return types;
    }

    @Test
    void itsEventTypesAreTheOnesJfrDeclaresForTheAgent() throws Exception {
        Path source = agentsTypes();
        Path out = Files.createFile(dir.resolve("out.jfr"));
        try (TraceIndex index = TraceReader.read(source, null)) {
            new BatchRecording(index, out).close();
        }
        Map<String, EventType> jfr = jtraceTypes(source);
        Map<String, EventType> ours = jtraceTypes(out);
        assertEquals(6, jfr.size(), jfr::toString);
        assertEquals(jfr.keySet(), ours.keySet());
        for (EventType want : jfr.values()) {
            EventType got = ours.get(want.getName());
            assertEquals(want.getLabel(), got.getLabel(), want.getName());
            assertEquals(want.getDescription(), got.getDescription(), want.getName());
            assertEquals(want.getCategoryNames(), got.getCategoryNames(), want.getName());
            for (ValueDescriptor f : want.getFields()) {
                ValueDescriptor g = got.getField(f.getName());
                assertNotNull(g, want.getName() + "." + f.getName());
                assertEquals(f.getTypeName(), g.getTypeName(), want.getName() + "." + f.getName());
                assertEquals(f.getLabel(), g.getLabel(), want.getName() + "." + f.getName());
                if (!f.getName().equals("eventThread") && !f.getName().equals("stackTrace")) { // ours: none
                    assertEquals(f.getDescription(), g.getDescription(), want.getName() + "." + f.getName());
                }
            }
            assertEquals(want.getFields().size(), got.getFields().size(), want.getName());
        }
    }

    @Test
    void batchesAcrossChunksReadBackWithTheirTimesAndCalls() throws Exception {
        Path out = Files.createFile(dir.resolve("chunks.jfr"));
        int perThread = 40;
        List<byte[]> payloads = new ArrayList<>();
        try (TraceIndex index = TraceReader.read(agentsTypes(), null);
             BatchRecording w = new BatchRecording(index, out, 4096)) { // a chunk every few batches
            RecordEncoder e = new RecordEncoder();
            for (long thread = 1; thread <= 2; thread++) {
                for (int i = 0; i < perThread; i++) {
                    long base = NANO_ORIGIN + thread * 1_000 + i * 100_000L;
                    e.reset(base);
                    for (int c = 0; c < 20; c++) { // 20 calls of a.B.m, 1 us each
                        e.enter(1, base + c * 2_000L);
                        e.exit(base + c * 2_000L + 1_000);
                    }
                    payloads.add(java.util.Arrays.copyOf(e.payloadBytes(), e.size()));
                    w.batch(thread, "t" + thread, false, i, base, e.lastNanos(), 0, e.records(), e.payloadBytes(), e.size());
                }
            }
        }

        int batches = 0;
        int definitions = 0;
        try (RecordingFile f = new RecordingFile(out)) {
            while (f.hasMoreEvents()) {
                RecordedEvent e = f.readEvent();
                if (e.getEventType().getName().equals(MethodDefinitionEvent.NAME)) definitions++;
                if (!e.getEventType().getName().equals(TraceBatchEvent.NAME)) continue;
                long thread = e.getLong("threadId");
                long base = e.getLong("baseNanos");
                int i = (int) e.getLong("sequence");
                assertEquals("t" + thread, e.getString("threadName"));
                assertEquals(NANO_ORIGIN + thread * 1_000 + i * 100_000L, base);
                assertEquals(Instant.ofEpochSecond(0, EPOCH_ORIGIN + base - NANO_ORIGIN), e.getStartTime(), "a batch starts at its first record");
                assertEquals(19 * 2_000 + 1_000, e.getDuration().toNanos(), "and ends at its last");
                assertEquals(new String(payloads.get((int) (thread - 1) * perThread + i), java.nio.charset.StandardCharsets.ISO_8859_1),
                        e.getString("payload"));
                batches++;
            }
        }
        assertEquals(2 * perThread, batches);
        assertTrue(definitions >= 3, "the definitions in every chunk: " + definitions + " chunks");

        try (TraceIndex index = TraceReader.read(out, null)) {
            assertEquals(2, index.threads().size());
            assertEquals(0, index.dataLossEvents());
            long[] calls = new long[3];
            Replay.of(index, index.threads()).into(new CallAdapter() {
                @Override
                public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                                 ExceptionRef exception) {
                    assertEquals(1_000, durationNanos);
                    assertEquals(ExitKind.RETURN, kind);
                    assertEquals("a.B", method.className());
                    calls[(int) thread.id()]++;
                }
            });
            assertEquals(20L * perThread, calls[1]);
            assertEquals(20L * perThread, calls[2]);
        }
    }

    /** A source whose definitions alone are more than a chunk (many methods, small chunks). */
    private Path manyMethods(int methods) throws Exception {
        return source("many.jfr", () -> {
            for (int i = 1; i <= methods; i++) {
                method(i, "com.example.some.rather.long.package.name.Type" + i, "method" + i, "(Ljava/lang/String;I)V");
            }
        });
    }

    /**
     * A chunk's size counts its batches, not the definitions it starts with: definitions larger
     * than a chunk once made every batch a chunk of its own, each with all the definitions again.
     */
    @Test
    void definitionsLargerThanAChunkDoNotMultiplyChunks() throws Exception {
        Path out = Files.createFile(dir.resolve("defs.jfr"));
        int batches = 20;
        long batchBytes = 0;
        try (TraceIndex index = TraceReader.read(manyMethods(300), null);
             BatchRecording w = new BatchRecording(index, out, 4096)) {
            RecordEncoder e = new RecordEncoder();
            for (int i = 0; i < batches; i++) {
                long base = NANO_ORIGIN + i * 100_000L;
                e.reset(base);
                for (int c = 0; c < 10; c++) {
                    e.enter(1 + c, base + c * 2_000L);
                    e.exit(base + c * 2_000L + 1_000);
                }
                batchBytes += e.size();
                w.batch(1, "main", false, i, base, e.lastNanos(), 0, e.records(), e.payloadBytes(), e.size());
            }
        }
        long chunks = RecordingFile.readAllEvents(out).stream().filter(ev -> ev.getEventType().getName().equals(SessionEvent.NAME)).count();
        assertTrue(batchBytes < 4096, "the batches fit one chunk: " + batchBytes);
        assertEquals(1, chunks, "one chunk for " + batchBytes + " bytes of batches");
        try (TraceIndex index = TraceReader.read(out, null)) {
            assertEquals(300, index.symbols().methodCount());
            assertEquals(20L * batches, index.records());
        }
    }

    /**
     * The statistics of a filtered recording count its calls and untimed calls, as the agent's do:
     * jtrace run's closing count and query's recordings table read them ({@code RecordingStats}).
     */
    @Test
    void theStatisticsCountTheCallsWritten() throws Exception {
        Path out = Files.createFile(dir.resolve("calls.jfr"));
        try (TraceIndex source = TraceReader.read(agentsTypes(), null)) {
            MethodInfo m = source.symbols().method(1);
            ThreadInfo t = new ThreadInfo(3, "worker", false, 0);
            try (io.jtrace.write.RecordingWriter w = new io.jtrace.write.RecordingWriter(source, out)) {
                long at = 1_000;
                for (int i = 0; i < 5; i++, at += 10_000) {
                    w.event(new io.jtrace.model.MethodCall(t, at, 0, m, 2_000, ExitKind.RETURN, null));
                }
                for (int i = 0; i < 3; i++, at += 10_000) {
                    w.event(new io.jtrace.model.MethodCall(t, at, 0, m, 0, ExitKind.RETURN_UNTIMED, null));
                }
                w.endThread(t);
            }
        }
        io.jtrace.report.RecordingStats stats = io.jtrace.report.RecordingStats.of(out);
        assertEquals(8, stats.calls());
        assertEquals(3, stats.untimedCalls());
        try (TraceIndex index = TraceReader.read(out, null)) {
            assertEquals(3, index.untimedCalls());
        }
    }
}
