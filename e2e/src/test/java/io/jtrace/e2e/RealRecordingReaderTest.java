package io.jtrace.e2e;

import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.read.jfr.BatchEvent;
import io.jtrace.read.jfr.BatchScanner;
import io.jtrace.read.jfr.EventValues;
import io.jtrace.replay.Replay;
import io.jtrace.testing.Jdk;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jtrace's reader on a recording like the ones users make: a real library (JavaParser, from Maven
 * Central) traced whole, so thousands of methods re-defined in every one of many chunks. The
 * reader finds, batch by batch and definition by definition, what the JDK's RecordingFile finds;
 * and one full replay reads the file about once (no seeking back and forth per definition).
 */
@ReadsLargeRecordings // a recording of hundreds of MB, read whole by the JDK's parser
class RealRecordingReaderTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void readsWhatTheJdkReadsAndTheFileOnlyOnce(Jdk jdk) throws Exception {
        Path rec = dir.resolve("parser.jfr");
        List<String> cmd = new ArrayList<>(List.of("run", "-o", rec.toString(), "--", jdk.java().toString(),
                "-XX:FlightRecorderOptions:maxchunksize=1M", "-Drealapps.newChunkEachRound=true",
                "-cp", Jtrace.examplesClassPath(), "realapps.JavaSources",
                // JFR rotates a chunk only when it looks at its size (about once a second on JDK 17, less
                // often on JDK 25: 3 chunks of 126 MB in 7.5 s, 1 chunk in a CI run), so the program also
                // begins a new chunk after each of its rounds
                Jtrace.root().resolve("formats/src/main/java/io/jtrace/analysis").toString(), "3"));
        Jtrace.Result run = Jtrace.jtrace(dir, cmd.toArray(String[]::new));
        assertEquals(0, run.exit(), run::toString);

        List<String> batches = new ArrayList<>();
        List<String> definitions = new ArrayList<>();
        BatchScanner.Result scan;
        try (FileChannel ch = FileChannel.open(rec)) {
            scan = BatchScanner.scan(rec, new BatchScanner.Listener() {
                @Override
                public void batch(BatchEvent e) throws IOException {
                    String payload = e.payloadText;
                    if (e.payloadOffset >= 0) {
                        ByteBuffer b = ByteBuffer.allocate(e.payloadLength);
                        while (b.hasRemaining()) ch.read(b, e.payloadOffset + b.position());
                        payload = new String(b.array(), StandardCharsets.ISO_8859_1);
                    }
                    batches.add(RealRecordingReaderTest.batch(e.threadId, e.threadName, e.sequence, e.baseNanos, e.startDepth, e.recordCount, payload));
                }

                @Override
                public void event(EventValues e) {
                    definitions.add(definition(e.getInt("methodId"), e.getString("className"), e.getString("methodName"),
                            e.getString("descriptor"), e.getString("sourceFile"), e.getInt("line")));
                }
            }, null, Set.of(MethodDefinitionEvent.NAME));
        }
        assertNull(scan.damage());

        List<String> jdkBatches = new ArrayList<>();
        List<String> jdkDefinitions = new ArrayList<>();
        try (RecordingFile rf = new RecordingFile(rec)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                String type = e.getEventType().getName();
                if (type.equals("jtrace.TraceBatch")) {
                    jdkBatches.add(batch(e.getLong("threadId"), e.getString("threadName"), e.getLong("sequence"),
                            e.getLong("baseNanos"), e.getInt("startDepth"), e.getInt("recordCount"), e.getString("payload")));
                } else if (type.equals(MethodDefinitionEvent.NAME)) {
                    jdkDefinitions.add(definition(e.getInt("methodId"), e.getString("className"), e.getString("methodName"),
                            e.getString("descriptor"), e.getString("sourceFile"), e.getInt("line")));
                }
            }
        }
        for (int i = 0; i < Math.min(batches.size(), jdkBatches.size()); i++) {
            assertEquals(jdkBatches.get(i), batches.get(i), "batch " + i);
        }
        assertEquals(jdkBatches.size(), batches.size());
        for (int i = 0; i < Math.min(definitions.size(), jdkDefinitions.size()); i++) {
            assertEquals(jdkDefinitions.get(i), definitions.get(i), "definition " + i); // the first difference: a message of all would be dropped
        }
        assertEquals(jdkDefinitions.size(), definitions.size());
        Set<String> methods = new HashSet<>(definitions);
        assertTrue(scan.chunks() >= 2, "a multi-chunk recording: " + scan.chunks() + " chunks");
        assertTrue(methods.size() >= 2_000, "thousands of methods: " + methods.size());
        assertTrue(definitions.size() >= 3 * methods.size(), "methods re-defined in every chunk: " + definitions.size());

        long size = Files.size(rec);
        for (Replay.Order order : Replay.Order.values()) {
            try (TraceIndex index = TraceReader.read(rec, null)) {
                io.jtrace.analysis.CallAdapter.CallCount count = new io.jtrace.analysis.CallAdapter.CallCount();
                Replay.of(index, index.threads()).order(order).into(count);
                assertTrue(count.calls() > 100_000, "calls: " + count.calls());
                // jtrace run's closing line comes from the agent's own counters: the same numbers
                String closing = String.format(java.util.Locale.ROOT, "jtrace: %,d calls (%,d records) in %s",
                        count.calls(), index.records(), index.threads().size() == 1 ? "1 thread" : index.threads().size() + " threads");
                assertTrue(run.err().contains(closing), () -> "expected '" + closing + "' in " + run.err());
                assertTrue(index.bytesRead() <= size * 1.2, order + ": read " + index.bytesRead() + " bytes of a " + size + "-byte file");
            }
        }
    }

    private static String batch(long thread, String name, long sequence, long base, int depth, int records, String payload) {
        String p = payload == null ? "" : payload;
        return thread + "/" + name + "/" + sequence + "/" + base + "/" + depth + "/" + records + "/" + p.length() + "#" + p.hashCode();
    }

    private static String definition(int id, String cls, String method, String descriptor, String source, int line) {
        return id + " " + cls + "." + method + descriptor + " " + source + ":" + line;
    }
}
