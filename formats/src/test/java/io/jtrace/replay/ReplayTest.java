package io.jtrace.replay;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TestBatches;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.read.UnreadableRecordingException;
import io.jtrace.runtime.RecordEncoder;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay engine: handed over from a second thread, interleaved by time, or pulled, it gives the same events. */
class ReplayTest {
    @TempDir
    Path dir;

    /** Two threads, many batches, a lost batch, exceptional exits; optionally a record of an unknown kind. */
    private Path record(boolean unknownKind) throws Exception {
        Path file = dir.resolve("r.jfr");
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(3);
            RecordEncoder enc = new RecordEncoder();
            for (int thread = 1; thread <= 2; thread++) {
                long t = 1_000;
                for (int seq = 0; seq < 40; seq++) {
                    enc.reset(t);
                    for (int i = 0; i < 2_000; i++) {
                        enc.enter(1, t += 3);
                        enc.enter(2 + i % 2, t += 5);
                        if (i % 97 == 0) enc.exitExceptional(t += 7, 1234, 0);
                        else enc.exit(t += 7);
                        enc.exit(t += 11);
                    }
                    if (unknownKind && thread == 2 && seq == 30) enc.encoded(14, 0, t, new byte[0]);
                    if (seq == 20) continue; // lost
                    TraceBatchEvent b = TestBatches.batch(enc, thread, "t" + thread, seq);
                    b.commit();
                }
            }
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private record Collector(List<Object> seen) implements CallVisitor {
        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            seen.add(List.of("enter", thread, nanos, depth, method));
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long d, ExitKind kind, ExceptionRef x) {
            seen.add(List.of("exit", thread, nanos, depth, method, d, kind, String.valueOf(x)));
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long d, ExitKind kind, ExceptionRef x) {
            seen.add(List.of("call", thread, nanos, depth, method, d, kind, String.valueOf(x)));
        }

        @Override
        public void other(TraceEvent e) {
            seen.add(e);
        }
    }

    /** Each thread replayed on the calling thread by the engine itself: the reference. */
    private static List<List<Object>> perThread(TraceIndex index) {
        List<List<Object>> all = new ArrayList<>();
        for (ThreadInfo t : index.threads()) {
            List<Object> events = new ArrayList<>();
            new ThreadReplay(index, index.batchesOf(t), new Collector(events), null).run();
            all.add(events);
        }
        return all;
    }

    /**
     * The two lists of events are equal; if not, the first difference is what fails (a message
     * holding hundreds of thousands of events makes the test runner drop the failure).
     */
    private static void assertSameEvents(List<?> expected, List<?> seen, String what) {
        for (int i = 0; i < Math.min(expected.size(), seen.size()); i++) {
            if (!expected.get(i).equals(seen.get(i))) {
                assertEquals(expected.get(i), seen.get(i), what + ": event " + i + " of " + expected.size());
            }
        }
        assertEquals(expected.size(), seen.size(), what + ": events");
    }

    /** The reference merge: always the thread whose next event is earliest (ties: thread order). */
    private static List<Object> referenceMerge(List<List<Object>> threads) {
        int[] next = new int[threads.size()];
        List<Object> merged = new ArrayList<>();
        while (true) {
            int best = -1;
            for (int i = 0; i < threads.size(); i++) {
                if (next[i] >= threads.get(i).size()) continue;
                if (best < 0 || nanos(threads.get(i).get(next[i])) < nanos(threads.get(best).get(next[best]))) best = i;
            }
            if (best < 0) return merged;
            merged.add(threads.get(best).get(next[best]++));
        }
    }

    private static long nanos(Object e) {
        return e instanceof TraceEvent t ? t.nanos() : (Long) ((List<?>) e).get(2);
    }

    @Test
    void handsOverWhatTheReplayGivesInOrderWithThreadEnds() throws Exception {
        try (TraceIndex index = TraceReader.read(record(false), null)) {
            List<Object> expected = new ArrayList<>();
            List<List<Object>> threads = perThread(index);
            for (int i = 0; i < threads.size(); i++) {
                expected.addAll(threads.get(i));
                expected.add("end " + index.threads().get(i).label());
            }
            for (boolean parallel : new boolean[] {true, false}) {
                List<Object> seen = new ArrayList<>();
                Replay.of(index, index.threads()).inParallel(parallel).afterThread(t -> seen.add("end " + t.label()))
                        .into(new Collector(seen));
                assertEquals(expected.size(), seen.size());
                assertSameEvents(expected, seen, parallel ? "handed over from a second thread" : "on the calling thread");
                assertEquals(2 * (40 - 1) * 2_000 * 3 + 2 + 2, seen.size(), "calls + enters + exits, 2 lost markers, 2 ends");
            }
        }
    }

    @Test
    void interleavesThreadsByTimeKeepingEachThreadsOrder() throws Exception {
        try (TraceIndex index = TraceReader.read(record(false), null)) {
            List<List<Object>> threads = perThread(index);
            List<Object> expected = referenceMerge(threads);
            for (boolean parallel : new boolean[] {true, false}) {
                List<Object> seen = new ArrayList<>();
                Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).inParallel(parallel).into(new Collector(seen));
                assertSameEvents(expected, seen, parallel ? "merged on a second thread" : "merged on the calling thread");
            }
            ThreadTimeline timeline = ThreadTimeline.of(index, index.threads().get(1));
            List<Object> pulled = new ArrayList<>();
            CallVisitor c = new Collector(pulled);
            for (TraceEvent e = timeline.next(); e != null; e = timeline.next()) CallVisitor.dispatch(e, c);
            assertSameEvents(threads.get(1), pulled, "the pull cursor gives what the engine pushes");
        }
    }

    /** Threads at different paces (so that they interleave every few events), untimed calls, exceptional exits, a lost batch. */
    private Path paces(int threads) throws Exception {
        Path file = dir.resolve("paces" + threads + ".jfr");
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(3);
            RecordEncoder enc = new RecordEncoder();
            for (int thread = 1; thread <= threads; thread++) {
                long t = 1_000 + thread;
                for (int seq = 0; seq < 12; seq++) {
                    enc.reset(t);
                    for (int i = 0; i < 1_500; i++) {
                        enc.enter(1, t += 2 + thread);
                        if (i % 5 == thread % 5) {
                            enc.enterUntimed(2);
                            enc.exitUntimed();
                        }
                        enc.enter(2 + i % 2, t += 1 + 2 * thread);
                        if (i % (150 + 31 * thread) == 0) enc.exitExceptional(t += 7, 1234, 0);
                        else enc.exit(t += thread == 2 ? 1 : 9);
                        enc.exit(t += 4);
                    }
                    if (thread == 3 && seq == 5) continue; // lost
                    TestBatches.batch(enc, thread, "t" + thread, seq).commit();
                }
            }
            r.stop();
            r.dump(file);
        }
        return file;
    }

    /** Nine threads at different paces, several starting at the same time: the merge is the reference merge. */
    @Test
    void interleavesManyThreadsByTimeAsTheReferenceMergeDoes() throws Exception {
        try (TraceIndex index = TraceReader.read(paces(9), null)) {
            List<List<Object>> threads = perThread(index);
            List<Object> expected = referenceMerge(threads);
            assertEquals(9, threads.size());
            List<Object> seen = new ArrayList<>();
            Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).into(new Collector(seen));
            assertSameEvents(expected, seen, "nine threads merged");
        }
    }

    /**
     * A visitor that lets plain calls of different threads come in any interleaving while it has
     * nothing open (as ExceptionFlow does) gets them so in runs, and everything else exactly as
     * the merge by time gives it: each thread's order kept, and every event that is not a plain
     * call, and every one delivered while it asked for the exact order, preceded by exactly the
     * events that precede it in the exact merge. Three threads at different paces (so that they
     * interleave every few events), untimed calls, exceptional exits and a lost batch.
     */
    @Test
    void plainCallsComeInRunsWhereTheVisitorAllowsItAndEverythingElseInExactOrder() throws Exception {
        Path file = paces(3);
        try (TraceIndex index = TraceReader.read(file, null)) {
            List<Object> exact = new ArrayList<>();
            Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).into(new Collector(exact));
            java.util.Map<Object, Integer> position = new java.util.HashMap<>();
            for (int i = 0; i < exact.size(); i++) assertEquals(null, position.put(exact.get(i), i), "events are told apart");

            List<Object> seen = new ArrayList<>();
            List<Boolean> askedExact = new ArrayList<>();
            int[] runs = {0};
            CallVisitor quietWhileNothingOpen = new CallVisitor() {
                final Collector collector = new Collector(seen);
                /** Events since the last one that is not a plain call: "open" for 40 events after it. */
                int sinceNews = Integer.MAX_VALUE / 2;
                boolean lastAnswer = true;

                private void seen(boolean plain) {
                    sinceNews = plain ? sinceNews + 1 : 0;
                    askedExact.add(!plain || lastAnswer);
                }

                @Override
                public boolean needsThreadsInterleaved() {
                    boolean exactNow = sinceNews < 40;
                    if (!exactNow && lastAnswer) runs[0]++;
                    lastAnswer = exactNow;
                    return exactNow;
                }

                @Override
                public void enter(ThreadInfo t, long nanos, int depth, MethodInfo m) {
                    collector.enter(t, nanos, depth, m);
                    seen(true);
                }

                @Override
                public void exit(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
                    collector.exit(t, nanos, depth, m, d, k, x);
                    seen(k.returned());
                }

                @Override
                public void call(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
                    collector.call(t, nanos, depth, m, d, k, x);
                    seen(k.returned());
                }

                @Override
                public void other(TraceEvent e) {
                    collector.other(e);
                    seen(false);
                }
            };
            Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).into(quietWhileNothingOpen);

            assertEquals(exact.size(), seen.size());
            int[] lastOfThread = new int[4];
            java.util.Arrays.fill(lastOfThread, -1);
            int highest = -1;
            int moved = 0;
            for (int i = 0; i < seen.size(); i++) {
                Integer p = position.get(seen.get(i));
                assertTrue(p != null, "an event the exact merge does not give: " + seen.get(i));
                int thread = (int) threadOf(seen.get(i)).id();
                assertTrue(p > lastOfThread[thread], "each thread's own order is kept");
                lastOfThread[thread] = p;
                if (askedExact.get(i)) {
                    assertEquals(i, (int) p, "at its place in the exact merge: " + seen.get(i));
                    assertEquals(i - 1, highest, "after exactly the events before it in the exact merge: " + seen.get(i));
                }
                if (p != i) moved++;
                highest = Math.max(highest, p);
            }
            assertTrue(runs[0] > 10 && moved > 1_000, "plain calls came in runs: " + runs[0] + " runs, " + moved + " moved");
        }
    }

    private static ThreadInfo threadOf(Object e) {
        return e instanceof TraceEvent t ? t.thread() : (ThreadInfo) ((List<?>) e).get(1);
    }

    /**
     * A closed pipe ({@code jtrace print F | head}) stops the replay at the first failed write,
     * on the calling thread and handed over from a second one: the rest of the recording is not
     * formatted for nobody, and nothing is written after the failure.
     */
    @Test
    void aFailedOutputStopsTheReplay() throws Exception {
        try (TraceIndex index = TraceReader.read(record(false), null)) {
            for (Replay.Order order : Replay.Order.values()) {
                for (boolean parallel : new boolean[] {true, false}) {
                    int[] writes = {0};
                    java.io.OutputStream closedPipe = new java.io.OutputStream() {
                        @Override
                        public void write(int b) throws java.io.IOException {
                            write(new byte[] {(byte) b}, 0, 1);
                        }

                        @Override
                        public void write(byte[] b, int off, int len) throws java.io.IOException {
                            if (++writes[0] > 2) throw new java.io.IOException("Broken pipe");
                        }
                    };
                    io.jtrace.format.TextTraceWriter writer = new io.jtrace.format.TextTraceWriter(closedPipe,
                            java.nio.charset.StandardCharsets.UTF_8,
                            new io.jtrace.format.TextTraceWriter.Options(true, true, false, new io.jtrace.format.Ansi(false)));
                    writer.begin(new io.jtrace.model.RecordingInfo("r.jfr", 0, index.threads(), index.records()));
                    List<Object> seen = new ArrayList<>();
                    CallVisitor lines = writer.visitor();
                    CallVisitor both = new CallVisitor() {
                        final Collector collector = new Collector(seen);

                        @Override
                        public void enter(ThreadInfo t, long nanos, int depth, MethodInfo m) {
                            collector.enter(t, nanos, depth, m);
                            lines.enter(t, nanos, depth, m);
                        }

                        @Override
                        public void exit(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
                            collector.exit(t, nanos, depth, m, d, k, x);
                            lines.exit(t, nanos, depth, m, d, k, x);
                        }

                        @Override
                        public void call(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
                            collector.call(t, nanos, depth, m, d, k, x);
                            lines.call(t, nanos, depth, m, d, k, x);
                        }

                        @Override
                        public void other(TraceEvent e) {
                            collector.other(e);
                            lines.other(e);
                        }
                    };
                    io.jtrace.format.OutputFailedException e = assertThrows(io.jtrace.format.OutputFailedException.class,
                            () -> Replay.of(index, index.threads()).order(order).inParallel(parallel).into(both));
                    assertTrue(e.brokenPipe(), e::toString);
                    assertEquals(3, writes[0], "the failed write is the last");
                    assertTrue(seen.size() < 20_000, order + (parallel ? ", handed over" : "") + ": stopped after " + seen.size()
                            + " of " + (2 * (40 - 1) * 2_000 * 3 + 2) + " events");
                    writer.close(); // what follows a failure is discarded, not failed again
                    assertEquals(3, writes[0]);
                    // and the recording reads on (the explore shell's session keeps its index): stopping
                    // the decoding thread by an interrupt closed the file's channel when it hit a read
                    List<Object> all = new ArrayList<>();
                    Replay.of(index, index.threads()).order(order).inParallel(parallel).into(new Collector(all));
                    assertEquals(2 * (40 - 1) * 2_000 * 3 + 2, all.size(), "a whole replay after the failed one");
                }
            }
        }
    }

    @Test
    void aFailureWhileDecodingReachesTheCaller() throws Exception {
        try (TraceIndex index = TraceReader.read(record(true), null)) {
            for (Replay.Order order : Replay.Order.values()) {
                List<Object> seen = new ArrayList<>();
                RuntimeException e = assertThrows(RuntimeException.class,
                        () -> Replay.of(index, index.threads()).order(order).inParallel(true).into(new Collector(seen)));
                // the user's error, one line naming the file and the thread (exit 2 in the CLI)
                assertEquals(UnreadableRecordingException.class, e.getClass());
                assertTrue(e.getMessage().startsWith("cannot read " + index.file() + ": thread t2 has a record of unknown kind 14"),
                        e.getMessage());
            }
        }
    }

    /** A recording of one batch of thread 1 ("main"): {@code records} fills it, {@code change} may alter the event. */
    private Path oneBatch(String name, int format, java.util.function.Consumer<RecordEncoder> records,
                          java.util.function.Consumer<TraceBatchEvent> change) throws Exception {
        Path file = dir.resolve(name + ".jfr");
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(3);
            RecordEncoder enc = new RecordEncoder(format);
            enc.reset(1_000);
            records.accept(enc);
            TraceBatchEvent b = TestBatches.batch(enc, 1, "main", 0);
            change.accept(b);
            b.commit();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private static List<Object> replayed(TraceIndex index) {
        List<Object> seen = new ArrayList<>();
        Replay.of(index, index.threads()).into(new Collector(seen));
        return seen;
    }

    /**
     * A string value whose text is null can only be damage (the agent writes a null String as a
     * null value; a fuzzed recording had one and print failed on it with a NullPointerException):
     * the record is unreadable, as one with an unknown value tag is, and no access with a string
     * value missing its text reaches a visitor. Without the check, the access is handed on.
     */
    @Test
    void aStringValueWithoutItsTextIsNotHandedOn() throws Exception {
        for (int format : new int[] {1, 2, 3}) {
            Path file = oneBatch("null-text" + format, format, enc -> {
                enc.enter(1, 1_010);
                // VARIABLE at site 1: the value tag, the string's full length, then length 0, which is null
                enc.encoded(io.jtrace.runtime.RecordFormat.VARIABLE, 1, 1_020,
                        enc.body(io.jtrace.runtime.RecordFormat.VALUE_STRING, 3, 0));
                enc.exit(1_030);
            }, b -> { });
            try (TraceIndex index = TraceReader.read(file, null)) {
                List<Object> seen = replayed(index);
                assertTrue(seen.stream().noneMatch(e -> e instanceof io.jtrace.model.VariableAccess v
                        && v.value().kind() == io.jtrace.model.Value.Kind.STRING && v.value().text() == null),
                        "format " + format + ": " + seen);
            }
        }
    }

    /** The recording's span reaches its last record's time in every format (the index reads the last batch of each thread). */
    @Test
    void theSpanEndsAtTheLastRecordInEveryFormat() throws Exception {
        for (int format : new int[] {1, 2, 3}) {
            Path file = oneBatch("span" + format, format, enc -> {
                enc.enter(1, 1_010);
                enc.encoded(io.jtrace.runtime.RecordFormat.LINE, 42, 2_000_000, new byte[0]);
                enc.exit(5_000_000);
            }, b -> { });
            try (TraceIndex index = TraceReader.read(file, null)) {
                assertEquals(5_000_000, index.spanNanos(), "format " + format);
            }
        }
    }

    /** Format 2: an enter and an exit in format 1 behind unit 127 (no writer's choice, but valid) read as their own forms do. */
    @Test
    void escapedEntersAndExitsReadAsTheirOwnForms() throws Exception {
        List<List<Object>> replays = new ArrayList<>();
        for (boolean escaped : new boolean[] {false, true}) {
            Path file = oneBatch("escaped-" + escaped, 2, enc -> {
                enc.enter(1, 1_010);
                enc.exit(1_014);
            }, b -> {
                // the same two records: format-2 unit, 127, ENTER id 1 (16) + delta 10, 127, EXIT (1) + delta 4
                if (escaped) b.payload = new String(new char[] {(char) io.jtrace.runtime.RecordFormat.FORMAT_2, 127, 16, 10, 127, 1, 4});
            });
            try (TraceIndex index = TraceReader.read(file, null)) {
                replays.add(replayed(index));
            }
        }
        assertEquals(replays.get(0), replays.get(1));
        assertTrue(replays.get(0).stream().anyMatch(e -> e instanceof List<?> l && l.get(0).equals("call")), replays.get(0).toString());
    }

    /** Format 3: an enter and an exit in format 1's layout behind digit 94 (no writer's choice, but valid) read as their own forms do. */
    @Test
    void format3EscapedEntersAndExitsReadAsTheirOwnForms() throws Exception {
        List<List<Object>> replays = new ArrayList<>();
        for (boolean escaped : new boolean[] {false, true}) {
            Path file = oneBatch("escaped3-" + escaped, 3, enc -> {
                enc.enter(1, 1_010);
                enc.exit(1_014);
            }, b -> {
                // the same two records: '>', '~' (94), ENTER id 1 (16) + delta 10, '~', EXIT (1) + delta 4, each digit + 32
                if (escaped) b.payload = new String(new char[] {'>', '~', 16 + 32, 10 + 32, '~', 1 + 32, 4 + 32});
            });
            try (TraceIndex index = TraceReader.read(file, null)) {
                replays.add(replayed(index));
            }
        }
        assertEquals(replays.get(0), replays.get(1));
        assertTrue(replays.get(0).stream().anyMatch(e -> e instanceof List<?> l && l.get(0).equals("call")), replays.get(0).toString());
    }

    /**
     * The replay's own format-3 loop (not RecordDecoder's) at every boundary of the first-digit forms
     * and of the varint's digit counts: method ids up to Integer.MAX_VALUE, time steps up to 2^40 ns,
     * timed, untimed and leaf-untimed calls, lines: the same events as the same records in format 2.
     */
    @Test
    void format3ReplaysAsFormat2AtEveryBoundary() throws Exception {
        int[] ids = {1, 3, 4, 15, 16, 17, 31, 32, 1007, 1008, 1009, 32255, 32256, 65536, 1 << 20, Integer.MAX_VALUE};
        long[] steps = {0, 1, 36, 37, 38, 40, 41, 62, 63, 64, 288, 289, 2015, 2016, 64511, 64512, 1 << 20, 1L << 40};
        List<List<Object>> replays = new ArrayList<>();
        for (int format : new int[] {2, 3}) {
            Path file = dir.resolve("boundaries" + format + ".jfr");
            try (Recording r = new Recording()) {
                r.start();
                io.jtrace.events.SessionEvent session = new io.jtrace.events.SessionEvent();
                session.commit();
                for (int id : ids) {
                    io.jtrace.events.MethodDefinitionEvent m = new io.jtrace.events.MethodDefinitionEvent();
                    m.methodId = id;
                    m.className = "a.B";
                    m.methodName = "m" + id;
                    m.descriptor = "()V";
                    m.commit();
                }
                RecordEncoder enc = new RecordEncoder(format);
                enc.reset(1_000);
                long t = 1_000;
                for (int id : ids) {
                    enc.enter(ids[0], t); // an outer frame, so that the calls below nest
                    for (long step : steps) {
                        enc.enter(id, t += step);
                        enc.encoded(io.jtrace.runtime.RecordFormat.LINE, step, t += step, new byte[0]);
                        enc.enterUntimed(id); // an untimed callee
                        enc.exitUntimed();
                        enc.exit(t += step);
                    }
                    enc.exit(t += 1);
                }
                TraceBatchEvent b = TestBatches.batch(enc, 1, "main", 0);
                b.commit();
                r.stop();
                r.dump(file);
            }
            try (TraceIndex index = TraceReader.read(file, null)) {
                List<Object> seen = new ArrayList<>();
                for (Object o : replayed(index)) seen.add(o instanceof List<?> l ? l.subList(0, Math.min(l.size(), 7)).toString() : o.toString());
                replays.add(seen);
            }
        }
        assertEquals(replays.get(0), replays.get(1));
        assertEquals(ids.length * (2 + steps.length * 4), replays.get(1).size(), "every enter, line, call and exit: " + replays.get(1).subList(0, 12));
    }

    /** Format 3: a char that is no digit (a control character, DEL, beyond ASCII) makes the recording unreadable there, in one line. */
    @Test
    void aFormat3CharThatIsNoDigitIsReported() throws Exception {
        for (int unit : new int[] {0, 27, 31, 127, 155, 255}) {
            Path file = oneBatch("no-digit" + unit, 3, enc -> {
                enc.enter(1, 1_010);
                enc.exit(1_020);
            }, b -> b.payload = b.payload + (char) unit);
            try (TraceIndex index = TraceReader.read(file, null)) {
                RuntimeException e = assertThrows(RuntimeException.class, () -> replayed(index));
                assertEquals(UnreadableRecordingException.class, e.getClass());
                assertEquals("cannot read " + index.file() + ": thread main has a record starting with unit " + unit
                        + ": the file is damaged, or was written by a newer jtrace", e.getMessage());
            }
        }
    }

    /** Format 2: a unit that starts no record (121-126 are free, 128 and up are no unit) makes the recording unreadable there, in one line. */
    @Test
    void aFormat2UnitThatStartsNoRecordIsReported() throws Exception {
        for (int unit : new int[] {121, 126, 128, 255}) {
            Path file = oneBatch("free-unit" + unit, 2, enc -> {
                enc.enter(1, 1_010);
                enc.exit(1_020);
            }, b -> b.payload = b.payload + (char) unit);
            try (TraceIndex index = TraceReader.read(file, null)) {
                RuntimeException e = assertThrows(RuntimeException.class, () -> replayed(index));
                assertEquals(UnreadableRecordingException.class, e.getClass());
                assertEquals("cannot read " + index.file() + ": thread main has a record starting with unit " + unit
                        + ": the file is damaged, or was written by a newer jtrace", e.getMessage());
            }
        }
    }

    /**
     * A timed exit is written with its time delta in the header (RecordFormat.EXIT_PACKED); one with
     * a delta varint after the header (recordings made before) reads the same, at every delta size.
     */
    @Test
    void exitsWithTheDeltaInTheHeaderReadAsThoseWithADeltaAfterIt() throws Exception {
        long[] deltas = {0, 1, 2, 3, 5, 63, 64, 65, 253, 254, 255, 256, 4095, 4096, 16381, 16382, 16383,
                262143, 262144, 1_048_573, 1_048_574, 1L << 30, 1L << 40};
        List<List<Object>> replays = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        for (boolean packed : new boolean[] {true, false}) {
            Path file = dir.resolve("exits-" + packed + ".jfr");
            try (Recording r = new Recording()) {
                r.start();
                TestBatches.sessionAndMethods(3);
                RecordEncoder enc = new RecordEncoder(1); // the two exit forms of format 1
                enc.reset(1_000);
                long t = 1_000;
                for (long d : deltas) {
                    enc.enter(1, t += 3);
                    enc.enter(2, t += 1);
                    if (packed) enc.exit(t += d);
                    else enc.encoded(io.jtrace.runtime.RecordFormat.EXIT, 0, t += d, new byte[0]);
                    if (packed) enc.exit(t += d);
                    else enc.encoded(io.jtrace.runtime.RecordFormat.EXIT, 0, t += d, new byte[0]);
                }
                sizes.add(enc.payload().length());
                TraceBatchEvent b = TestBatches.batch(enc, 1, "main", 0);
                b.commit();
                r.stop();
                r.dump(file);
            }
            try (TraceIndex index = TraceReader.read(file, null)) {
                List<Object> seen = new ArrayList<>();
                Replay.of(index, index.threads()).into(new Collector(seen));
                replays.add(seen);
            }
        }
        assertEquals(replays.get(1), replays.get(0));
        assertEquals(2 * deltas.length, replays.get(0).stream().filter(e -> e instanceof List<?> l && !l.get(0).equals("enter")).count());
        long sum = 0;
        for (Object e : replays.get(0)) if (e instanceof List<?> l && l.get(0).equals("call")) sum += (Long) l.get(5);
        long expected = 0;
        for (long d : deltas) expected += d;
        assertEquals(expected, sum, "each inner call lasted its delta");
        assertTrue(sizes.get(0) < sizes.get(1), "packed exits are shorter: " + sizes);
    }

    /**
     * Enter, exit and line records of every header and delta size (method ids, lines and deltas
     * from one unit to five, untimed ones among them, every boundary of format 2's first-unit
     * forms), in batches long enough that records are decoded both far from the batch's end and
     * near it: each reads back as written, and format 1 and 2 read the same.
     */
    @Test
    void recordsOfEveryHeaderAndDeltaSizeReadAsWritten() throws Exception {
        List<String> format1 = recordsOfEverySize(1);
        List<String> format2 = recordsOfEverySize(2);
        assertEquals(format1, format2);
        assertTrue(format2.stream().filter(e -> !e.startsWith("in ") && !e.startsWith("out ")).count() > 100, "lines were read");
    }

    private List<String> recordsOfEverySize(int format) throws Exception {
        int[] ids = {0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 255, 256, 1023, 1024, 16383, 16384, 65535, 65536,
                1 << 20, (1 << 24) + 5, (1 << 27) - 1};
        long[] deltas = {0, 1, 3, 63, 64, 65, 67, 68, 253, 254, 319, 320, 4095, 4096, 16447, 16448, 262143, 262144,
                16_777_215, 16_777_216, 1L << 30, 1L << 40};
        long[] lines = {0, 1, 2, 3, 4, 127, 128, 129, 255, 256, 8191, 8192, 16383, 16384, 1 << 20};
        java.util.Random random = new java.util.Random(7);
        List<String> written = new ArrayList<>();
        Path file = dir.resolve("sizes" + format + ".jfr");
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(3);
            RecordEncoder enc = new RecordEncoder(format);
            long t = 1_000;
            List<Integer> open = new ArrayList<>();
            for (int seq = 0; seq < 6; seq++) {
                enc.reset(t);
                for (int i = 0; i < 700 + seq * 31; i++) { // batch lengths differ: every record size ends one
                    boolean untimed = random.nextInt(5) == 0;
                    if (!open.isEmpty() && random.nextInt(8) == 0) {
                        enc.encoded(io.jtrace.runtime.RecordFormat.LINE, lines[random.nextInt(lines.length)],
                                t += deltas[random.nextInt(deltas.length)], new byte[0]);
                    } else if (open.isEmpty() || (open.size() < 20 && random.nextBoolean())) {
                        int id = ids[random.nextInt(ids.length)];
                        if (untimed) enc.enterUntimed(id);
                        else enc.enter(id, t += deltas[random.nextInt(deltas.length)]);
                        open.add(id);
                        written.add("in " + id + " " + t);
                    } else {
                        int id = open.remove(open.size() - 1);
                        if (untimed) enc.exitUntimed();
                        else enc.exit(t += deltas[random.nextInt(deltas.length)]);
                        written.add("out " + id + " " + t);
                    }
                }
                TestBatches.batch(enc, 1, "main", seq).commit();
            }
            r.stop();
            r.dump(file);
        }
        List<String> read = new ArrayList<>();
        try (TraceIndex index = TraceReader.read(file, null)) {
            new ThreadReplay(index, index.batchesOf(index.threads().get(0)), new CallVisitor() {
                @Override
                public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo m) {
                    read.add("in " + m.id() + " " + nanos);
                }

                @Override
                public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo m, long d, ExitKind kind, ExceptionRef x) {
                    if (kind != ExitKind.UNFINISHED) read.add("out " + m.id() + " " + nanos);
                }

                @Override
                public void call(ThreadInfo thread, long nanos, int depth, MethodInfo m, long d, ExitKind kind, ExceptionRef x) {
                    read.add("in " + m.id() + " " + nanos);
                    read.add("out " + m.id() + " " + (nanos + d));
                }

                @Override
                public void other(TraceEvent e) {
                    read.add(e.toString());
                }
            }, null).run();
        }
        assertEquals(written, read.stream().filter(e -> e.startsWith("in ") || e.startsWith("out ")).toList());
        return read;
    }

    /** Frames already running when tracing started (a second attach) come back as such, and the trace stays balanced. */
    @Test
    void framesEnteredBeforeTracingAreShownAndClosed() throws Exception {
        Path file = dir.resolve("attach.jfr");
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(3);
            RecordEncoder enc = new RecordEncoder();
            enc.reset(100);
            // RESYNC with aux 0: no loss, these frames were running before this tracing session
            enc.encoded(io.jtrace.runtime.RecordFormat.RESYNC, 0, 100, enc.body(2, 1, 2));
            enc.enter(3, 110);
            enc.exit(120);
            enc.exit(130);
            enc.exit(140);
            TraceBatchEvent b = TestBatches.batch(enc, 1, "main", 0);
            b.commit();
            r.stop();
            r.dump(file);
        }
        try (TraceIndex index = TraceReader.read(file, null)) {
            List<Object> seen = new ArrayList<>();
            Replay.of(index, index.threads()).into(new Collector(seen));
            List<String> kinds = new ArrayList<>();
            for (Object o : seen) kinds.add(o instanceof List<?> l ? l.get(0) + " " + l.get(3) + " " + ((MethodInfo) l.get(4)).name() : o.toString());
            assertEquals(List.of("enter 0 m1", "enter 1 m2", "call 2 m3", "exit 1 m2", "exit 0 m1"), kinds,
                    "no lost records, every frame closed");
            // kept as such however the events travel: handed over between threads, merged by time, through a view
            for (Replay.Order order : Replay.Order.values()) {
                for (boolean parallel : new boolean[] {false, true}) {
                    StringBuilder marks = new StringBuilder();
                    CallVisitor marker = new io.jtrace.analysis.CallAdapter() {
                        @Override
                        public void enteredBeforeTracing(ThreadInfo t, long nanos, int depth, MethodInfo m) {
                            marks.append('^').append(m.name()).append(depth);
                        }

                        @Override
                        public void enter(ThreadInfo t, long nanos, int depth, MethodInfo m) {
                            marks.append('>').append(m.name());
                        }
                    };
                    CallVisitor view = new io.jtrace.analysis.FrameSelection(marker) {
                        @Override
                        protected boolean shows(MethodInfo method, long nanos, int shownDepth) {
                            return !method.name().equals("m1");
                        }

                        @Override
                        protected TraceEvent showOther(TraceEvent e, boolean frameShown, int shownDepth) {
                            return e;
                        }

                        @Override
                        protected boolean showsGap(io.jtrace.model.RecordsLost gap) {
                            return true;
                        }
                    };
                    Replay.of(index, index.threads()).order(order).inParallel(parallel).into(view);
                    assertEquals("^m20", marks.toString(), order + (parallel ? ", handed over" : ""));
                }
            }
        }
    }
}
