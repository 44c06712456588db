package io.jtrace.replay;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.analysis.EventBuilder;
import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.events.VariableDefinitionEvent;
import io.jtrace.history.ThreadHistory;
import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.read.EncodedRecord;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.runtime.ArgumentTracer;
import io.jtrace.runtime.MethodRegistry;
import io.jtrace.runtime.RecordEncoder;
import io.jtrace.runtime.RecordFormat;
import io.jtrace.runtime.TraceRuntime;
import io.jtrace.runtime.Tracer;
import io.jtrace.runtime.VariableRegistry;
import io.jtrace.runtime.VariableTracer;
import io.jtrace.text.CallValuesText;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The values of {@code run --args} on their calls: written by the runtime's own entry points
 * into a real JFR recording and read back, they arrive with the enter, exit and call they belong
 * to, whichever way the replay runs (on the calling thread, handed over from a second one, merged
 * by time, pulled, or from a checkpoint of the explore shell's history); values with nothing to
 * join are dropped; a filtered recording keeps them.
 */
class CallValuesReplayTest {
    @TempDir
    Path dir;

    /** What a visitor sees: each call event with its values, as print shows them. */
    private static final class Seen extends CallAdapter {
        final List<String> lines = new ArrayList<>();
        private final CurrentValues values;

        Seen(CurrentValues values) {
            this.values = values;
        }

        private String text(MethodInfo m, boolean exit) {
            CallValues v = values.get();
            return v == null ? m.displayName() : CallValuesText.call(m, v, exit) + CallValuesText.returned(v);
        }

        @Override
        public void enter(ThreadInfo t, long nanos, int depth, MethodInfo m) {
            lines.add("> " + text(m, false));
        }

        @Override
        public void exit(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
            lines.add((k == ExitKind.EXCEPTION ? "! " : "< ") + text(m, true));
        }

        @Override
        public void call(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
            lines.add((k == ExitKind.EXCEPTION ? "! " : "= ") + text(m, false));
        }
    }

    private static List<String> replay(TraceIndex index, ThreadInfo t, Replay.Order order, boolean parallel) {
        CurrentValues values = new CurrentValues();
        Seen seen = new Seen(values);
        Replay.of(index, List.of(t)).order(order).inParallel(parallel).values(values).into(seen);
        return seen.lines;
    }

    @Test
    void valuesWrittenByTheRuntimeRideOnTheirCalls() throws Exception {
        Path file = dir.resolve("values.jfr");
        try (Recording r = new Recording()) {
            r.start();
            VariableTracer.configure(8, false);
            TraceRuntime.start("test", "", 0);
            int outer = MethodRegistry.register("t.Shop", "outer", "()V", "Shop.java", 1, 8);
            int buy = MethodRegistry.register("t.Shop", "buy", "(Ljava/lang/String;IJDFCZLjava/lang/Object;Ljava/lang/String;)Z",
                    "Shop.java", 10, 8);
            int leaf = MethodRegistry.register("t.Shop", "leaf", "(I)I", "Shop.java", 20, 8);
            int fails = MethodRegistry.register("t.Shop", "fails", "(Ljava/util/List;)V", "Shop.java", 30, 8);
            String[] names = {"item", "n", "big", "d", "f", "c", "b", "o", "password"};
            String[] types = {"Ljava/lang/String;", "I", "J", "D", "F", "C", "Z", "Ljava/lang/Object;", "Ljava/lang/String;"};
            for (int i = 0; i < names.length; i++) {
                VariableRegistry.register(buy, "argument", names[i], types[i], i, "", 10, false, names[i].equals("password"));
            }
            VariableRegistry.register(buy, "return", "return", "Z", -1, "", 10, false, false);
            VariableRegistry.register(leaf, "argument", "n", "I", 0, "", 20, false, false);
            VariableRegistry.register(leaf, "return", "return", "I", -1, "", 20, false, false);
            VariableRegistry.register(fails, "argument", "items", "Ljava/util/List;", 0, "", 30, false, false);
            Thread t = new Thread(() -> {
                Tracer.enter(outer);
                Tracer.enter(buy);
                ArgumentTracer.argument((Object) "a long apple name", 0, buy);
                ArgumentTracer.argument(3, 1, buy);
                ArgumentTracer.argument(5_000_000_000L, 2, buy);
                ArgumentTracer.argument(0.5, 3, buy);
                ArgumentTracer.argument(1.5f, 4, buy);
                ArgumentTracer.argument('x', 5, buy);
                ArgumentTracer.argument(1, 6, buy);
                ArgumentTracer.argument((Object) null, 7, buy);
                ArgumentTracer.argumentRedacted(8, buy);
                Tracer.enter(leaf);
                ArgumentTracer.argument(41, 0, leaf);
                ArgumentTracer.argument(99, 0, buy); // not the innermost frame's: not written
                ArgumentTracer.returned(42, leaf);
                Tracer.exit(leaf);
                ArgumentTracer.returned(1, buy);
                Tracer.exit(buy);
                Tracer.enter(fails);
                ArgumentTracer.argument((Object) Integer.valueOf(7), 0, fails);
                Tracer.exitExceptional(new IllegalStateException("no"), fails);
                Tracer.exit(outer);
            }, "values");
            t.start();
            t.join();
            TraceRuntime.stopAndFlush();
            r.stop();
            r.dump(file);
        }
        try (TraceIndex index = TraceReader.read(file, null)) {
            ThreadInfo t = index.threads().stream().filter(x -> x.label().equals("values")).findFirst().orElseThrow();
            List<String> expected = List.of(
                    "> t.Shop.outer()",
                    "> t.Shop.buy(item=\"a long a\"... (17 chars), n=3, big=5000000000, d=0.5, f=1.5, c='x', b=true, o=null, password=<redacted>)",
                    "= t.Shop.leaf(n=41) = 42",
                    "< t.Shop.buy(...) = true",
                    "! t.Shop.fails(items=java.lang.Integer@" + Long.toHexString(System.identityHashCode(7) & 0xffffffffL) + " {7})",
                    "< t.Shop.outer()");
            for (Replay.Order order : Replay.Order.values()) {
                for (boolean parallel : new boolean[] {false, true}) {
                    assertEquals(expected, replay(index, t, order, parallel), order + (parallel ? ", handed over" : ""));
                }
            }

            // the pull cursor and the explore shell's history give the same values on their model events
            List<TraceEvent> pulled = new ArrayList<>();
            ThreadTimeline timeline = ThreadTimeline.of(index, t);
            for (TraceEvent e = timeline.next(); e != null; e = timeline.next()) pulled.add(e);
            assertEquals(6, pulled.size());
            MethodExit buyExit = (MethodExit) pulled.get(3);
            assertEquals(List.of("item", "n", "big", "d", "f", "c", "b", "o", "password"),
                    buyExit.values().arguments().stream().map(a -> a.name()).toList(), "an exit carries its call's arguments");
            assertEquals(Value.Kind.REDACTED, buyExit.values().argument("password").value().kind());
            assertEquals("Z", buyExit.values().returned().type());
            assertNull(((MethodCall) pulled.get(4)).values().returned(), "an exceptional exit has no return value");
            assertEquals("java.lang.Integer", ((MethodCall) pulled.get(4)).values().arguments().get(0).value().type(),
                    "declared List, the runtime type is the value's");
            ThreadHistory history = ThreadHistory.of(index, t);
            for (int n = 0; n < pulled.size(); n++) assertEquals(pulled.get(n), history.at(n).event(), "event " + n);
        }
    }

    // ------------------------------------------------------------------ hand-made batches

    /** A value body as the runtime lays it out: an int value (tag, zigzag varint), in the tracer's format. */
    private static byte[] intValue(long v) {
        return new RecordEncoder().body(RecordFormat.VALUE_INT, (v << 1) ^ (v >> 63));
    }

    private static void batch(RecordEncoder enc, long thread, long sequence, int startDepth) {
        TraceBatchEvent b = new TraceBatchEvent();
        b.threadId = thread;
        b.threadName = "t" + thread;
        b.sequence = sequence;
        b.baseNanos = enc.baseNanos();
        b.startDepth = startDepth;
        b.recordCount = enc.records();
        b.payload = enc.payload();
        b.commit();
    }

    /**
     * Values split from their call by a batch boundary still join it; an untimed call has its
     * values; an argument whose enter was in a lost batch, and a return value not followed by its
     * exit, are dropped; an argument with no definition is named by position and typed by the
     * descriptor.
     */
    @Test
    void valuesAcrossBatchesAndValuesWithNothingToJoin() throws Exception {
        Path file = dir.resolve("batches.jfr");
        try (Recording r = new Recording()) {
            r.start();
            SessionEvent s = new SessionEvent();
            s.nanoOrigin = 0;
            s.commit();
            // ids far from the runtime's (whose definitions another test may have left registered for every chunk)
            for (int id = 1; id <= 3; id++) {
                MethodDefinitionEvent m = new MethodDefinitionEvent();
                m.methodId = 1000 + id;
                m.className = "a.B";
                m.methodName = "m" + id;
                m.descriptor = "(J)I";
                m.commit();
            }
            VariableDefinitionEvent v = new VariableDefinitionEvent();
            v.siteId = 1001;
            v.methodId = 1001;
            v.kind = "argument";
            v.name = "count";
            v.type = "J";
            v.slot = 0;
            v.commit();
            RecordEncoder enc = new RecordEncoder();
            enc.reset(100);
            enc.enter(1001, 100); // m1(count) has callees; its argument is in the next batch
            batch(enc, 1, 0, 0);
            enc.reset(100);
            enc.encoded(RecordFormat.ARGUMENT, 0, 100, intValue(5));
            enc.enter(1002, 110); // m2(arg0), no definition: a leaf whose return value is in the next batch
            enc.encoded(RecordFormat.ARGUMENT, 0, 110, intValue(-1));
            enc.encoded(RecordFormat.RETURN, 0, 110, intValue(7));
            batch(enc, 1, 1, 1);
            enc.reset(120);
            enc.exit(120);
            enc.encoded(RecordFormat.RETURN, 0, 120, intValue(8));
            enc.encoded(RecordFormat.LINE, 12, 125, new byte[0]); // not its exit: the return value is dropped
            enc.enter(1003, 130);
            enc.exit(140);
            enc.enterUntimed(1002); // an untimed call (see run --timing) has its values all the same
            enc.encoded(RecordFormat.ARGUMENT, 0, 140, intValue(4));
            enc.encoded(RecordFormat.RETURN, 0, 140, intValue(5));
            enc.exitUntimed();
            enc.encoded(RecordFormat.RETURN, 0, 140, intValue(11));
            enc.exit(150);
            batch(enc, 1, 2, 1);

            enc.reset(100); // another thread: m3 entered, then a lost batch
            enc.enter(1003, 100);
            batch(enc, 2, 0, 0);
            enc.reset(200);
            enc.encoded(RecordFormat.ARGUMENT, 0, 200, intValue(9)); // its enter was lost: dropped
            enc.exit(210);
            batch(enc, 2, 2, 1);
            r.stop();
            r.dump(file);
        }
        try (TraceIndex index = TraceReader.read(file, null)) {
            ThreadInfo t = index.threads().stream().filter(x -> x.label().equals("t1")).findFirst().orElseThrow();
            assertEquals(List.of("> a.B.m1(count=5)", "= a.B.m2(arg0=-1) = 7", "= a.B.m3(long)", "= a.B.m2(arg0=4) = 5",
                    "< a.B.m1(...) = 11"),
                    replay(index, t, Replay.Order.BY_THREAD, false));
            // the explore shell's history, each event replayed from the checkpoint of its batch: m1's exit
            // (two batches after its enter) has its arguments from the checkpoint's frames
            List<TraceEvent> pulled = new ArrayList<>();
            ThreadTimeline timeline = ThreadTimeline.of(index, t);
            for (TraceEvent e = timeline.next(); e != null; e = timeline.next()) pulled.add(e);
            ThreadHistory history = ThreadHistory.of(index, t);
            for (int n = 0; n < pulled.size(); n++) assertEquals(pulled.get(n), history.at(n).event(), "event " + n);
            MethodExit m1 = (MethodExit) pulled.get(pulled.size() - 1);
            assertEquals("count", m1.values().arguments().get(0).name());
            assertEquals(11, m1.values().returned().value().bits());
            assertEquals(List.of("> a.B.m3(long)", "< ?.method#0()"), replay(index, index.threads().stream().filter(x -> x.label().equals("t2")).findFirst().orElseThrow(),
                    Replay.Order.BY_THREAD, false), "no value after the gap: the frame below it is unknown");

            // jtrace filter copies the value records with their calls
            CurrentRecord records = new CurrentRecord();
            List<String> copied = new ArrayList<>();
            Replay.of(index, List.of(t)).records(records).into(new EventBuilder(e -> {
                if (e instanceof MethodEnter || e instanceof MethodExit || e instanceof MethodCall) {
                    EncodedRecord[] values = records.takeValues();
                    if (values != null) for (EncodedRecord x : values) copied.add(RecordFormat.kindName(x.kind()) + " " + x.aux());
                } else {
                    records.take();
                }
            }));
            assertEquals(List.of("argument 0", "argument 0", "return 0", "argument 0", "return 0", "return 0"), copied);
            CurrentRecord again = new CurrentRecord();
            List<byte[]> bodies = new ArrayList<>();
            Replay.of(index, List.of(t)).records(again).into(new CallAdapter() {
                @Override
                public void call(ThreadInfo th, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
                    EncodedRecord[] values = again.takeValues();
                    if (values != null) for (EncodedRecord e : values) bodies.add(e.body());
                }
            });
            assertArrayEquals(intValue(-1), bodies.get(0), "the body verbatim");
            assertArrayEquals(intValue(7), bodies.get(1));
            assertTrue(index.symbols().recordsCallValues(1001) && !index.symbols().recordsCallValues(1002));
        }
    }
}
