package io.jtrace.write;

import io.jtrace.analysis.FrameContext;
import io.jtrace.read.EncodedRecord;
import io.jtrace.read.SymbolTable;
import io.jtrace.read.TraceIndex;
import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.events.TypeDefinitionEvent;
import io.jtrace.events.VariableDefinitionEvent;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableInfo;
import io.jtrace.runtime.RecordEncoder;
import io.jtrace.runtime.RecordFormat;
import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes model events as a new jtrace recording: a JFR recording started in this (the CLI's)
 * JVM with only jtrace's events enabled. Each thread's events are re-packed into
 * {@code jtrace.TraceBatch} events carrying the original thread id, name and times (readers use
 * the times in the payload, not JFR's timestamps); per-thread sequence numbers are renumbered
 * from 0 so that the reader sees no false gaps, and a gap in the input (lost records) stays a
 * gap. Method and type definitions and the session (with the original clock origin) are
 * written in every chunk, as the agent does. Works on JDK 17 (events are committed, not
 * written with JDK 19's RecordingFile writer API).
 */
public final class RecordingWriter implements AutoCloseable {
    /** A batch is cut at about this many payload bytes, like the tracer's 32 KB buffers. */
    private static final int BATCH_BYTES = 30 * 1024;

    private static final List<Class<? extends Event>> EVENTS = List.of(TraceBatchEvent.class,
            MethodDefinitionEvent.class, TypeDefinitionEvent.class, VariableDefinitionEvent.class, SessionEvent.class,
            TracerStatisticsEvent.class);

    /** One thread's batch being filled. */
    private static final class ThreadBatch extends FrameContext {
        final ThreadInfo thread;
        final RecordEncoder encoder = new RecordEncoder();
        long sequence;
        int startDepth;
        /** Method ids of the open frames written (0: unknown), for a RESYNC record's list. */
        int[] stack = new int[32];

        ThreadBatch(ThreadInfo thread) {
            super(32);
            this.thread = thread;
        }

        @Override
        protected void grow(int capacity) {
            stack = java.util.Arrays.copyOf(stack, capacity);
        }

        @Override
        protected void unknown(int level, long nanos) {
            stack[level] = 0;
        }

        void push(int methodId) {
            int level = pushLevel(); // before reading the array, which it may replace
            stack[level] = methodId;
        }

        void pop() {
            popLevel();
        }
    }

    private final TraceIndex index;
    private final Path output;
    private final Recording recording;
    private final Map<Long, ThreadBatch> threads = new HashMap<>();
    private final Runnable methodsHook = this::emitMethods;
    private final Runnable typesHook = this::emitTypes;
    private final Runnable variablesHook = this::emitVariables;
    private final Runnable sessionHook = this::emitSession;
    private final Runnable statisticsHook = this::emitStatistics;
    private volatile long records;
    private volatile long batches;
    private long calls;
    private long skipped;

    /**
     * One writer at a time in a JVM: JFR gives every event committed, and every periodic hook's
     * events, to every recording running in the JVM, so two writers at once would each write the
     * other's batches and definitions into its file (two filters run in one JVM by a program using
     * this library, or by the e2e suite running two test classes at a time). A second writer waits
     * for the first one's close.
     */
    private static final java.util.concurrent.Semaphore ONE_AT_A_TIME = new java.util.concurrent.Semaphore(1, true);
    /**
     * The one thread that starts and stops every writer's recording (the definitions written at a
     * chunk's start and end are written on that thread) and commits its batches. JDK 17's JFR clears
     * its cache of pooled strings (names of 17 to 127 chars) only in threads that were writing when a
     * chunk ended: a writer on another thread than the last one's referred to names that an earlier
     * recording had pooled and its own lacked (the JDK's parser shows them as N/A; jtrace reads the
     * file as damaged). RecordingWritersInOneJvmTest, on threads of their own. A bounded queue: the
     * replay waits when the commits fall behind.
     */
    private static final java.util.concurrent.ThreadPoolExecutor JFR_THREAD = new java.util.concurrent.ThreadPoolExecutor(
            1, 1, 0, java.util.concurrent.TimeUnit.MILLISECONDS, new java.util.concurrent.ArrayBlockingQueue<>(16), r -> {
                Thread t = new Thread(r, "jtrace-recording-writer");
                t.setDaemon(true);
                return t;
            }, (task, executor) -> {
                try {
                    executor.getQueue().put(task);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.util.concurrent.RejectedExecutionException(e);
                }
            });
    private boolean closed;
    /** The first failure of a commit on {@link #JFR_THREAD}, thrown at {@link #close}. */
    private volatile Throwable commitFailed;

    /** Starts the recording; {@code output} should exist already, created with the permissions it must keep. */
    public RecordingWriter(TraceIndex index, Path output) {
        ONE_AT_A_TIME.acquireUninterruptibly();
        try {
            this.index = index;
            this.output = output;
            recording = onJfrThread(this::start);
        } catch (RuntimeException | Error e) {
            removeHooks();
            ONE_AT_A_TIME.release();
            throw e;
        }
    }

    /** Runs {@code work} on {@link #JFR_THREAD} after everything handed to it before, and waits for it. */
    private static <T> T onJfrThread(java.util.concurrent.Callable<T> work) {
        java.util.concurrent.Future<T> f = JFR_THREAD.submit(work);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return f.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the recording's start or stop is not abandoned half-way
                }
            }
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) throw r;
            if (cause instanceof Error err) throw err;
            throw new IllegalStateException(cause);
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    private Recording start() {
        Map<String, String> settings = new HashMap<>();
        for (Class<? extends Event> c : EVENTS) {
            String name = c.getAnnotation(jdk.jfr.Name.class).value();
            settings.put(name + "#enabled", "true");
            settings.put(name + "#threshold", "0 ms");
            settings.put(name + "#stackTrace", "false");
            if (c != TraceBatchEvent.class) settings.put(name + "#period", "everyChunk");
            FlightRecorder.register(c);
        }
        FlightRecorder.addPeriodicEvent(MethodDefinitionEvent.class, methodsHook);
        FlightRecorder.addPeriodicEvent(TypeDefinitionEvent.class, typesHook);
        FlightRecorder.addPeriodicEvent(VariableDefinitionEvent.class, variablesHook);
        FlightRecorder.addPeriodicEvent(SessionEvent.class, sessionHook);
        FlightRecorder.addPeriodicEvent(TracerStatisticsEvent.class, statisticsHook);
        Recording r = new Recording(settings);
        r.setName("jtrace-filter");
        r.setToDisk(true);
        r.setDumpOnExit(false);
        r.start();
        return r;
    }

    /** Adds a call event (enter, exit, call) or a gap; any other kind needs its {@link EncodedRecord}. */
    public void event(TraceEvent e) {
        event(e, null);
    }

    /** As {@link #event(TraceEvent, EncodedRecord, EncodedRecord[])} for an event without recorded values. */
    public void event(TraceEvent e, EncodedRecord record) {
        event(e, record, null);
    }

    /**
     * Adds one event (events of a thread in order, depths as the kept frames give them). Calls and
     * gaps are encoded from the event; line, variable and exception events are written from
     * {@code record}, the record they were read from (re-timed, body copied verbatim: their
     * method, site and type ids stay valid because this writer writes the same definitions). A
     * call's {@code values} (its ARGUMENT and RETURN records, {@code CurrentRecord.takeValues}) are
     * copied the same way, the arguments after its enter, the return value before its exit.
     */
    public void event(TraceEvent e, EncodedRecord record, EncodedRecord[] values) {
        ThreadBatch b = threads.get(e.thread().id());
        if (b == null) {
            b = new ThreadBatch(e.thread());
            threads.put(e.thread().id(), b);
        }
        long origin = index.nanoOrigin();
        if (e instanceof MethodEnter m) {
            before(b, e.nanos() + origin);
            b.encoder.enter(m.method().id(), e.nanos() + origin);
            b.push(m.method().id());
            calls++;
            values(b, values, RecordFormat.ARGUMENT, e.nanos() + origin);
        } else if (e instanceof MethodExit m) {
            values(b, values, RecordFormat.RETURN, e.nanos() + origin);
            before(b, e.nanos() + origin);
            exit(b, e.nanos() + origin, m.kind(), m.exception());
        } else if (e instanceof MethodCall m && m.kind() == ExitKind.RETURN_UNTIMED) {
            before(b, e.nanos() + origin); // an untimed call stays untimed: no times to invent
            // its enter has a time of its own if its method went untimed in its leaf calls alone
            if (e.nanos() + origin == b.encoder.lastNanos()) b.encoder.enterUntimed(m.method().id());
            else b.encoder.enter(m.method().id(), e.nanos() + origin);
            b.push(m.method().id());
            calls++;
            values(b, values, RecordFormat.ARGUMENT, e.nanos() + origin);
            values(b, values, RecordFormat.RETURN, e.nanos() + origin);
            b.encoder.exitUntimed();
            b.pop();
        } else if (e instanceof MethodCall m) {
            before(b, e.nanos() + origin);
            b.encoder.enter(m.method().id(), e.nanos() + origin);
            b.push(m.method().id());
            calls++;
            values(b, values, RecordFormat.ARGUMENT, e.nanos() + origin);
            long end = e.nanos() + m.durationNanos() + origin;
            values(b, values, RecordFormat.RETURN, end);
            before(b, end);
            exit(b, end, m.kind(), m.exception());
        } else if (e instanceof RecordsLost l && l.batches() == 0) {
            // the tracer's own loss: a RESYNC record again, with the frames open now (those it
            // still lists go on; the others, unknown here, as id 0)
            before(b, e.nanos() + origin);
            b.lost(l);
            b.encoder.resync(e.nanos() + origin, b.stack, b.depth());
        } else if (e instanceof RecordsLost l) {
            flush(b);
            b.sequence += l.batches(); // keep the gap
            b.lost(l); // after lost batches no frame is kept
        } else if (record != null) {
            before(b, e.nanos() + origin);
            b.encoder.encoded(record.kind(), record.aux(), e.nanos() + origin, record.body());
        } else {
            skipped++; // no encoded record given for it
        }
    }

    /** The value records of {@code kind} among {@code values}, copied verbatim at {@code nanos}. */
    private void values(ThreadBatch b, EncodedRecord[] values, int kind, long nanos) {
        if (values == null) return;
        for (EncodedRecord r : values) {
            if (r.kind() != kind) continue;
            before(b, nanos);
            b.encoder.encoded(r.kind(), r.aux(), nanos, r.body());
        }
    }

    private void exit(ThreadBatch b, long nanos, ExitKind kind, io.jtrace.model.ExceptionRef x) {
        if (kind == ExitKind.UNFINISHED) {
            b.pop(); // the frame was still open when the input ended: it stays open here too (no record)
            return;
        }
        if (kind == ExitKind.EXCEPTION) {
            b.encoder.exitExceptional(nanos, x == null ? 0 : x.identity(), x == null ? 0 : index.symbols().typeId(x.type()));
        } else if (kind == ExitKind.RETURN_UNTIMED) {
            b.encoder.exitUntimed();
        } else {
            b.encoder.exit(nanos);
        }
        b.pop();
    }

    /** Before a record: start a batch if none is open, or cut the full one. */
    private void before(ThreadBatch b, long nanos) {
        if (b.encoder.records() > 0 && b.encoder.size() < BATCH_BYTES) return;
        if (b.encoder.records() > 0) flush(b);
        b.encoder.reset(nanos);
        b.startDepth = b.depth();
    }

    private void flush(ThreadBatch b) {
        if (b.encoder.records() == 0) return;
        TraceBatchEvent e = new TraceBatchEvent();
        e.threadId = b.thread.id();
        e.threadName = b.thread.name();
        e.virtualThread = b.thread.virtual();
        e.sequence = b.sequence++;
        e.baseNanos = b.encoder.baseNanos();
        e.startDepth = b.startDepth;
        e.recordCount = b.encoder.records();
        e.payload = b.encoder.payload();
        JFR_THREAD.execute(() -> {
            try {
                e.commit();
            } catch (Throwable t) {
                if (commitFailed == null) commitFailed = t;
            }
        });
        records += b.encoder.records();
        batches++;
        b.encoder.reset(0);
    }

    /** Writes a thread's last batch. */
    public void endThread(ThreadInfo thread) {
        ThreadBatch b = threads.remove(thread.id());
        if (b != null) flush(b);
    }

    public long records() {
        return records;
    }

    public long calls() {
        return calls;
    }

    /** Events left out because no encoded record came with them. */
    public long skipped() {
        return skipped;
    }

    /** Writes the remaining batches, stops the recording and writes it to the output file. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        try {
            for (ThreadBatch b : threads.values()) flush(b);
            threads.clear();
            onJfrThread(() -> recording.stop()); // after the batches handed over before it
            Throwable failed = commitFailed;
            if (failed instanceof RuntimeException r) throw r;
            if (failed instanceof Error err) throw err;
            // written here, not as the recording's destination: a destination that cannot be
            // written (a full disk) is only logged by the JDK, and the file left cut short
            try {
                recording.dump(output);
            } catch (IOException e) {
                throw new io.jtrace.format.OutputFailedException(e, output.toString());
            }
        } finally {
            recording.close();
            removeHooks();
            ONE_AT_A_TIME.release();
        }
    }

    private void removeHooks() {
        FlightRecorder.removePeriodicEvent(methodsHook);
        FlightRecorder.removePeriodicEvent(typesHook);
        FlightRecorder.removePeriodicEvent(variablesHook);
        FlightRecorder.removePeriodicEvent(sessionHook);
        FlightRecorder.removePeriodicEvent(statisticsHook);
    }

    // ---------------------------------------------------------------- definitions, every chunk

    private void emitMethods() {
        for (MethodInfo m : index.symbols().methods()) {
            MethodDefinitionEvent e = new MethodDefinitionEvent();
            e.methodId = m.id();
            e.className = m.className();
            e.methodName = m.name();
            e.descriptor = m.descriptor();
            e.sourceFile = m.sourceFile();
            e.line = m.line();
            e.modifiers = m.modifiers();
            e.commit();
        }
    }

    private void emitTypes() {
        SymbolTable symbols = index.symbols();
        for (Map.Entry<Integer, String> t : symbols.types().entrySet()) {
            TypeDefinitionEvent e = new TypeDefinitionEvent();
            e.typeId = t.getKey();
            e.typeName = t.getValue();
            e.superTypes = String.join(",", symbols.superTypes(t.getValue()));
            e.commit();
        }
    }

    private void emitVariables() {
        java.util.List<VariableInfo> all = new java.util.ArrayList<>();
        index.symbols().variables().forEach(all::add);
        index.symbols().callValueDefinitions().forEach(all::add);
        for (VariableInfo v : all) {
            VariableDefinitionEvent e = new VariableDefinitionEvent();
            e.siteId = v.siteId();
            e.methodId = v.methodId();
            e.kind = v.kind().label();
            e.name = v.name();
            e.type = v.type();
            e.slot = v.slot();
            e.ownerClass = v.ownerClass();
            e.line = v.line();
            e.write = v.write();
            e.redacted = v.redacted();
            e.commit();
        }
    }

    private void emitSession() {
        SessionEvent e = new SessionEvent();
        e.version = index.agentVersion();
        e.options = index.agentOptions();
        e.pid = index.pid();
        e.nanoOrigin = index.nanoOrigin();
        e.epochNanosOrigin = index.epochNanosOrigin();
        e.host = index.host();
        e.formatVersion = RecordEncoder.FORMAT; // the batches are written anew, in the encoder's format
        e.commit();
    }

    private void emitStatistics() {
        TracerStatisticsEvent e = new TracerStatisticsEvent();
        e.methods = index.symbols().methodCount();
        e.classesFailed = index.classesFailed();
        e.internalErrors = index.internalErrors();
        e.batches = batches;
        e.records = records;
        // the source's loss, so that every reader of the filtered file warns of it as of the source
        e.dataLossEvents = index.dataLossEvents();
        e.dataLossBytes = index.dataLossBytes();
        e.commit();
    }
}
