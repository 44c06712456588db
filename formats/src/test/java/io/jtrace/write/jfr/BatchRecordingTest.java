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

    /** A recording JFR wrote in this JVM with one event of each of the agent's types. */
    private Path agentsTypes() throws Exception {
        Path file = dir.resolve("source.jfr");
        try (Recording r = new Recording()) {
            r.start();
            SessionEvent s = new SessionEvent();
            s.nanoOrigin = NANO_ORIGIN;
            s.epochNanosOrigin = EPOCH_ORIGIN;
            s.version = "test";
            s.formatVersion = RecordEncoder.FORMAT;
            s.commit();
            MethodDefinitionEvent m = new MethodDefinitionEvent();
            m.methodId = 1;
            m.className = "a.B";
            m.methodName = "m";
            m.descriptor = "()V";
            m.commit();
            new TypeDefinitionEvent().commit();
            new VariableDefinitionEvent().commit();
            new TracerStatisticsEvent().commit();
            new TraceBatchEvent().commit(); // no records: jtrace's reader skips it
            r.stop();
            r.dump(file);
        }
        return file;
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
}
