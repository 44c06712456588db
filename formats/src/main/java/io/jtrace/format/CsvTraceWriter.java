package io.jtrace.format;

import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;
import io.jtrace.text.EventKinds;

import java.io.IOException;
import java.io.Writer;

/**
 * CSV (RFC 4180: comma-separated, fields with commas, quotes or line breaks quoted, quotes
 * doubled, CRLF line ends), one row per event, under a header row. Columns: see {@link #HEADER};
 * empty where a column does not apply. Exception events fill {@code exception} and
 * {@code exception_id}; every kind other than calls puts its fields (the JSON Lines schema's
 * names) in {@code details} as one JSON object, so values holding commas, quotes or semicolons
 * stay unambiguous. Calls whose values {@code run --args} recorded fill {@code args} (enter, exit,
 * call) and {@code return} (exit, call) with the JSON of the JSON Lines fields of the same names.
 * {@code timed} is {@code true} or {@code false} on exit and call rows (an untimed call's
 * {@code duration_nanos} is empty), with an untimed call's estimate in {@code estimated_nanos}.
 */
public final class CsvTraceWriter implements TraceWriter {
    public static final String HEADER = "kind,thread_id,thread,nanos,depth,class,method,descriptor,duration_nanos,"
            + "outcome,exception,exception_id,details,args,return,timed,estimated_nanos";

    private final Writer out;
    private final StringBuilder row = new StringBuilder(160);
    /** An untimed call's estimate ({@code summary}'s, per method; -1: none). */
    private java.util.function.ToLongFunction<MethodInfo> estimates = m -> -1;

    public CsvTraceWriter(Writer out) {
        this.out = out;
    }

    /** Writes each untimed call's estimate in {@code estimated_nanos}: by method, -1 for none. */
    public CsvTraceWriter estimates(java.util.function.ToLongFunction<MethodInfo> estimates) {
        this.estimates = estimates;
        return this;
    }

    @Override
    public void begin(RecordingInfo info) throws IOException {
        out.write(HEADER);
        out.write("\r\n");
    }

    @Override
    public void event(TraceEvent e) throws IOException {
        row.setLength(0);
        field(EventKinds.name(e)).append(',');
        row.append(e.thread().id()).append(',');
        field(e.thread().label()).append(',');
        row.append(e.nanos()).append(',').append(e.depth()).append(',');
        if (e instanceof MethodEnter m) {
            method(m.method());
            row.append(",,,,");
            values(m.values());
            row.append(",,");
        } else if (e instanceof MethodExit m) {
            method(m.method());
            outcome(m.durationNanos(), m.kind(), m.exception());
            row.append(',');
            values(m.values());
            timed(m.method(), m.kind());
        } else if (e instanceof MethodCall m) {
            method(m.method());
            outcome(m.durationNanos(), m.kind(), m.exception());
            row.append(',');
            values(m.values());
            timed(m.method(), m.kind());
        } else if (e instanceof RecordsLost l) {
            row.append(",,,,,,,");
            field("{\"batches\":" + l.batches() + "}");
            row.append(",,,,");
        } else {
            row.append(",,,,,");
            if (e instanceof ExceptionEvent x && x.exception() != null) {
                field(x.exception().type()).append(',').append(x.exception().identity()).append(',');
            } else {
                row.append(",,");
            }
            field(Json.object(EventFields.of(e)));
            row.append(",,,,");
        }
        row.append("\r\n");
        out.append(row);
    }

    /** The {@code args} and {@code return} columns (after {@code details}, which calls leave empty). */
    private void values(CallValues values) {
        row.append(',');
        if (values == null) {
            row.append(',');
            return;
        }
        java.util.Map<String, Object> f = EventFields.callValues(values);
        field(Json.value(f.get("args"))).append(',');
        if (f.containsKey("return")) field(Json.value(f.get("return")));
    }

    @Override
    public io.jtrace.analysis.CallVisitor visitor(java.util.function.Supplier<CallValues> values) {
        return new io.jtrace.analysis.EventBuilder(values, e -> {
            try {
                event(e);
            } catch (IOException x) {
                throw new java.io.UncheckedIOException(x);
            }
        });
    }

    /** The {@code timed} and {@code estimated_nanos} columns of an ended call. */
    private void timed(MethodInfo m, ExitKind kind) {
        if (kind != ExitKind.RETURN_UNTIMED) {
            row.append(",true,");
            return;
        }
        row.append(",false,");
        long estimate = estimates.applyAsLong(m);
        if (estimate >= 0) row.append(estimate);
    }

    private void method(MethodInfo m) {
        field(m.className()).append(',');
        field(m.name()).append(',');
        field(m.descriptor()).append(',');
    }

    private void outcome(long duration, ExitKind kind, ExceptionRef exception) {
        if (kind != ExitKind.RETURN_UNTIMED) row.append(duration); // empty: not measured
        row.append(',').append(EventKinds.outcome(kind)).append(',');
        if (kind == ExitKind.EXCEPTION && exception != null) {
            if (exception.type() != null) field(exception.type());
            row.append(',').append(exception.identity());
        } else {
            row.append(',');
        }
    }

    /** Appends one field, quoted if it has to be. */
    private StringBuilder field(String s) {
        return field(row, s);
    }

    /** Appends {@code s} to a CSV row as one field (RFC 4180), quoted if it has to be; null appends nothing. */
    public static StringBuilder field(StringBuilder row, String s) {
        if (s == null) return row;
        boolean quote = false;
        for (int i = 0; i < s.length() && !quote; i++) {
            char c = s.charAt(i);
            quote = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        if (!quote) return row.append(s);
        row.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') row.append('"');
            row.append(c);
        }
        return row.append('"');
    }

    @Override
    public void end() throws IOException {
        out.flush();
    }
}
