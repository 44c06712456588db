package io.jtrace.write.jfr;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.NumberedCalls;
import io.jtrace.format.EventFields;
import io.jtrace.model.EventKind;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExitKind;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
import io.jtrace.text.EventKinds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * Turns a replay's events into typed JFR events in the chunk being built: a
 * {@code jtrace.MethodCall} per call when it ends (its start is the enter), plus a
 * {@code jtrace.ExceptionUnwound} when it ended by an exception; one event per exception,
 * variable, line and gap record; and the JDK's {@code jdk.JavaExceptionThrow} or
 * {@code jdk.JavaErrorThrow} where an exception starts its journey. Each carries its thread and the
 * traced call stack at it. A call's self time comes from {@link NumberedCalls}, which the writer
 * puts in front of this encoder ({@link #ended}); an untimed call's estimate from
 * {@code jtrace summary}'s statistics when the writer has them.
 * Fields after the standard ones are written from the export's field values of the event
 * ({@link EventFields}: the names are the JSON Lines schema's), in their declared order.
 */
final class EventEncoder implements CallVisitor, NumberedCalls.Ended {
    /** Strings up to this long go to the chunk's string pool; longer ones (rare) are written in place. */
    private static final int POOLED_STRING = 80;
    /** Fields every instant event starts with: start time, thread, stack trace. */
    private static final int STANDARD_FIELDS = 3;

    private final EventTypes types;
    private final ChunkWriter chunk;
    private final ConstantPools pools;
    private final JfrBytes out;
    private final Set<EventKind> kinds;
    private final long[] written = new long[EventKind.values().length];
    private ThreadFrames[] threads = new ThreadFrames[16];
    /** The outcome strings' pool keys by {@link ExitKind} ordinal, for chunk {@link #outcomeGeneration}. */
    private final int[] outcomeKeys = new int[ExitKind.values().length];
    private int outcomeGeneration = -1;
    /** The self time of the call about to be written: {@link NumberedCalls} reports it just before. */
    private long endedSelf;
    /** An untimed call's estimated duration by method (0: none). */
    private ToLongFunction<MethodInfo> untimedEstimate = m -> 0;
    /** Whether an exception class is an Error, by name. */
    private final Map<String, Boolean> errors = new HashMap<>();

    EventEncoder(EventTypes types, ChunkWriter chunk, Set<EventKind> kinds) {
        this.types = types;
        this.chunk = chunk;
        this.pools = chunk.pools;
        this.out = chunk.events;
        this.kinds = kinds;
    }

    void untimedEstimates(ToLongFunction<MethodInfo> estimate) {
        this.untimedEstimate = estimate;
    }

    @Override
    public void call(ThreadInfo thread, long callId, long parentId, int depth, MethodInfo method, long startNanos,
                     long durationNanos, long selfNanos, ExitKind kind, ExceptionRef exception) {
        endedSelf = selfNanos;
    }

    long written(EventKind kind) {
        return written[kind.ordinal()];
    }

    private ThreadFrames frames(ThreadInfo t) {
        int i = t.ordinal();
        if (i >= threads.length) threads = Arrays.copyOf(threads, Math.max(threads.length * 2, i + 1));
        ThreadFrames f = threads[i];
        if (f == null) threads[i] = f = new ThreadFrames();
        return f;
    }

    @Override
    public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
        now(nanos);
        ThreadFrames f = frames(thread);
        f.align(depth);
        f.push(method);
    }

    @Override
    public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        now(nanos);
        ThreadFrames f = frames(thread);
        f.exiting(depth, method);
        int stack = f.stack(depth + 1, pools, chunk.generation());
        call(thread, nanos - durationNanos, depth, method, durationNanos, kind, exception, stack);
        f.align(depth);
    }

    @Override
    public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                     ExceptionRef exception) {
        now(nanos);
        ThreadFrames f = frames(thread);
        f.align(depth);
        int stack = f.stackWith(depth, method, pools, chunk.generation());
        call(thread, nanos, depth, method, durationNanos, kind, exception, stack);
    }

    /**
     * The call's event, and the exception's leaving the frame if it threw. An untimed call is
     * written with no duration at the time of its exit (its times are its neighbours', not its
     * own), {@code timed} false and its estimate in a field of its own.
     */
    private void call(ThreadInfo thread, long start, int depth, MethodInfo method, long duration, ExitKind kind,
                      ExceptionRef exception, int stack) {
        boolean timed = kind != ExitKind.RETURN_UNTIMED;
        if (!timed) {
            start += duration;
            duration = 0;
        }
        boolean threw = kind == ExitKind.EXCEPTION;
        String type = exception == null ? null : exception.type();
        long identity = exception == null ? 0 : exception.identity();
        if (kinds.contains(EventKind.CALLS)) {
            int threadKey = pools.thread(thread);
            int methodKey = pools.method(method);
            int outcome = outcome(kind);
            int at = chunk.beginEvent(types.methodCall, start + duration);
            out.writeVarLong(start);
            out.writeVarLong(duration);
            out.writeVarInt(threadKey);
            out.writeVarInt(stack);
            out.writeVarInt(methodKey);
            out.writeStringRef(outcome);
            writeString(threw ? type : null);
            out.writeVarLong(threw ? identity : 0);
            out.writeVarInt(depth);
            out.writeBoolean(timed);
            out.writeVarLong(timed ? endedSelf : 0);
            out.writeVarLong(timed ? 0 : untimedEstimate.applyAsLong(method));
            chunk.endEvent(at);
            written[EventKind.CALLS.ordinal()]++;
        }
        if (threw && kinds.contains(EventKind.EXCEPTIONS)) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("exception", type);
            fields.put("exceptionId", identity);
            event(types.exceptionUnwound, start + duration, thread, stack, fields, method);
            written[EventKind.EXCEPTIONS.ordinal()]++;
        }
        rollIfFull();
    }

    @Override
    public void other(TraceEvent e) {
        now(e.nanos());
        TypeDeclaration type;
        EventKind kind;
        MethodInfo method = null;
        if (e instanceof ExceptionEvent) {
            kind = EventKind.EXCEPTIONS;
            type = exceptionType(e);
        } else if (e instanceof VariableAccess v) {
            kind = EventKind.VARIABLES;
            type = types.variableAccess;
            method = v.method();
        } else if (e instanceof LineExecuted l) {
            kind = EventKind.LINES;
            type = types.line;
            method = l.method();
        } else if (e instanceof RecordsLost) {
            kind = null;
            type = types.recordsLost;
        } else {
            return; // a kind added later, not expanded yet
        }
        ThreadFrames f = frames(e.thread());
        f.align(e.depth());
        if (kind != null && !kinds.contains(kind)) return;
        int stack = f.stack(e.depth(), pools, chunk.generation());
        event(type, e.nanos(), e.thread(), stack, EventFields.of(e), method);
        if (e instanceof ExceptionThrown t && t.kind() != ThrowKind.RETHROWN && t.exception().isKnown()) jdkThrow(t, stack);
        if (kind != null) written[kind.ordinal()]++;
        rollIfFull();
    }

    /** The JDK's event for an exception that starts its journey (a rethrow is the same exception: none). */
    private void jdkThrow(ExceptionThrown t, int stack) {
        String type = t.exception().type();
        int threadKey = pools.thread(t.thread());
        int classKey = pools.classOf(type);
        boolean error = errors.computeIfAbsent(type, EventEncoder::isError);
        int at = chunk.beginEvent(error ? types.javaErrorThrow : types.javaExceptionThrow, t.nanos());
        out.writeVarLong(t.nanos());
        out.writeVarInt(threadKey);
        out.writeVarInt(stack);
        String message = t.message();
        if (message != null && message.length() <= POOLED_STRING) out.writeStringRef(pools.string(message));
        else out.writeString(message);
        out.writeVarInt(classKey);
        chunk.endEvent(at);
    }

    /**
     * Whether the exception class named is an Error: the JDK's classes are looked up (never
     * initialised); a recording does not say what other classes extend, so there the JDK's naming
     * convention decides (a name ending in Error).
     */
    static boolean isError(String className) {
        try {
            return Error.class.isAssignableFrom(Class.forName(className, false, ClassLoader.getPlatformClassLoader()));
        } catch (ClassNotFoundException | LinkageError notTheJdks) {
            return className.endsWith("Error");
        }
    }

    private TypeDeclaration exceptionType(TraceEvent e) {
        if (e instanceof io.jtrace.model.ExceptionThrown) return types.exceptionThrown;
        if (e instanceof io.jtrace.model.ExceptionCaught) return types.exceptionCaught;
        if (e instanceof io.jtrace.model.FinallyEntered) return types.finallyEntered;
        if (e instanceof io.jtrace.model.ExceptionSuppressed) return types.exceptionSuppressed;
        return types.exceptionUncaught;
    }

    /** An instant event: the standard fields, then {@code type}'s own from {@code fields} by name (the method fields: {@code method}). */
    private void event(TypeDeclaration type, long nanos, ThreadInfo thread, int stack, Map<String, Object> fields,
                       MethodInfo method) {
        int threadKey = pools.thread(thread);
        int methodKey = method == null ? 0 : pools.method(method);
        List<FieldDeclaration> declared = type.fields();
        int[] stringKeys = new int[declared.size()];
        for (int i = STANDARD_FIELDS; i < declared.size(); i++) {
            Object v = fields.get(declared.get(i).name());
            if (declared.get(i).type() == types.jdk.string && v != null && v.toString().length() <= POOLED_STRING) {
                stringKeys[i] = pools.string(v.toString());
            }
        }
        int at = chunk.beginEvent(type, nanos);
        out.writeVarLong(nanos);
        out.writeVarInt(threadKey);
        out.writeVarInt(stack);
        for (int i = STANDARD_FIELDS; i < declared.size(); i++) {
            FieldDeclaration field = declared.get(i);
            TypeDeclaration t = field.type();
            Object v = fields.get(field.name());
            if (t == types.jdk.method) {
                out.writeVarInt(methodKey);
            } else if (t == types.jdk.string) {
                if (stringKeys[i] != 0) out.writeStringRef(stringKeys[i]);
                else out.writeString(v == null ? null : v.toString());
            } else if (t == types.jdk.booleanType) {
                out.writeBoolean(Boolean.TRUE.equals(v));
            } else if (t == types.jdk.intType) {
                out.writeVarInt(v instanceof Number n ? n.intValue() : 0);
            } else {
                out.writeVarLong(v instanceof Number n ? n.longValue() : 0);
            }
        }
        chunk.endEvent(at);
    }

    private int outcome(ExitKind kind) {
        if (outcomeGeneration != chunk.generation()) {
            outcomeGeneration = chunk.generation();
            for (ExitKind k : ExitKind.values()) {
                outcomeKeys[k.ordinal()] = pools.string(EventKinds.outcome(k)); // untimed: the timed field says so
            }
        }
        return outcomeKeys[kind.ordinal()];
    }

    private void writeString(String s) {
        if (s == null) out.writeString(null);
        else out.writeStringRef(pools.string(s));
    }

    /** The replay reached {@code nanos}, before the record's events (see {@link ChunkWriter#now}). */
    private void now(long nanos) {
        try {
            chunk.now(nanos);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void rollIfFull() {
        try {
            chunk.rollIfFull();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
