import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.EventKind;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.replay.Replay;
import io.jtrace.write.jfr.JfrTraceWriter;
import org.openjdk.jmc.flightrecorder.writer.api.Recording;
import org.openjdk.jmc.flightrecorder.writer.api.Recordings;
import org.openjdk.jmc.flightrecorder.writer.api.Type;
import org.openjdk.jmc.flightrecorder.writer.api.TypedValue;
import org.openjdk.jmc.flightrecorder.writer.api.Types;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The typed JFR export of one recording's calls written two ways, in turn, in one JVM: jtrace's own
 * chunk writer ({@code formats/.../write/jfr}, what {@code export --format jfr} runs) and JDK
 * Mission Control's writer API ({@code org.openjdk.jmc:flightrecorder.writer}, the JDK types
 * predefined), each a {@code jtrace.MethodCall} per call with its thread, method, the traced call
 * stack (innermost 64 frames) and the call's fields. Prints the median time of each and the file's size.
 *
 *   java -Xmx2g -cp jtrace/target/jtrace-cli-0.1.0-SNAPSHOT.jar:$JMC_WRITER:$JMC_COMMON bench/JfrWriters.java REC.jfr ROUNDS
 *
 * (JMC_WRITER, JMC_COMMON: flightrecorder.writer-9.1.2.jar and common-9.1.2.jar from the local Maven repository)
 */
public class JfrWriters {
    public static void main(String[] args) throws Exception {
        Path rec = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Path outDir = Files.createTempDirectory("jfr-writers");
        Map<String, List<Long>> times = new HashMap<>();
        Map<String, Long> sizes = new HashMap<>();
        try (TraceIndex index = TraceReader.read(rec, null)) {
            for (int r = 0; r < rounds; r++) {
                for (String w : r % 2 == 0 ? List.of("jtrace", "jmc") : List.of("jmc", "jtrace")) {
                    Path out = outDir.resolve(w + ".jfr");
                    long t0 = System.nanoTime();
                    if (w.equals("jtrace")) jtrace(index, out);
                    else jmc(index, out);
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    times.computeIfAbsent(w, k -> new ArrayList<>()).add(ms);
                    sizes.put(w, Files.size(out));
                }
            }
        }
        for (String w : List.of("jtrace", "jmc")) {
            List<Long> t = new ArrayList<>(times.get(w));
            List<Long> kept = t.subList(1, t.size()); // the first round warms the JIT
            kept.sort(null);
            System.out.printf("%-7s median %6d ms (rounds %s), %,d bytes -> %s%n", w, kept.get(kept.size() / 2), t, sizes.get(w),
                    outDir.resolve(w + ".jfr"));
        }
    }

    /** jtrace's writer, calls only, as {@code export --format jfr} replays into it. */
    static void jtrace(TraceIndex index, Path out) throws Exception {
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
            JfrTraceWriter w = new JfrTraceWriter(o, EnumSet.of(EventKind.CALLS), JfrTraceWriter.CHUNK_BYTES);
            w.begin(new RecordingInfo(index.toString(), index.epochNanosOrigin(), index.threads(), index.records()));
            Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).into(w.visitor());
            w.end();
        }
    }

    /** JMC's writer API: the same events as values, pooled by the library. */
    static void jmc(TraceIndex index, Path out) throws Exception {
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16);
             Recording r = Recordings.newRecording(o, s -> s.withJdkTypeInitialization())) {
            Types types = r.getTypes();
            // registerEventType puts its implicit fields first as stackTrace, eventThread, startTime, which the
            // JDK's reader (startTime first, then duration) cannot read: the fields in the JDK's order instead
            Type call = r.registerType("jtrace.MethodCall", "jdk.jfr.Event", t -> t
                    .addField("startTime", Types.Builtin.LONG, f -> f.addAnnotation(Types.JDK.ANNOTATION_TIMESTAMP, "TICKS"))
                    .addField("duration", Types.Builtin.LONG, f -> f.addAnnotation(Types.JDK.ANNOTATION_TIMESPAN, "TICKS"))
                    .addField("eventThread", Types.JDK.THREAD)
                    .addField("stackTrace", Types.JDK.STACK_TRACE)
                    .addField("method", Types.JDK.METHOD)
                    .addField("outcome", Types.Builtin.STRING)
                    .addField("depth", Types.Builtin.INT)
                    .addField("timed", Types.Builtin.BOOLEAN)
                    .addField("selfTime", Types.Builtin.LONG));
            Type threadType = r.getType(Types.JDK.THREAD);
            Type stackType = r.getType(Types.JDK.STACK_TRACE);
            Type frameType = r.getType(Types.JDK.STACK_FRAME);
            Type methodType = r.getType(Types.JDK.METHOD);
            Type classType = r.getType(Types.JDK.CLASS);
            Map<Integer, TypedValue> methods = new HashMap<>();
            Map<Long, TypedValue> threads = new HashMap<>();
            Map<Long, List<MethodInfo>> stacks = new HashMap<>();
            Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).into(new CallVisitor() {
                TypedValue method(MethodInfo m) {
                    return methods.computeIfAbsent(m.id(), id -> methodType.asValue(b -> b
                            .putField("type", classType.asValue(c -> c.putField("name", m.className().replace('.', '/'))))
                            .putField("name", m.name()).putField("descriptor", m.descriptor()).putField("modifiers", m.modifiers())));
                }

                TypedValue thread(ThreadInfo t) {
                    return threads.computeIfAbsent(t.id(), id -> threadType.asValue(b -> b.putField("osName", t.label())
                            .putField("osThreadId", (long) t.ordinal() + 1).putField("javaName", t.label()).putField("javaThreadId", t.id())));
                }

                List<MethodInfo> frames(ThreadInfo t, int depth) {
                    List<MethodInfo> f = stacks.computeIfAbsent(t.id(), id -> new ArrayList<>());
                    while (f.size() > depth) f.remove(f.size() - 1);
                    while (f.size() < depth) f.add(null);
                    return f;
                }

                void write(ThreadInfo t, long start, long duration, List<MethodInfo> f, MethodInfo m, int depth, ExitKind kind) {
                    List<TypedValue> frames = new ArrayList<>();
                    for (int i = f.size() - 1; i >= 0 && frames.size() < 64 && f.get(i) != null; i--) {
                        TypedValue mv = method(f.get(i));
                        frames.add(frameType.asValue(b -> b.putField("method", mv).putField("lineNumber", -1)
                                .putField("bytecodeIndex", -1).putField("type", "Traced")));
                    }
                    TypedValue stack = stackType.asValue(b -> b.putField("truncated", frames.size() < f.size())
                            .putField("frames", frames.toArray(new TypedValue[0])));
                    r.writeEvent(call.asValue(b -> b.putField("startTime", start).putField("duration", duration)
                            .putField("eventThread", thread(t)).putField("stackTrace", stack).putField("method", method(m))
                            .putField("outcome", kind.name()).putField("depth", depth).putField("timed", kind != ExitKind.RETURN_UNTIMED)
                            .putField("selfTime", 0L)));
                }

                @Override
                public void enter(ThreadInfo t, long nanos, int depth, MethodInfo m) {
                    frames(t, depth).add(m);
                }

                @Override
                public void exit(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind kind, ExceptionRef e) {
                    List<MethodInfo> f = frames(t, depth + 1);
                    f.set(depth, m);
                    write(t, nanos - d, d, f, m, depth, kind);
                    f.remove(depth);
                }

                @Override
                public void call(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind kind, ExceptionRef e) {
                    List<MethodInfo> f = frames(t, depth);
                    f.add(m);
                    write(t, nanos, d, f, m, depth, kind);
                    f.remove(depth);
                }

                @Override
                public void other(TraceEvent e) {
                }
            });
        }
    }
}
