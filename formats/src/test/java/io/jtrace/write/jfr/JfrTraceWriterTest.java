package io.jtrace.write.jfr;

import io.jtrace.analysis.Events;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.model.CodeSite;
import io.jtrace.model.EventKind;
import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExitKind;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;
import jdk.jfr.EventType;
import jdk.jfr.ValueDescriptor;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The expanded recording read back with the JDK's own reader: types, annotations, fields, threads, times, stacks. */
class JfrTraceWriterTest {
    private static final long ORIGIN = 1_700_000_000_123_456_789L;

    @TempDir
    Path dir;

    private Path write(List<TraceEvent> events, long chunkBytes) throws IOException {
        return write(events, chunkBytes, null);
    }

    private Path write(List<TraceEvent> events, long chunkBytes, MethodStatistics estimates) throws IOException {
        Path file = dir.resolve("out.jfr");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            JfrTraceWriter w = new JfrTraceWriter(out, EnumSet.allOf(EventKind.class), chunkBytes);
            if (estimates != null) w.estimates(estimates::untimedEstimateNanos);
            w.begin(new RecordingInfo("in.jfr", ORIGIN, List.of(), events.size()));
            for (TraceEvent e : events) w.event(e);
            w.end();
        }
        return file;
    }

    private static List<RecordedEvent> read(Path file, String type) throws IOException {
        return RecordingFile.readAllEvents(file).stream().filter(e -> e.getEventType().getName().equals(type))
                .collect(Collectors.toList());
    }

    private static String frames(RecordedEvent e) {
        return e.getStackTrace().getFrames().stream()
                .map(f -> f.getMethod().getType().getName() + "." + f.getMethod().getName())
                .collect(Collectors.joining(" < "));
    }

    @Test
    void callsKeepTheirThreadTimesOutcomeAndStack() throws IOException {
        Events main = new Events(1, "main");
        main.enter("app.Main.main", 100).enter("app.Bank.transfer", 150).enter("app.Account.debit", 160).exit(190)
                .enter("app.Account.credit", 200).exit(230, ExitKind.EXCEPTION).exit(260, ExitKind.EXCEPTION).exit(1000);
        Events worker = new Events(2, "worker-1");
        worker.enter("app.Worker.run", 500).exit(700);
        List<TraceEvent> all = new ArrayList<>(main.list());
        all.addAll(worker.list());
        Path file = write(all, JfrTraceWriter.CHUNK_BYTES);

        List<RecordedEvent> calls = read(file, "jtrace.MethodCall");
        assertEquals(5, calls.size());
        RecordedEvent debit = calls.get(0);
        assertEquals("app.Account", debit.<jdk.jfr.consumer.RecordedMethod>getValue("method").getType().getName());
        assertEquals(Instant.ofEpochSecond(0, ORIGIN + 160), debit.getStartTime());
        assertEquals(30, debit.getDuration().toNanos());
        assertEquals("return", debit.getString("outcome"));
        assertNull(debit.getString("exception"));
        assertEquals(2, debit.getInt("depth"));
        assertEquals("main", debit.getThread().getJavaName());
        assertEquals(1, debit.getThread().getJavaThreadId());
        assertEquals(2, debit.getThread().getOSThreadId()); // its ordinal + 1: JMC tells threads apart by it
        assertEquals("app.Account.debit < app.Bank.transfer < app.Main.main", frames(debit));
        assertFalse(debit.getStackTrace().isTruncated());
        RecordedFrame top = debit.getStackTrace().getFrames().get(0);
        assertEquals("debit", top.getMethod().getName());
        assertEquals("()V", top.getMethod().getDescriptor());
        assertEquals(0, top.getLineNumber()); // not recorded
        assertEquals(0, top.getBytecodeIndex());

        RecordedEvent credit = calls.get(1);
        assertEquals("exception", credit.getString("outcome"));
        assertEquals("java.lang.IllegalStateException", credit.getString("exception"));
        assertEquals(42, credit.getLong("exceptionId"));
        RecordedEvent transfer = calls.get(2);
        assertEquals("app.Bank.transfer < app.Main.main", frames(transfer));
        assertEquals(Instant.ofEpochSecond(0, ORIGIN + 150), transfer.getStartTime());
        assertEquals(110, transfer.getDuration().toNanos());
        RecordedEvent run = calls.get(4);
        assertEquals("worker-1", run.getThread().getJavaName());
        assertEquals(3, run.getThread().getOSThreadId());
        assertEquals("app.Worker.run", frames(run));

        List<RecordedEvent> unwound = read(file, "jtrace.ExceptionUnwound");
        assertEquals(2, unwound.size());
        assertEquals("credit", unwound.get(0).<jdk.jfr.consumer.RecordedMethod>getValue("method").getName());
        assertEquals(Instant.ofEpochSecond(0, ORIGIN + 230), unwound.get(0).getStartTime());
        assertEquals("app.Account.credit < app.Bank.transfer < app.Main.main", frames(unwound.get(0)));

        RecordedEvent recording = read(file, "jtrace.Recording").get(0);
        assertEquals("in.jfr", recording.getString("source"));
        assertEquals(ORIGIN, recording.getLong("clockOrigin"));
    }

    @Test
    void everyTypeAndFieldIsLabelledAndDescribed() throws IOException {
        Events main = new Events(1, "main");
        main.enter("app.Main.main", 100).exit(200);
        Path file = write(main.list(), JfrTraceWriter.CHUNK_BYTES);
        try (RecordingFile f = new RecordingFile(file)) {
            List<EventType> types = f.readEventTypes();
            List<String> names = types.stream().map(EventType::getName).sorted().collect(Collectors.toList());
            assertEquals(List.of("jdk.JavaErrorThrow", "jdk.JavaExceptionThrow", "jtrace.ExceptionCaught", "jtrace.ExceptionSuppressed", "jtrace.ExceptionThrown",
                    "jtrace.ExceptionUncaught", "jtrace.ExceptionUnwound", "jtrace.FinallyEntered", "jtrace.Line",
                    "jtrace.MethodCall", "jtrace.Recording", "jtrace.RecordsLost", "jtrace.VariableAccess"), names);
            for (EventType t : types) {
                assertNotNull(t.getLabel(), t.getName());
                assertNotNull(t.getDescription(), t.getName());
                assertEquals(List.of(t.getName().startsWith("jdk.") ? "Java Application" : "jtrace"), t.getCategoryNames(), t.getName());
                for (ValueDescriptor v : t.getFields()) {
                    assertNotNull(v.getLabel(), t.getName() + "." + v.getName());
                    if (!v.getName().equals("startTime") && !v.getName().equals("duration")) {
                        assertNotNull(v.getDescription(), t.getName() + "." + v.getName());
                    }
                }
            }
            EventType call = types.stream().filter(t -> t.getName().equals("jtrace.MethodCall")).findFirst().orElseThrow();
            assertEquals("jdk.jfr.Timestamp", call.getField("startTime").getContentType());
            assertEquals("jdk.jfr.Timespan", call.getField("duration").getContentType());
            assertEquals("jdk.types.Method", call.getField("method").getTypeName());
            assertEquals("java.lang.Thread", call.getField("eventThread").getTypeName());
            assertEquals("jdk.types.StackTrace", call.getField("stackTrace").getTypeName());
            assertEquals("jdk.jfr.Timespan", call.getField("selfTime").getContentType());
            assertEquals("jdk.jfr.Timespan", call.getField("estimatedDuration").getContentType());
            assertEquals("boolean", call.getField("timed").getTypeName());
            // the JDK's own layouts, which JDK Mission Control reads by position
            ValueDescriptor frames = call.getField("stackTrace").getFields().get(1);
            assertEquals(List.of("method", "lineNumber", "bytecodeIndex", "type"),
                    frames.getFields().stream().map(ValueDescriptor::getName).collect(Collectors.toList()));
            assertEquals(List.of("osName", "osThreadId", "javaName", "javaThreadId", "group", "virtual"),
                    call.getField("eventThread").getFields().stream().map(ValueDescriptor::getName).collect(Collectors.toList()));
            EventType thrown = types.stream().filter(t -> t.getName().equals("jdk.JavaExceptionThrow")).findFirst().orElseThrow();
            assertEquals(List.of("startTime", "eventThread", "stackTrace", "message", "thrownClass"),
                    thrown.getFields().stream().map(ValueDescriptor::getName).collect(Collectors.toList()));
        }
    }

    /**
     * An untimed call: no duration, at the time of its exit, {@code timed} false, summary's
     * estimate in a field of its own; timed calls carry their measured self time.
     */
    @Test
    void untimedCallsAreMarkedAndCarrySummarysEstimate() throws IOException {
        ThreadInfo t = new ThreadInfo(1, "main", false, 0);
        MethodInfo main = new MethodInfo(1, "app.Main", "main", "()V", "Main.java", 1, 9);
        MethodInfo get = new MethodInfo(2, "app.Box", "get", "()I", "Box.java", 5, 1);
        MethodInfo tiny = new MethodInfo(3, "app.Box", "tiny", "()V", "Box.java", 9, 1);
        List<TraceEvent> events = List.of(
                new MethodEnter(t, 100, 0, main),
                new MethodCall(t, 110, 1, get, 20, ExitKind.RETURN, null),
                new MethodCall(t, 135, 1, tiny, 5, ExitKind.RETURN, null),
                new MethodCall(t, 140, 1, get, 0, ExitKind.RETURN_UNTIMED, null),
                new MethodExit(t, 200, 0, main, 100, ExitKind.RETURN, null));
        MethodStatistics stats = new MethodStatistics(3);
        for (TraceEvent e : events) stats.accept(e);
        long estimate = stats.untimedEstimateNanos(get);
        assertEquals(15, estimate); // get's timed call (20) less the shortest timed leaf call (5), as summary has it
        Path file = write(events, JfrTraceWriter.CHUNK_BYTES, stats);

        List<RecordedEvent> calls = read(file, "jtrace.MethodCall");
        assertEquals(4, calls.size());
        RecordedEvent timedGet = calls.get(0);
        assertTrue(timedGet.getBoolean("timed"));
        assertEquals(20, timedGet.getDuration().toNanos());
        assertEquals(20, timedGet.getLong("selfTime"));
        assertEquals(0, timedGet.getLong("estimatedDuration"));
        RecordedEvent untimed = calls.get(2);
        assertEquals("get", untimed.<jdk.jfr.consumer.RecordedMethod>getValue("method").getName());
        assertFalse(untimed.getBoolean("timed"));
        assertEquals(0, untimed.getDuration().toNanos());
        assertEquals(Instant.ofEpochSecond(0, ORIGIN + 140), untimed.getStartTime());
        assertEquals(0, untimed.getLong("selfTime"));
        assertEquals(estimate, untimed.getLong("estimatedDuration"));
        assertEquals("return", untimed.getString("outcome"));
        RecordedEvent outer = calls.get(3);
        assertEquals(100, outer.getDuration().toNanos());
        assertEquals(75, outer.getLong("selfTime")); // less its timed callees; the untimed one's time stays in it

        Path unestimated = write(events, JfrTraceWriter.CHUNK_BYTES, null);
        assertEquals(0, read(unestimated, "jtrace.MethodCall").get(2).getLong("estimatedDuration"));
    }

    /**
     * Chunks follow one another: each begins where the last ended, they add up to the trace's
     * span, and every event of a chunk ends no earlier than every event of the chunk before (what
     * {@code jfr print}, sorting each chunk by end time, needs) even with a long call that has no
     * traced callees (its event is written at its start's turn, and ends later than the events
     * that follow it).
     */
    @Test
    void chunksFollowOneAnotherInTime() throws IOException {
        ThreadInfo a = new ThreadInfo(1, "a", false, 0);
        ThreadInfo b = new ThreadInfo(2, "b", false, 1);
        MethodInfo main = new MethodInfo(1, "app.Main", "main", "()V", "Main.java", 1, 9);
        MethodInfo sleep = new MethodInfo(2, "app.Slow", "sleep", "()V", "Slow.java", 1, 9);
        MethodInfo work = new MethodInfo(3, "app.Fast", "work", "()V", "Fast.java", 1, 9);
        List<TraceEvent> events = new ArrayList<>();
        events.add(new MethodEnter(a, 1000, 0, main));
        // its end holds the first cut back past 16 KB of the other thread's events (not past ChunkWriter.LATE_CUT)
        events.add(new MethodCall(a, 1010, 1, sleep, 200_000, ExitKind.RETURN, null));
        for (long t = 1020; t < 6_000_000; t += 100) events.add(new MethodCall(b, t, 0, work, 50, ExitKind.RETURN, null));
        events.add(new MethodExit(a, 7_000_000, 0, main, 6_999_000, ExitKind.RETURN, null));
        Path file = write(events, 16 * 1024);

        List<long[]> chunks = chunkHeaders(file);
        assertTrue(chunks.size() > 5, "chunks: " + chunks.size());
        long total = 0;
        for (int i = 0; i < chunks.size(); i++) {
            if (i > 0) assertEquals(chunks.get(i - 1)[0] + chunks.get(i - 1)[1], chunks.get(i)[0], "chunk " + i + " start");
            total += chunks.get(i)[1];
        }
        assertEquals(ORIGIN + 1000, chunks.get(0)[0]);
        assertEquals(7_000_000 - 1000, total);

        // in file order, a chunk's events end with its jtrace.Recording event
        List<List<Long>> ends = new ArrayList<>(List.of(new ArrayList<>()));
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().equals("jtrace.Recording")) {
                ends.add(new ArrayList<>());
                continue;
            }
            Instant end = e.getEndTime();
            ends.get(ends.size() - 1).add(end.getEpochSecond() * 1_000_000_000L + end.getNano());
        }
        ends.remove(ends.size() - 1);
        assertEquals(chunks.size(), ends.size());
        for (int i = 1; i < ends.size(); i++) {
            long before = ends.get(i - 1).stream().mapToLong(Long::longValue).max().orElse(Long.MIN_VALUE);
            long after = ends.get(i).stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
            assertTrue(before <= after, "chunk " + i + " has an event ending at " + after + ", before chunk " + (i - 1) + "'s end " + before);
        }
        assertEquals(events.size() - 1, read(file, "jtrace.MethodCall").size());
    }

    /** Each chunk header's start (nanoseconds since 1970) and duration, in file order. */
    private static List<long[]> chunkHeaders(Path file) throws IOException {
        List<long[]> headers = new ArrayList<>();
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(Files.readAllBytes(file));
        for (int at = 0; at < bytes.limit(); ) {
            assertEquals(0x464c5200, bytes.getInt(at));
            long size = bytes.getLong(at + 8);
            headers.add(new long[] {bytes.getLong(at + 32), bytes.getLong(at + 40)});
            at += (int) size;
        }
        return headers;
    }

    /** An exception that starts its journey is also the JDK's exception or error event, with the traced stack; a rethrow is not. */
    @Test
    void thrownExceptionsAreAlsoTheJdksExceptionEvents() throws IOException {
        ThreadInfo t = new ThreadInfo(3, "worker", false, 0);
        MethodInfo m = new MethodInfo(1, "app.Calc", "sum", "(I)I", "Calc.java", 10, 9);
        ExceptionRef state = new ExceptionRef("java.lang.IllegalStateException", 5);
        List<TraceEvent> events = List.of(
                new MethodEnter(t, 10, 0, m),
                new ExceptionThrown(t, 20, 1, state, "bad state", 0, ThrowKind.THROWN, CodeSite.of(m, 12), null),
                new ExceptionThrown(t, 30, 1, state, "bad state", 0, ThrowKind.RETHROWN, CodeSite.of(m, 13), null),
                new ExceptionThrown(t, 40, 1, new ExceptionRef("java.lang.StackOverflowError", 6), null, 0, ThrowKind.RAISED_BY_JVM,
                        CodeSite.of(m, 14), null),
                new ExceptionThrown(t, 50, 1, new ExceptionRef("app.ConfigurationError", 7), "no config", 0, ThrowKind.IN_UNTRACED_CODE,
                        null, CodeSite.of(m, 15)),
                new MethodExit(t, 60, 0, m, 50, ExitKind.RETURN, null));
        Path file = write(events, JfrTraceWriter.CHUNK_BYTES);

        List<RecordedEvent> exceptions = read(file, "jdk.JavaExceptionThrow");
        assertEquals(1, exceptions.size());
        RecordedEvent e = exceptions.get(0);
        assertEquals("java.lang.IllegalStateException", e.getClass("thrownClass").getName());
        assertEquals("bad state", e.getString("message"));
        assertEquals(Instant.ofEpochSecond(0, ORIGIN + 20), e.getStartTime());
        assertEquals("app.Calc.sum", frames(e));
        assertEquals("worker", e.getThread().getJavaName());
        List<RecordedEvent> errors = read(file, "jdk.JavaErrorThrow");
        assertEquals(List.of("java.lang.StackOverflowError", "app.ConfigurationError"),
                errors.stream().map(x -> x.getClass("thrownClass").getName()).collect(Collectors.toList()));
        assertNull(errors.get(0).getString("message"));
        assertEquals("no config", errors.get(1).getString("message"));
        assertEquals(4, read(file, "jtrace.ExceptionThrown").size());
    }

    @Test
    void exceptionVariableLineAndLostEventsCarryTheirFields() throws IOException {
        ThreadInfo t = new ThreadInfo(7, "vt", true, 0);
        MethodInfo m = new MethodInfo(1, "app.Calc", "sum", "(I)I", "Calc.java", 10, 9);
        MethodInfo callee = new MethodInfo(2, "app.Calc", "check", "()V", "Calc.java", 20, 9);
        ExceptionRef x = new ExceptionRef("java.io.IOException", 77);
        CodeSite site = CodeSite.of(m, 12);
        VariableInfo local = new VariableInfo(3, 1, VariableKind.LOCAL, "total", "I", 2, "", 11, true, false);
        List<TraceEvent> events = List.of(
                new io.jtrace.model.MethodEnter(t, 10, 0, m),
                new LineExecuted(t, 11, 1, m, 11),
                new VariableAccess(t, 12, 1, m, local, 0, 0, -1, Value.ofLong(55)),
                new io.jtrace.model.MethodCall(t, 13, 1, callee, 2, ExitKind.RETURN, null),
                new ExceptionThrown(t, 20, 1, x, "disk full", 0, ThrowKind.THROWN, site, null),
                new ExceptionCaught(t, 25, 1, x, CodeSite.of(m, 14), "java.io.IOException"),
                new io.jtrace.model.RecordsLost(t, 30, 3, 2),
                new io.jtrace.model.MethodExit(t, 40, 2, callee, 5, ExitKind.RETURN, null),
                new io.jtrace.model.MethodExit(t, 50, 0, m, 40, ExitKind.UNFINISHED, null));
        Path file = write(events, JfrTraceWriter.CHUNK_BYTES);

        RecordedEvent line = read(file, "jtrace.Line").get(0);
        assertEquals(11, line.getInt("line"));
        assertEquals("app.Calc.sum", frames(line));
        assertTrue(line.getThread().getBoolean("virtual"));
        RecordedEvent v = read(file, "jtrace.VariableAccess").get(0);
        assertEquals("total", v.getString("variable"));
        assertEquals("write", v.getString("access"));
        assertEquals("55", v.getString("value"));
        assertEquals("int", v.getString("valueKind"));
        assertEquals("sum", v.<jdk.jfr.consumer.RecordedMethod>getValue("method").getName());
        RecordedEvent thrown = read(file, "jtrace.ExceptionThrown").get(0);
        assertEquals("java.io.IOException", thrown.getString("exception"));
        assertEquals(77, thrown.getLong("exceptionId"));
        assertEquals("disk full", thrown.getString("message"));
        assertEquals("thrown", thrown.getString("how"));
        assertEquals("app.Calc.sum(int):12", thrown.getString("site"));
        assertNull(thrown.getString("surfacedAt"));
        assertEquals(Instant.ofEpochSecond(0, ORIGIN + 20), thrown.getStartTime());
        RecordedEvent caught = read(file, "jtrace.ExceptionCaught").get(0);
        assertEquals("java.io.IOException", caught.getString("declaredType"));
        assertEquals(2, read(file, "jtrace.RecordsLost").get(0).getLong("batches"));

        List<RecordedEvent> calls = read(file, "jtrace.MethodCall");
        assertEquals(3, calls.size());
        RecordedEvent afterGap = calls.get(1); // exited at depth 2 after a gap: the frame below it is unknown
        assertEquals("app.Calc.check", frames(afterGap));
        assertTrue(afterGap.getStackTrace().isTruncated());
        assertEquals("unfinished", calls.get(2).getString("outcome"));
    }

    @Test
    void aLongTraceSpansChunksAndDeepStacksKeepTheirInnermostFrames() throws IOException {
        Events main = new Events(1, "main");
        long t = 0;
        for (int i = 0; i < 100; i++) main.enter("deep.Rec.level" + i, t++);
        for (int i = 0; i < 20_000; i++) main.enter("leaf.L.m" + (i % 300), t++).exit(t++);
        for (int i = 0; i < 100; i++) main.exit(t++);
        Path file = write(main.list(), 64 * 1024);
        List<RecordedEvent> calls = read(file, "jtrace.MethodCall");
        assertEquals(20_100, calls.size());
        int chunks = 0;
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i + 4 <= bytes.length; i++) if (bytes[i] == 'F' && bytes[i + 1] == 'L' && bytes[i + 2] == 'R' && bytes[i + 3] == 0) chunks++;
        assertTrue(chunks > 10, "chunks: " + chunks);
        long previous = -1;
        for (int i = 0; i < 20_000; i++) {
            RecordedEvent leaf = calls.get(i);
            assertEquals(64, leaf.getStackTrace().getFrames().size());
            assertTrue(leaf.getStackTrace().isTruncated());
            assertEquals("m" + (i % 300), leaf.getStackTrace().getFrames().get(0).getMethod().getName());
            assertEquals("level99", leaf.getStackTrace().getFrames().get(1).getMethod().getName());
            long start = leaf.getStartTime().getEpochSecond() * 1_000_000_000L + leaf.getStartTime().getNano() - ORIGIN;
            assertTrue(start > previous);
            previous = start;
        }
        RecordedEvent outermost = calls.get(calls.size() - 1);
        assertEquals("level0", outermost.getStackTrace().getFrames().get(0).getMethod().getName());
        assertFalse(outermost.getStackTrace().isTruncated());
    }
}
