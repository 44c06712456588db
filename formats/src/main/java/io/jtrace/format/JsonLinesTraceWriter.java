package io.jtrace.format;

import io.jtrace.text.EventKinds;
import com.fasterxml.jackson.core.JsonGenerator;
import io.jtrace.model.CallValues;
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
 * JSON Lines: one event per line, one JSON object each. The schema (docs/export.md, "JSON Lines schema"):
 * every line has {@code kind}, {@code thread}, {@code threadId}, {@code virtual}, {@code nanos}
 * (since tracing started) and {@code depth}; {@code enter}, {@code exit} and {@code call} add
 * {@code method}, {@code class}, {@code name}, {@code descriptor}; {@code exit} and {@code call}
 * add {@code durationNanos}, {@code outcome} (return, exception, unfinished) and, when left by
 * an exception, {@code exception} (type, null if unknown) and {@code exceptionId}; calls whose
 * values {@code run --args} recorded add {@code args} (enter, exit, call) and {@code return} (exit,
 * call; see {@link EventFields#callValues}); {@code lost} adds {@code batches}. Other kinds carry
 * their own fields by name.
 */
public final class JsonLinesTraceWriter implements TraceWriter {
    private final Writer out;
    private final java.io.OutputStream bytes;
    private JsonGenerator g;
    private final MethodNames names = new MethodNames();
    /** An untimed call's estimate ({@code summary}'s, per method; -1: none), written beside it as {@code estimatedNanos}. */
    private java.util.function.ToLongFunction<MethodInfo> estimates = m -> -1;

    public JsonLinesTraceWriter(Writer out) {
        this.out = out;
        this.bytes = null;
    }

    /** Writes UTF-8 bytes straight to {@code out}: several times faster than through a Writer. */
    public JsonLinesTraceWriter(java.io.OutputStream out) {
        this.out = null;
        this.bytes = out;
    }

    /** Writes each untimed call's estimate beside it ({@code estimatedNanos}): by method, -1 for none. */
    public JsonLinesTraceWriter estimates(java.util.function.ToLongFunction<MethodInfo> estimates) {
        this.estimates = estimates;
        return this;
    }

    @Override
    public void begin(RecordingInfo info) throws IOException {
        g = bytes != null ? Json.generator(bytes) : Json.generator(out);
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
            Json.writeFields(g, EventFields.callValues(m.values()));
        } else if (e instanceof MethodExit m) {
            method(m.method());
            outcome(m.method(), m.durationNanos(), m.kind(), m.exception());
            Json.writeFields(g, EventFields.callValues(m.values()));
        } else if (e instanceof MethodCall m) {
            method(m.method());
            outcome(m.method(), m.durationNanos(), m.kind(), m.exception());
            Json.writeFields(g, EventFields.callValues(m.values()));
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

    private void outcome(MethodInfo m, long duration, ExitKind kind, ExceptionRef exception) throws IOException {
        if (kind == ExitKind.RETURN_UNTIMED) g.writeNullField("durationNanos"); // not measured
        else g.writeNumberField("durationNanos", duration);
        g.writeStringField("outcome", EventKinds.outcome(kind));
        if (kind == ExitKind.RETURN_UNTIMED) {
            g.writeBooleanField("timed", false);
            long estimate = estimates.applyAsLong(m);
            if (estimate >= 0) g.writeNumberField("estimatedNanos", estimate);
        }
        if (kind == ExitKind.EXCEPTION) {
            g.writeStringField("exception", exception == null ? null : exception.type());
            g.writeNumberField("exceptionId", exception == null ? 0 : exception.identity());
        }
    }

    @Override
    public io.jtrace.analysis.CallVisitor visitor() {
        return visitor(null);
    }

    /**
     * The same lines as {@link #event}, given as a replay's visitor. Enter, exit and call lines (almost
     * all of a trace) are put together from pieces that Jackson serialized once per thread and per
     * method, and handed to the generator raw: a field-by-field generator call per line was most of
     * the export's time. Their recorded values, if any, are serialized per line. Other events go
     * through {@link #event}.
     */
    @Override
    public io.jtrace.analysis.CallVisitor visitor(java.util.function.Supplier<CallValues> values) {
        return new io.jtrace.analysis.CallVisitor() {
            private CallValues values() {
                return values == null ? null : values.get();
            }

            @Override
            public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
                callLine(ENTER_PREFIX, thread, nanos, depth, method, 0, null, null, values());
            }

            @Override
            public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                             ExceptionRef exception) {
                callLine(EXIT_PREFIX, thread, nanos, depth, method, duration, kind, exception, values());
            }

            @Override
            public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration, ExitKind kind,
                             ExceptionRef exception) {
                callLine(CALL_PREFIX, thread, nanos, depth, method, duration, kind, exception, values());
            }

            @Override
            public void other(TraceEvent e) {
                try {
                    event(e);
                } catch (IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            }
        };
    }

    private static final byte[] ENTER_PREFIX = ascii("{\"kind\":\"" + EventKinds.ENTER + "\",");
    private static final byte[] EXIT_PREFIX = ascii("{\"kind\":\"" + EventKinds.EXIT + "\",");
    private static final byte[] CALL_PREFIX = ascii("{\"kind\":\"" + EventKinds.CALL + "\",");
    private static final byte[] DEPTH = ascii(",\"depth\":"), DURATION = ascii(",\"durationNanos\":"),
            EXCEPTION = ascii(",\"exception\":"), EXCEPTION_ID = ascii(",\"exceptionId\":"), NULL = ascii("null"),
            UNTIMED = ascii(",\"timed\":false"), ESTIMATE = ascii(",\"estimatedNanos\":");
    private static final byte[][] OUTCOMES = new byte[ExitKind.values().length][];

    static {
        for (ExitKind k : ExitKind.values()) OUTCOMES[k.ordinal()] = ascii(",\"outcome\":\"" + EventKinds.outcome(k) + "\"");
    }

    private static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The line being put together, as UTF-8 bytes. */
    private byte[] line = new byte[512];
    private int length;
    private final java.util.Map<ThreadInfo, byte[]> threadPieces = new java.util.IdentityHashMap<>();
    private ThreadInfo lastThread;
    private byte[] lastThreadPiece;
    private MethodInfo[] piecesOwners = new MethodInfo[256];
    private byte[][] methodPieces = new byte[256][];
    private final java.util.Map<String, byte[]> exceptionTypes = new java.util.HashMap<>();

    private void callLine(byte[] prefix, ThreadInfo thread, long nanos, int depth, MethodInfo method, long duration,
                          ExitKind kind, ExceptionRef exception, CallValues values) {
        try {
            length = 0;
            put(prefix);
            put(threadPiece(thread));
            put(nanos);
            put(DEPTH);
            put(depth);
            put(methodPiece(method));
            if (kind != null) {
                put(DURATION);
                if (kind == ExitKind.RETURN_UNTIMED) put(NULL); // not measured
                else put(duration);
                put(OUTCOMES[kind.ordinal()]);
                if (kind == ExitKind.RETURN_UNTIMED) {
                    put(UNTIMED);
                    long estimate = estimates.applyAsLong(method);
                    if (estimate >= 0) {
                        put(ESTIMATE);
                        put(estimate);
                    }
                }
                if (kind == ExitKind.EXCEPTION) {
                    put(EXCEPTION);
                    put(exception == null || exception.type() == null ? NULL : quoted(exception.type()));
                    put(EXCEPTION_ID);
                    put(exception == null ? 0 : exception.identity());
                }
            }
            if (values != null) {
                String fields = Json.object(EventFields.callValues(values));
                put((byte) ',');
                put(ascii(fields.substring(1, fields.length() - 1)));
            }
            put((byte) '}');
            put((byte) '\n');
            if (bytes != null) {
                g.flush(); // what the generator holds first (nothing, unless another kind of event came before)
                bytes.write(line, 0, length);
            } else {
                g.writeRaw(new String(line, 0, length, java.nio.charset.StandardCharsets.UTF_8));
            }
        } catch (IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    /** {@code "thread":...,"threadId":...,"virtual":...,"nanos":} as Jackson writes them. */
    private byte[] threadPiece(ThreadInfo t) throws IOException {
        if (t == lastThread) return lastThreadPiece;
        byte[] piece = threadPieces.get(t);
        if (piece == null) {
            piece = ascii(fields(j -> {
                j.writeStringField("thread", t.label());
                j.writeNumberField("threadId", t.id());
                j.writeBooleanField("virtual", t.virtual());
            }) + ",\"nanos\":");
            threadPieces.put(t, piece);
        }
        lastThread = t;
        lastThreadPiece = piece;
        return piece;
    }

    /** {@code ,"method":...,"descriptor":...} as Jackson writes them, once per method. */
    private byte[] methodPiece(MethodInfo m) throws IOException {
        int id = m.id();
        boolean cached = id >= 0 && id < 1 << 20;
        if (cached && id < piecesOwners.length && piecesOwners[id] == m) return methodPieces[id];
        byte[] piece = ascii("," + fields(j -> {
            j.writeStringField("method", names.displayName(m));
            j.writeStringField("class", m.className());
            j.writeStringField("name", m.name());
            j.writeStringField("descriptor", m.descriptor());
        }));
        if (cached) {
            if (id >= piecesOwners.length) {
                piecesOwners = java.util.Arrays.copyOf(piecesOwners, Math.max(id + 1, piecesOwners.length * 2));
                methodPieces = java.util.Arrays.copyOf(methodPieces, piecesOwners.length);
            }
            piecesOwners[id] = m;
            methodPieces[id] = piece;
        }
        return piece;
    }

    private byte[] quoted(String s) throws IOException {
        byte[] q = exceptionTypes.get(s);
        if (q == null) {
            String f = fields(j -> j.writeStringField("x", s));
            q = ascii(f.substring(f.indexOf(':') + 1));
            exceptionTypes.put(s, q);
        }
        return q;
    }

    private interface Fields {
        void write(JsonGenerator g) throws IOException;
    }

    /** The fields as Jackson writes them inside an object, without the braces. */
    private static String fields(Fields f) throws IOException {
        java.io.StringWriter w = new java.io.StringWriter();
        try (JsonGenerator j = Json.generator(w)) {
            j.writeStartObject();
            f.write(j);
            j.writeEndObject();
        }
        String s = w.toString();
        return s.substring(1, s.length() - 1);
    }

    private void ensure(int n) {
        if (length + n > line.length) line = java.util.Arrays.copyOf(line, Math.max(line.length * 2, length + n));
    }

    private void put(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, line, length, b.length);
        length += b.length;
    }

    private void put(byte c) {
        ensure(1);
        line[length++] = c;
    }

    private void put(long v) {
        if (v < 0) {
            put(ascii(Long.toString(v)));
            return;
        }
        ensure(20);
        int start = length;
        do {
            line[length++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        for (int i = start, j = length - 1; i < j; i++, j--) {
            byte c = line[i];
            line[i] = line[j];
            line[j] = c;
        }
    }

    @Override
    public void end() throws IOException {
        if (g != null) g.close();
        if (out != null) out.flush();
        else bytes.flush();
    }
}
