package io.jtrace.e2e;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.model.Descriptors;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.replay.Replay;
import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmc.common.IMCFrame;
import org.openjdk.jmc.common.IMCMethod;
import org.openjdk.jmc.common.IMCStackTrace;
import org.openjdk.jmc.common.IMCThread;
import org.openjdk.jmc.common.IMCType;
import org.openjdk.jmc.common.item.IAccessorKey;
import org.openjdk.jmc.common.item.IItem;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.item.IItemIterable;
import org.openjdk.jmc.common.item.IMemberAccessor;
import org.openjdk.jmc.common.item.IType;
import org.openjdk.jmc.common.item.ItemFilters;
import org.openjdk.jmc.common.unit.IQuantity;
import org.openjdk.jmc.common.unit.UnitLookup;
import org.openjdk.jmc.flightrecorder.JfrAttributes;
import org.openjdk.jmc.flightrecorder.JfrLoaderToolkit;
import org.openjdk.jmc.flightrecorder.jdk.JdkAttributes;
import org.openjdk.jmc.flightrecorder.jdk.JdkTypeIDs;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code export --format jfr} as its users open it, with nothing of jtrace's on the reading side:
 * JDK Mission Control's own parser ({@code JfrLoaderToolkit.loadEvents}, what {@code jmc -open}
 * runs) loads the export of the bank example and of a real library's trace (JavaParser: several
 * chunks, untimed calls, exceptions), with one {@code jtrace.MethodCall} per call, one thread per
 * traced thread, per-method durations that add up to {@code summary}'s measured times, the traced
 * stacks, and the JDK's exception events for the Exceptions page with the types
 * {@code exceptions --summary} counts; and the JDK's {@code jfr summary} and {@code jfr print}
 * see chunks that add up to the trace's span and events in time order across chunks.
 */
@ReadsLargeRecordings // JMC's parser and the JSON export of JavaParser's 366K calls (it fails at 768 MB)
class JmcReadsExportTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void bankExample(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "3", "20");
        assertEquals(0, run.exit(), run::toString);
        Facts f = check(rec, jdk);
        assertEquals(4, f.threads, "bank: main and three customers");
        assertTrue(f.exceptions > 0, "bank throws InsufficientFundsException");
    }

    /**
     * Recorded on one JDK: what is judged is jtrace's writer, whose output does not depend on the
     * JDK that recorded (the bank example covers each JDK's recording and each JDK's {@code jfr};
     * the e2e suite's time, docs/testing.md).
     */
    @Test
    void realLibrary() throws Exception {
        Jdk jdk = Jdk.newest();
        Path rec = dir.resolve("javaparser.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "realapps.JavaSources",
                Jtrace.root().resolve("examples/src/main/java/bank").toString(), "1");
        assertEquals(0, run.exit(), run::toString);
        Facts f = check(rec, jdk);
        assertTrue(f.chunks > 1, "one chunk: the order across chunks is not tested (" + f.chunks + ")");
        assertTrue(f.untimed > 0, "no untimed call: their marking is not tested");
        assertTrue(f.exceptions > 0, "JavaParser's lookahead throws");
    }

    /**
     * A stack's 64-bit FNV-1a hash: the calls' stacks are compared as (thread, start, hash), not as
     * their text, which for JavaParser's 366K calls took over a GB of the test JVM's heap twice over.
     */
    private static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** What a check saw, for the caller to say the case tested something. */
    private record Facts(int threads, long untimed, int chunks, long exceptions) {}

    private Facts check(Path rec, Jdk jdk) throws Exception {
        Path jfr = dir.resolve(rec.getFileName() + "-export.jfr");
        Path json = dir.resolve(rec.getFileName() + "-export.json");
        Jtrace.Result x = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "jfr", "-o", jfr.toString());
        assertEquals(0, x.exit(), x::toString);
        Jtrace.Result j = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "json", "-o", json.toString());
        assertEquals(0, j.exit(), j::toString);

        // summary's own figures: the statistics 'jtrace summary' prints, over the same calls
        MethodStatistics stats = new MethodStatistics(3);
        List<ThreadInfo> traced;
        try (TraceIndex index = TraceReader.read(rec, null)) {
            traced = index.threads();
            Replay.of(index, traced).into(stats.visitor());
        }

        IItemCollection items = JfrLoaderToolkit.loadEvents(jfr.toFile());

        // one MethodCall per call; per thread and method, JMC's events are the traced calls
        Map<String, Long> durationByMethod = new TreeMap<>();
        Set<String> jmcThreads = new HashSet<>();
        Set<IMCThread> jmcThreadObjects = new HashSet<>(); // JMC's own equality: its pages group events by it
        Map<String, Integer> stacks = new HashMap<>();
        long calls = 0;
        long untimed = 0;
        for (IItemIterable events : items.apply(ItemFilters.type("jtrace.MethodCall"))) {
            IType<IItem> type = events.getType();
            IMemberAccessor<IQuantity, IItem> start = JfrAttributes.START_TIME.getAccessor(type);
            IMemberAccessor<IQuantity, IItem> duration = JfrAttributes.DURATION.getAccessor(type);
            IMemberAccessor<IMCThread, IItem> thread = JfrAttributes.EVENT_THREAD.getAccessor(type);
            IMemberAccessor<IMCStackTrace, IItem> stack = JfrAttributes.EVENT_STACKTRACE.getAccessor(type);
            IMemberAccessor<?, IItem> method = field(type, "method");
            IMemberAccessor<?, IItem> timed = field(type, "timed");
            IMemberAccessor<?, IItem> estimated = field(type, "estimatedDuration");
            for (IItem e : events) {
                calls++;
                IMCThread t = thread.getMember(e);
                jmcThreads.add(t.getThreadName() + "#" + t.getThreadId());
                jmcThreadObjects.add(t);
                IMCMethod called = (IMCMethod) method.getMember(e);
                String m = called.getType().getFullName() + "." + called.getMethodName() + called.getFormalDescriptor();
                long nanos = duration.getMember(e).clampedLongValueIn(UnitLookup.NANOSECOND);
                if (Boolean.FALSE.equals(timed.getMember(e))) {
                    untimed++;
                    assertEquals(0, nanos, () -> m + ": an untimed call with a duration");
                    assertNotNull(estimated.getMember(e), m);
                }
                durationByMethod.merge(m, nanos, Long::sum);
                List<String> frames = new ArrayList<>();
                for (IMCFrame f : stack.getMember(e).getFrames()) frames.add(name(f.getMethod()));
                long startNanos = start.getMember(e).clampedLongValueIn(UnitLookup.EPOCH_NS);
                stacks.merge(t.getThreadId() + " " + startNanos + " " + hash(frames.toString()), 1, Integer::sum);
            }
        }
        assertEquals(stats.calls(), calls, "jtrace.MethodCall events");
        assertEquals(stats.untimedCalls(), untimed, "calls marked timed=false");

        Set<String> tracedThreads = new HashSet<>();
        for (ThreadInfo t : traced) tracedThreads.add(t.label() + "#" + t.id());
        assertEquals(tracedThreads, jmcThreads, "JMC's threads");
        assertEquals(traced.size(), jmcThreadObjects.size(), "threads JMC tells apart (by OS thread id)");

        for (MethodStatistics.MethodRow r : stats.methods()) {
            String m = r.method().className() + "." + r.method().name() + r.method().descriptor();
            long want = r.measuredSumNanos();
            long got = durationByMethod.getOrDefault(m, 0L);
            assertTrue(Math.abs(got - want) <= want / 100, () -> m + ": JMC sums " + got + " ns, summary measured " + want + " ns");
        }

        // the stack of every call, as the JSON export's enters and exits give it
        long origin = 0;
        for (IItemIterable events : items.apply(ItemFilters.type("jtrace.Recording"))) {
            IMemberAccessor<?, IItem> clock = field(events.getType(), "clockOrigin");
            for (IItem e : events) origin = ((Number) clock.getMember(e)).longValue();
        }
        assertTrue(origin > 0, "no jtrace.Recording event");
        Map<String, Integer> expected = new HashMap<>();
        for (Map.Entry<Long, List<ExpandedRecordingTest.Expected>> t : ExpandedRecordingTest.expected(Files.readAllLines(json)).entrySet()) {
            for (ExpandedRecordingTest.Expected e : t.getValue()) {
                if (!e.type().equals("jtrace.MethodCall")) continue;
                List<String> innermostFirst = new ArrayList<>();
                for (int i = e.frames().size() - 1; i >= 0 && innermostFirst.size() < 64 && e.frames().get(i) != null; i--) {
                    innermostFirst.add(e.frames().get(i));
                }
                expected.merge(t.getKey() + " " + (origin + e.nanos()) + " " + hash(innermostFirst.toString()), 1, Integer::sum);
            }
        }
        assertEquals(expected.size(), stacks.size(), "distinct (thread, start, stack)");
        assertEquals(expected, stacks, "stacks of the calls");

        // the Exceptions page: the JDK's throw events, by type as 'exceptions --summary' counts them
        Map<String, Long> thrown = new TreeMap<>();
        for (IItemIterable events : items.apply(ItemFilters.type(Set.of(JdkTypeIDs.EXCEPTIONS_THROWN, JdkTypeIDs.ERRORS_THROWN)))) {
            IMemberAccessor<IMCType, IItem> thrownClass = JdkAttributes.EXCEPTION_THROWNCLASS.getAccessor(events.getType());
            IMemberAccessor<IMCStackTrace, IItem> stack = JfrAttributes.EVENT_STACKTRACE.getAccessor(events.getType());
            for (IItem e : events) {
                thrown.merge(thrownClass.getMember(e).getFullName(), 1L, Long::sum);
                assertNotNull(stack.getMember(e), "a thrown exception with no stack trace");
            }
        }
        assertEquals(exceptionsByType(rec), thrown, "the JDK's exception events by thrown class");

        int chunks = assertChunksFollowInTime(jfr, stats.lastNanos() - stats.firstNanos());
        assertJfrPrintInTimeOrder(jfr, jdk);
        long exceptions = thrown.values().stream().mapToLong(Long::longValue).sum();
        return new Facts(jmcThreads.size(), untimed, chunks, exceptions);
    }

    /** The accessor of an event's own field, by its name (FilterTest's too). */
    static IMemberAccessor<?, IItem> field(IType<IItem> type, String name) {
        for (IAccessorKey<?> k : type.getAccessorKeys().keySet()) {
            if (k.getIdentifier().equals(name)) return type.getAccessor(k);
        }
        throw new AssertionError(type.getIdentifier() + " has no field " + name);
    }

    /** {@code pkg.Class.method(Params)}, as the JSON export names a method. */
    private static String name(IMCMethod m) {
        return m.getType().getFullName() + "." + m.getMethodName() + "(" + Descriptors.simpleParameters(m.getFormalDescriptor()) + ")";
    }

    /** The "by type" counts of {@code jtrace exceptions --summary}. */
    private Map<String, Long> exceptionsByType(Path rec) {
        Jtrace.Result r = Jtrace.jtrace(dir, "exceptions", rec.toString(), "--summary");
        assertEquals(0, r.exit(), r::toString);
        Map<String, Long> byType = new TreeMap<>();
        boolean inTypes = false;
        Pattern row = Pattern.compile("\\s+(\\d+)\\s+(\\S+)");
        for (String line : r.out().lines().toList()) {
            if (line.equals("by type:")) {
                inTypes = true;
            } else if (inTypes) {
                Matcher m = row.matcher(line);
                if (!m.matches()) break;
                byType.put(m.group(2), Long.parseLong(m.group(1)));
            }
        }
        return byType;
    }

    /**
     * The chunk headers: each begins where the one before ended, their durations add up to the
     * trace's span (within 1%), and {@code jfr summary} of every JDK says that duration.
     */
    private int assertChunksFollowInTime(Path jfr, long spanNanos) throws IOException {
        long total = 0;
        long previousEnd = -1;
        int chunks = 0;
        try (RandomAccessFile f = new RandomAccessFile(jfr.toFile(), "r")) {
            for (long at = 0; at < f.length(); chunks++) {
                f.seek(at);
                assertEquals(0x464c5200, f.readInt(), "chunk magic at " + at);
                f.readInt(); // version
                long size = f.readLong();
                f.readLong(); // constant pool offset
                f.readLong(); // metadata offset
                long startNanos = f.readLong();
                long duration = f.readLong();
                assertTrue(duration >= 0, "chunk " + chunks + " duration " + duration);
                if (previousEnd >= 0) assertEquals(previousEnd, startNanos, "chunk " + chunks + " begins where the one before ended");
                previousEnd = startNanos + duration;
                total += duration;
                at += size;
            }
        }
        long t = total;
        assertTrue(Math.abs(total - spanNanos) <= spanNanos / 100, () -> "chunks add up to " + t + " ns, the trace spans " + spanNanos);
        for (Jdk tool : Jdk.all()) {
            Jtrace.Result summary = Jtrace.exec(dir, List.of(tool.jfrTool().toString(), "summary", jfr.toString()), Map.of());
            assertEquals(0, summary.exit(), summary::toString);
            // jfr summary rounds to whole seconds
            assertTrue(summary.out().contains(" Duration: " + (total + 500_000_000) / 1_000_000_000 + " s"), summary::out);
            assertTrue(summary.out().contains(" Chunks: " + chunks), summary::out);
        }
        return chunks;
    }

    /** {@code jfr print --json} of {@code tool}, streamed: every event ends no earlier than the one printed before it. */
    private void assertJfrPrintInTimeOrder(Path jfr, Jdk tool) throws Exception {
        {
            Path out = dir.resolve("print.json");
            Process p = new ProcessBuilder(tool.jfrTool().toString(), "print", "--json", "--stack-depth", "1", jfr.toString())
                    .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            assertEquals(0, p.waitFor(), tool + ": jfr print --json failed");
            long events = 0;
            long previousEnd = Long.MIN_VALUE;
            try (InputStream in = Files.newInputStream(out); JsonParser json = new JsonFactory().createParser(in)) {
                int depth = 0;
                Instant start = null;
                long duration = 0;
                String type = null;
                for (JsonToken token = json.nextToken(); token != null; token = json.nextToken()) {
                    if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                        depth++;
                    } else if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                        depth--;
                        if (depth == 3 && token == JsonToken.END_OBJECT && start != null) { // an event ends
                            long end = start.getEpochSecond() * 1_000_000_000L + start.getNano() + duration;
                            long before = previousEnd;
                            String what = type;
                            assertTrue(end >= before, () -> tool + ": " + what + " ends at " + end + ", before the event printed before it (" + before + ")");
                            previousEnd = end;
                            events++;
                            start = null;
                            duration = 0;
                        }
                    } else if (token == JsonToken.FIELD_NAME && depth == 4 && json.currentName().equals("type")) {
                        type = json.nextTextValue();
                    } else if (token == JsonToken.FIELD_NAME && depth == 5 && json.currentName().equals("startTime")) {
                        start = Instant.parse(json.nextTextValue());
                    } else if (token == JsonToken.FIELD_NAME && depth == 5 && json.currentName().equals("duration")) {
                        duration = java.time.Duration.parse(json.nextTextValue()).toNanos();
                    }
                }
            }
            assertTrue(events > 0, tool + ": jfr print --json printed no event");
            Files.delete(out);
        }
    }
}
