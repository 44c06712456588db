package io.jtrace.format;

import io.jtrace.text.EventKinds;
import com.fasterxml.jackson.core.JsonGenerator;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
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

/**
 * Chrome Trace Event format (JSON object form), for Perfetto (ui.perfetto.dev) and
 * chrome://tracing: one track per thread named after it, each call a complete event
 * ({@code ph: "X"}, written when it ends), each exceptional exit an instant event
 * ({@code ph: "i"}) at the moment the frame was left, lost records an instant event too.
 * Times are microseconds since tracing started, with nanosecond decimals.
 *
 * <p>An untimed call (its method measured shorter than the clock, see {@code ExitKind.RETURN_UNTIMED})
 * has no duration to draw: it is named {@code "method (untimed)"}, category {@code call,untimed},
 * with {@code timed: false} and {@code summary}'s estimate ({@code estimatedNanos}) in its args. A
 * leaf call is an instant event, never a zero-length slice that would look measured; a call with
 * traced callees stays a slice, so that they nest under it, whose length is only the span its
 * records allow (from the record before it to its last callee's end), not its own time.
 */
public final class ChromeTraceWriter implements TraceWriter {
    private static final int PID = 1;
    private final Writer out;
    private JsonGenerator g;
    private final MethodNames names = new MethodNames();
    /** An untimed call's estimate ({@code summary}'s, per method; -1: none). */
    private java.util.function.ToLongFunction<MethodInfo> estimates = m -> -1;

    public ChromeTraceWriter(Writer out) {
        this.out = out;
    }

    /** Writes each untimed call's estimate in its args ({@code estimatedNanos}): by method, -1 for none. */
    public ChromeTraceWriter estimates(java.util.function.ToLongFunction<MethodInfo> estimates) {
        this.estimates = estimates;
        return this;
    }

    @Override
    public void begin(RecordingInfo info) throws IOException {
        g = Json.generator(out);
        g.writeStartObject();
        g.writeStringField("displayTimeUnit", "ns");
        g.writeObjectFieldStart("otherData");
        g.writeStringField("source", info.source());
        g.writeStringField("exporter", "jtrace");
        g.writeNumberField("epochNanosOrigin", info.epochNanosOrigin());
        g.writeEndObject();
        g.writeArrayFieldStart("traceEvents");
        metadata("process_name", 0, "name", "jtrace " + info.source());
        for (ThreadInfo t : info.threads()) {
            metadata("thread_name", t.id(), "name", t.label());
            g.writeStartObject();
            g.writeStringField("ph", "M");
            g.writeStringField("name", "thread_sort_index");
            g.writeNumberField("pid", PID);
            g.writeNumberField("tid", t.id());
            g.writeObjectFieldStart("args");
            g.writeNumberField("sort_index", t.ordinal());
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    private void metadata(String name, long tid, String key, String value) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "M");
        g.writeStringField("name", name);
        g.writeNumberField("pid", PID);
        g.writeNumberField("tid", tid);
        g.writeObjectFieldStart("args");
        g.writeStringField(key, value);
        g.writeEndObject();
        g.writeEndObject();
    }

    @Override
    public void event(TraceEvent e) throws IOException {
        if (e instanceof MethodEnter) return; // its complete event is written at the exit
        if (e instanceof MethodExit m) {
            call(e.thread(), m.nanos() - m.durationNanos(), m.durationNanos(), m.method(), m.kind(), m.exception());
        } else if (e instanceof MethodCall m) {
            call(e.thread(), m.nanos(), m.durationNanos(), m.method(), m.kind(), m.exception());
        } else if (e instanceof RecordsLost l) {
            instantStart(l.thread(), l.nanos(), "records lost", "lost");
            g.writeNumberField("batches", l.batches());
            g.writeEndObject();
            g.writeEndObject();
        } else {
            instantStart(e.thread(), e.nanos(), EventKinds.name(e), EventKinds.name(e));
            Json.writeFields(g, EventFields.of(e));
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    private void call(ThreadInfo t, long start, long duration, MethodInfo m, ExitKind kind, ExceptionRef x) throws IOException {
        boolean untimed = kind == ExitKind.RETURN_UNTIMED;
        if (untimed && duration == 0) {
            instantStart(t, start, names.displayName(m) + UNTIMED, "call,untimed");
        } else {
            g.writeStartObject();
            g.writeStringField("ph", "X");
            g.writeStringField("name", untimed ? names.displayName(m) + UNTIMED : names.displayName(m));
            g.writeStringField("cat", untimed ? "call,untimed" : "call");
            g.writeNumberField("pid", PID);
            g.writeNumberField("tid", t.id());
            g.writeFieldName("ts");
            g.writeNumber(Json.micros(start));
            g.writeFieldName("dur");
            g.writeNumber(Json.micros(duration));
            g.writeObjectFieldStart("args");
        }
        g.writeStringField("class", m.className());
        g.writeStringField("outcome", EventKinds.outcome(kind));
        if (untimed) {
            g.writeBooleanField("timed", false);
            long estimate = estimates.applyAsLong(m);
            if (estimate >= 0) g.writeNumberField("estimatedNanos", estimate);
        }
        g.writeEndObject();
        g.writeEndObject();
        if (kind == ExitKind.EXCEPTION) {
            String type = x == null || x.type() == null ? "(unknown exception)" : x.type();
            instantStart(t, start + duration, "threw " + type, "exception");
            g.writeStringField("method", names.displayName(m));
            g.writeStringField("exception", type);
            g.writeNumberField("exceptionId", x == null ? 0 : x.identity());
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    /** After an untimed call's name: it has no measured duration. */
    private static final String UNTIMED = " (untimed)";

    /** Starts an instant event on the thread's track and opens its args (the caller closes both). */
    private void instantStart(ThreadInfo t, long nanos, String name, String category) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "i");
        g.writeStringField("s", "t");
        g.writeStringField("name", name);
        g.writeStringField("cat", category);
        g.writeNumberField("pid", PID);
        g.writeNumberField("tid", t.id());
        g.writeFieldName("ts");
        g.writeNumber(Json.micros(nanos));
        g.writeObjectFieldStart("args");
    }

    @Override
    public void end() throws IOException {
        g.writeEndArray();
        g.writeEndObject();
        g.close();
        out.write('\n');
        out.flush();
    }
}
