package io.jtrace.format;

import com.fasterxml.jackson.core.JsonGenerator;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The speedscope file format (https://www.speedscope.app/file-format-schema.json): one evented
 * profile per thread ({@code O}pen and {@code C}lose frame events, in nanoseconds since tracing
 * started), the frames shared. Events must come thread by thread (each thread's in order); a
 * thread's frames still open at a gap in the records are closed there, and the unknown frames
 * below the gap opened as placeholders, so every profile stays well nested.
 *
 * <p>An untimed call with no traced callees (its method measured shorter than the clock, see
 * {@code ExitKind.RETURN_UNTIMED}) has no time to draw: it opens and closes at one instant, as a
 * frame of its own named {@code "method (untimed)"}, so that no zero-width frame passes for a
 * measured one (speedscope's format has no field for it). An untimed call with traced callees
 * opened as its method before its exit said it was untimed, and spans its callees.
 */
public final class SpeedscopeTraceWriter implements TraceWriter {
    private static final String SCHEMA = "https://www.speedscope.app/file-format-schema.json";

    private final Writer out;
    private JsonGenerator g;
    private final Map<Integer, Integer> frameIndex = new HashMap<>();
    private final List<MethodInfo> frames = new ArrayList<>();
    private ThreadInfo current;
    private final List<Long> finishedThreads = new ArrayList<>();
    private int[] open = new int[64];
    private int depth;
    private long startAt;
    private long lastAt;

    public SpeedscopeTraceWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void begin(RecordingInfo info) throws IOException {
        g = Json.generator(out);
        g.writeStartObject();
        g.writeStringField("$schema", SCHEMA);
        g.writeStringField("exporter", "jtrace");
        g.writeStringField("name", info.source());
        g.writeNumberField("activeProfileIndex", 0);
        g.writeArrayFieldStart("profiles");
    }

    @Override
    public void event(TraceEvent e) throws IOException {
        if (!e.thread().equals(current)) startProfile(e.thread(), e.nanos());
        if (e instanceof MethodEnter m) {
            open(frame(m.method()), m.nanos());
        } else if (e instanceof MethodExit m) {
            close(m.nanos());
        } else if (e instanceof MethodCall m) {
            open(m.kind() == io.jtrace.model.ExitKind.RETURN_UNTIMED ? untimedFrame(m.method()) : frame(m.method()), m.nanos());
            close(m.nanos() + m.durationNanos());
        } else if (e instanceof RecordsLost l) {
            while (depth > 0) close(l.nanos());
            int placeholder = frame(CallTreeBuilder.LOST_FRAME);
            for (int i = 0; i < l.depth(); i++) open(placeholder, l.nanos());
        }
        // other kinds have no place in a flame chart of calls
    }

    /** Untimed leaf calls' frames, by method id. */
    private final Map<Integer, Integer> untimedFrameIndex = new HashMap<>();
    private final List<Integer> untimedFrames = new ArrayList<>();

    /** The frame of {@code m}'s untimed leaf calls: {@code "method (untimed)"}. */
    private int untimedFrame(MethodInfo m) {
        Integer i = untimedFrameIndex.get(m.id());
        if (i == null) {
            i = frames.size();
            frames.add(m);
            untimedFrames.add(i);
            untimedFrameIndex.put(m.id(), i);
        }
        return i;
    }

    private int frame(MethodInfo m) {
        Integer i = frameIndex.get(m.id());
        if (i == null) {
            i = frames.size();
            frames.add(m);
            frameIndex.put(m.id(), i);
        }
        return i;
    }

    private void startProfile(ThreadInfo t, long at) throws IOException {
        if (finishedThreads.contains(t.id())) {
            throw new IllegalStateException("speedscope events must come thread by thread; " + t.label() + " came back");
        }
        endProfile();
        current = t;
        startAt = at;
        lastAt = at;
        g.writeStartObject();
        g.writeStringField("type", "evented");
        g.writeStringField("name", t.label() + " (id " + t.id() + ")");
        g.writeStringField("unit", "nanoseconds");
        g.writeArrayFieldStart("events");
    }

    private void endProfile() throws IOException {
        if (current == null) return;
        while (depth > 0) close(lastAt);
        g.writeEndArray();
        g.writeNumberField("startValue", startAt);
        g.writeNumberField("endValue", lastAt);
        g.writeEndObject();
        finishedThreads.add(current.id());
        current = null;
    }

    private void open(int frame, long at) throws IOException {
        if (depth == open.length) open = Arrays.copyOf(open, depth * 2);
        open[depth++] = frame;
        write("O", frame, at);
    }

    private void close(long at) throws IOException {
        if (depth == 0) return;
        write("C", open[--depth], at);
    }

    private void write(String type, int frame, long at) throws IOException {
        at = Math.max(at, lastAt); // speedscope wants times that never go back
        lastAt = at;
        g.writeStartObject();
        g.writeStringField("type", type);
        g.writeNumberField("frame", frame);
        g.writeNumberField("at", at);
        g.writeEndObject();
    }

    @Override
    public void end() throws IOException {
        endProfile();
        g.writeEndArray();
        g.writeObjectFieldStart("shared");
        g.writeArrayFieldStart("frames");
        java.util.Set<Integer> untimed = new java.util.HashSet<>(untimedFrames);
        for (int i = 0; i < frames.size(); i++) {
            MethodInfo m = frames.get(i);
            g.writeStartObject();
            g.writeStringField("name", untimed.contains(i) ? m.displayName() + " (untimed)" : m.displayName());
            if (m.sourceFile() != null) g.writeStringField("file", m.sourceFile());
            if (m.line() > 0) g.writeNumberField("line", m.line());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndObject();
        g.close();
        out.write('\n');
        out.flush();
    }
}
