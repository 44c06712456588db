package io.jtrace.read.jfr;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.Map;
import java.util.TreeMap;

import io.jtrace.read.TraceReader;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link BatchScanner} finds, batch by batch, what the JDK's {@link RecordingFile} finds (same
 * payloads, threads, sequence numbers...) in recordings written by JDK 17 and JDK 25, whole,
 * multi-chunk and cut short.
 */
class BatchScannerTest {
    @TempDir
    static Path dir;
    /** The recording made by the JDK running the tests (in this JVM). */
    static Path jdk17;
    /** By major version: one recording per JDK found (see {@link Jdk#all}), each written by that JDK. */
    static final Map<Integer, Path> BY_JDK = new TreeMap<>();

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    @BeforeAll
    static void record() throws Exception {
        jdk17 = dir.resolve("jdk" + Runtime.version().feature() + ".jfr");
        BatchRecordingMaker.make(jdk17);
        BY_JDK.put(Runtime.version().feature(), jdk17);
        String cp = classPathOf(BatchRecordingMaker.class) + File.pathSeparator
                + classPathOf(io.jtrace.events.TraceBatchEvent.class);
        for (Jdk jdk : Jdk.all()) {
            if (BY_JDK.containsKey(jdk.major())) continue;
            Path file = dir.resolve("jdk" + jdk.major() + ".jfr");
            Path log = dir.resolve("jdk" + jdk.major() + ".log");
            Process p = new ProcessBuilder(jdk.java().toString(), "-cp", cp, BatchRecordingMaker.class.getName(), file.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), jdk + ": maker hung");
            assertEquals(0, p.exitValue(), () -> read(log));
            BY_JDK.put(jdk.major(), file);
        }
    }

    private static String classPathOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** One batch as text; the payload by its length and hash so a failure message stays short. */
    private static String describe(long threadId, String threadName, boolean virtual, long sequence, long base, int depth,
                                   int records, String payload) {
        String p = payload == null ? "" : payload;
        return threadId + "/" + threadName + "/" + virtual + "/" + sequence + "/" + base + "/" + depth + "/" + records
                + "/" + p.length() + "#" + p.hashCode();
    }

    private record Found(List<String> batches, List<String> definitions, BatchScanner.Result result) {}

    private static String describeDefinition(int id, String className, String method, String descriptor, String source,
                                             int line, int modifiers) {
        return id + "/" + className + "/" + method + "/" + descriptor + "/" + source + "/" + line + "/" + modifiers;
    }

    private static Found scan(Path file) throws IOException {
        List<String> list = new ArrayList<>();
        List<String> definitions = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(file)) {
            BatchScanner.Result result = BatchScanner.scan(file, new BatchScanner.Listener() {
                @Override
                public void event(EventValues e) {
                    definitions.add(describeDefinition(e.getInt("methodId"), e.getString("className"),
                            e.getString("methodName"), e.getString("descriptor"), e.getString("sourceFile"),
                            e.getInt("line"), e.getInt("modifiers")));
                }

                @Override
                public void batch(BatchEvent e) throws IOException {
                    String payload = e.payloadText;
                    if (e.payloadOffset >= 0) {
                        ByteBuffer b = ByteBuffer.allocate(e.payloadLength);
                        while (b.hasRemaining()) ch.read(b, e.payloadOffset + b.position());
                        payload = new String(b.array(), StandardCharsets.ISO_8859_1);
                    }
                    list.add(describe(e.threadId, e.threadName, e.virtualThread, e.sequence, e.baseNanos, e.startDepth,
                            e.recordCount, payload));
                }
            }, null, java.util.Set.of(io.jtrace.events.MethodDefinitionEvent.NAME));
            return new Found(list, definitions, result);
        }
    }

    /** What the JDK's reader finds, up to where it fails. */
    private static List<String> jdk(Path file) {
        List<String> list = new ArrayList<>();
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                if (!e.getEventType().getName().equals(BatchLayout.EVENT_NAME)) continue;
                list.add(describe(e.getLong("threadId"), e.getString("threadName"), e.getBoolean("virtualThread"),
                        e.getLong("sequence"), e.getLong("baseNanos"), e.getInt("startDepth"), e.getInt("recordCount"),
                        e.getString("payload")));
            }
        } catch (IOException | RuntimeException e) {
            // damaged: what was read so far
        }
        return list;
    }

    /** The method definitions as the JDK reads them. */
    private static List<String> jdkDefinitions(Path file) throws IOException {
        List<String> list = new ArrayList<>();
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                if (!e.getEventType().getName().equals(io.jtrace.events.MethodDefinitionEvent.NAME)) continue;
                list.add(describeDefinition(e.getInt("methodId"), e.getString("className"), e.getString("methodName"),
                        e.getString("descriptor"), e.getString("sourceFile"), e.getInt("line"), e.getInt("modifiers")));
            }
        }
        return list;
    }

    private static void assertSameAsJdk(Path file) throws IOException {
        Found found = scan(file);
        assertEquals(jdkDefinitions(file), found.definitions());
        // the maker's own (a test that ran the runtime earlier in this JVM left its definitions to be written in every chunk)
        assertEquals(3 * BatchRecordingMaker.DEFINITIONS, found.definitions().stream().filter(d -> d.contains("/m\u00e9thode")).count());
        assertNull(found.result().damage());
        assertEquals(BatchRecordingMaker.BATCHES, found.batches().size());
        assertSameBatches(jdk(file), found.batches(), file.toString());
        assertTrue(found.result().chunks() >= 3, "chunks: " + found.result().chunks());
    }

    /** Equal lists, or a short message naming the first difference. */
    private static void assertSameBatches(List<String> expected, List<String> actual, String what) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            assertEquals(expected.get(i), actual.get(i), what + ": batch " + i);
        }
        assertEquals(expected.size(), actual.size(), what + ": batches");
    }

    /** On a recording written by each JDK found (17 and 25 here), as the e2e tests run on each. */
    @ParameterizedTest
    @MethodSource("jdks")
    void findsWhatTheJdkFinds(Jdk jdk) throws IOException {
        assertSameAsJdk(BY_JDK.get(jdk.major()));
    }

    @Test
    void aCutRecordingGivesTheBatchesBeforeTheCutAndSaysWhy() throws IOException {
        for (Path original : BY_JDK.values()) {
            long size = Files.size(original);
            List<String> whole = scan(original).batches();
            for (long cut : new long[] {size - 10, size / 2, size / 3, 200, 30}) {
                Path file = dir.resolve("cut-" + cut + "-" + original.getFileName());
                try (FileChannel in = FileChannel.open(original); FileChannel out = FileChannel.open(file,
                        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE)) {
                    in.transferTo(0, cut, out);
                }
                Found found = scan(file);
                String what = file + ": " + found.result();
                assertNotNull(found.result().damage(), what);
                // the batches before the cut, in file order: at least those the JDK reads (it may
                // stop earlier in a chunk whose end is cut off)
                List<String> jdk = jdk(file);
                assertTrue(found.batches().size() >= jdk.size(), what + " finds fewer batches than the JDK: " + jdk.size());
                assertSameBatches(whole.subList(0, found.batches().size()), found.batches(), what);
                assertSameBatches(whole.subList(0, jdk.size()), jdk, what + " (JDK)");
            }
        }
    }

    /**
     * A definition's fields are decoded while its listener asks for them: a damaged one is the
     * file's damage (the batches before it kept), not a failure of the listener; a listener that
     * stops at the first field (a method already defined) leaves the rest unread, and the scan
     * goes on by the event's size.
     */
    @Test
    void aDamagedDefinitionFieldIsDamageAndUnreadFieldsAreSteppedOver() throws IOException {
        byte[] bytes = Files.readAllBytes(jdk17);
        byte[] sourceFile = {JfrStrings.CHAR_ARRAY, 6, 'B', '.', 'j', 'a', 'v', 'a'}; // "B.java", as JFR writes short strings
        int at = indexOf(bytes, sourceFile);
        assertTrue(at > 0, "no inline \"B.java\" in " + jdk17);
        bytes[at] = 9;
        Path file = dir.resolve("bad-source-file.jfr");
        Files.write(file, bytes);
        Found found = scan(file);
        assertEquals("unknown string encoding 9 at byte " + at, found.result().damage());
        List<String> whole = scan(jdk17).batches();
        assertSameBatches(whole.subList(0, found.batches().size()), found.batches(), file.toString());

        List<Integer> ids = new ArrayList<>();
        List<EventValues> kept = new ArrayList<>();
        BatchScanner.Result firstFieldOnly = BatchScanner.scan(jdk17, new BatchScanner.Listener() {
            @Override
            public void batch(BatchEvent e) {
            }

            @Override
            public void event(EventValues e) {
                ids.add(e.getInt("methodId"));
                kept.add(e);
            }
        }, null, java.util.Set.of(io.jtrace.events.MethodDefinitionEvent.NAME));
        assertNull(firstFieldOnly.damage());
        assertEquals(scan(jdk17).definitions().size(), ids.size()); // every definition, as the full read finds them
        List<Integer> jdkIds = new ArrayList<>();
        try (RecordingFile rf = new RecordingFile(jdk17)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                if (e.getEventType().getName().equals(io.jtrace.events.MethodDefinitionEvent.NAME)) jdkIds.add(e.getInt("methodId"));
            }
        }
        assertEquals(jdkIds, ids);
        assertThrows(IllegalStateException.class, () -> kept.get(0).getString("className"), "read after its listener returned");
    }

    private static int indexOf(byte[] bytes, byte[] pattern) {
        for (int i = 0; i + pattern.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length)) return i;
        }
        return -1;
    }

    @Test
    void aNewerJfrVersionIsAClearError() throws IOException {
        Path file = dir.resolve("v9.jfr");
        byte[] bytes = Files.readAllBytes(jdk17);
        bytes[4] = 0;
        bytes[5] = 9; // major version 9
        Files.write(file, bytes);
        BatchScanner.UnsupportedRecordingException e = assertThrows(BatchScanner.UnsupportedRecordingException.class,
                () -> BatchScanner.scan(file, null, null, java.util.Set.of()));
        assertTrue(e.getMessage().contains("version 9.") , e.getMessage());
        io.jtrace.read.UnreadableRecordingException u = assertThrows(io.jtrace.read.UnreadableRecordingException.class, () -> TraceReader.read(file, null));
        assertEquals("cannot read " + file + ": it has JFR file version 9." + (bytes[6] << 8 | bytes[7])
                + ", which this jtrace cannot read (it reads 1.x and 2.x): it was written by a newer JDK", u.getMessage());
    }

    /** JFR's magic number followed by anything: not blamed on a newer JDK. */
    @Test
    void aVersionNoJdkWritesIsADamagedFile() throws IOException {
        Path file = dir.resolve("fake.jfr");
        Files.write(file, "FLR\0garbage-garbage-garbage-garbage-garbage-garbage-garbage-garbage-garbage".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        io.jtrace.read.UnreadableRecordingException u = assertThrows(io.jtrace.read.UnreadableRecordingException.class, () -> TraceReader.read(file, null));
        assertEquals("cannot read " + file + ": it starts like a JFR recording but has JFR file version 26465.29282, which no JDK writes:"
                + " the file is damaged, or not a recording", u.getMessage());
    }
}
