package io.jtrace.write.jfr;

import io.jtrace.analysis.Events;
import io.jtrace.model.CodeSite;
import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExitKind;
import io.jtrace.model.LineExecuted;
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
        Path file = dir.resolve("out.jfr");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            JfrTraceWriter w = new JfrTraceWriter(out, EnumSet.allOf(JfrTraceWriter.Events.class), chunkBytes);
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
        assertEquals("app.Account.debit < app.Bank.transfer < app.Main.main", frames(debit));
        assertFalse(debit.getStackTrace().isTruncated());
        RecordedFrame top = debit.getStackTrace().getFrames().get(0);
        assertEquals("debit", top.getMethod().getName());
        assertEquals("()V", top.getMethod().getDescriptor());
        assertEquals(-1, top.getLineNumber());

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
            assertEquals(List.of("jtrace.ExceptionCaught", "jtrace.ExceptionSuppressed", "jtrace.ExceptionThrown",
                    "jtrace.ExceptionUncaught", "jtrace.ExceptionUnwound", "jtrace.FinallyEntered", "jtrace.Line",
                    "jtrace.MethodCall", "jtrace.Recording", "jtrace.RecordsLost", "jtrace.VariableAccess"), names);
            for (EventType t : types) {
                assertNotNull(t.getLabel(), t.getName());
                assertNotNull(t.getDescription(), t.getName());
                assertEquals(List.of("jtrace"), t.getCategoryNames(), t.getName());
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
        }
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
