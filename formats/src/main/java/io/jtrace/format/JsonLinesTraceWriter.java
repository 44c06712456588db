package io.jtrace.format;

import com.fasterxml.jackson.core.JsonGenerator;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;

import java.io.IOException;
import java.io.Writer;

/**
 * JSON Lines: one event per line, one JSON object each. The schema (README, "jtrace export"):
 * every line has {@code kind}, {@code thread}, {@code threadId}, {@code virtual}, {@code nanos}
 * (since tracing started) and {@code depth}; {@code enter}, {@code exit} and {@code call} add
 * {@code method}, {@code class}, {@code name}, {@code descriptor}; {@code exit} and {@code call}
 * add {@code durationNanos}, {@code outcome} (return, exception, unfinished) and, when left by
 * an exception, {@code exception} (type, null if unknown) and {@code exceptionId}; {@code lost}
 * adds {@code batches}. Other kinds carry their own fields by name.
 */
public final class JsonLinesTraceWriter implements TraceWriter {
    private final Writer out;
    private JsonGenerator g;
    private final MethodNames names = new MethodNames();

    public JsonLinesTraceWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void begin(RecordingInfo info) throws IOException {
        g = Json.generator(out);
    }

    @Override
    public void event(TraceEvent e) throws IOException {
        g.writeStartObject();
        g.writeStringField("kind", EventKinds.name(e));
        g.writeStringField("thread", e.thread().label());
        g.writeNumberField("threadId", e.thread().id());
        g.writeBooleanField("virtual", e.thread().virtual());
        g.writeNumberField("nanos", e.nanos());
        g.writeNumberField("depth", e.depth());
        if (e instanceof MethodEnter m) {
            method(m.method());
        } else if (e instanceof MethodExit m) {
            method(m.method());
            outcome(m.durationNanos(), m.kind(), m.exception());
        } else if (e instanceof MethodCall m) {
            method(m.method());
            outcome(m.durationNanos(), m.kind(), m.exception());
        } else if (e instanceof RecordsLost l) {
            g.writeNumberField("batches", l.batches());
        } else {
            Json.writeFields(g, EventFields.of(e));
        }
        g.writeEndObject();
        g.writeRaw('\n'); // through the generator's buffer: no flush per line
    }

    private void method(MethodInfo m) throws IOException {
        g.writeStringField("method", names.displayName(m));
        g.writeStringField("class", m.className());
        g.writeStringField("name", m.name());
        g.writeStringField("descriptor", m.descriptor());
    }

    private void outcome(long duration, ExitKind kind, ExceptionRef exception) throws IOException {
        g.writeNumberField("durationNanos", duration);
        g.writeStringField("outcome", EventKinds.outcome(kind));
        if (kind == ExitKind.EXCEPTION) {
            g.writeStringField("exception", exception == null ? null : exception.type());
            g.writeNumberField("exceptionId", exception == null ? 0 : exception.identity());
        }
    }

    @Override
    public void end() throws IOException {
        if (g != null) g.close();
        out.flush();
    }
}
