package io.jtrace.write;

import io.jtrace.analysis.FrameContext;
import io.jtrace.read.EncodedRecord;
import io.jtrace.read.TraceIndex;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.runtime.RecordEncoder;
import io.jtrace.runtime.RecordFormat;
import io.jtrace.write.jfr.BatchRecording;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes model events as a new jtrace recording ({@link BatchRecording}: JFR chunks in the agent's
 * event types, written by jtrace's own writer). Each thread's events are re-packed into
 * {@code jtrace.TraceBatch} events carrying the original thread id, name and times; per-thread
 * sequence numbers are renumbered from 0 so that the reader sees no false gaps, and a gap in the
 * input (lost records) stays a gap. Method and type definitions and the session (with the original
 * clock origin) are written in every chunk, as the agent does.
 */
public final class RecordingWriter implements AutoCloseable {
    /** A batch is cut at about this many payload bytes, like the tracer's 32 KB buffers. */
    private static final int BATCH_BYTES = 30 * 1024;

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
    private final BatchRecording recording;
    private final Map<Long, ThreadBatch> threads = new HashMap<>();
    private long calls;
    private long untimedCalls;
    private long skipped;

    /** Opens {@code output}, which should exist already, created with the permissions it must keep. */
    public RecordingWriter(TraceIndex index, Path output) {
        this.index = index;
        this.output = output;
        try {
            recording = new BatchRecording(index, output);
        } catch (IOException e) {
            throw new io.jtrace.format.OutputFailedException(e, output.toString());
        }
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
            untimedCalls++;
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
            untimedCalls++;
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
        try {
            recording.calls(calls, untimedCalls);
            recording.batch(b.thread.id(), b.thread.name(), b.thread.virtual(), b.sequence++, b.encoder.baseNanos(),
                    b.encoder.lastNanos(), b.startDepth, b.encoder.records(), b.encoder.payloadBytes(), b.encoder.size());
        } catch (IOException e) {
            throw new io.jtrace.format.OutputFailedException(e, output.toString());
        }
        b.encoder.reset(0);
    }

    /** Writes a thread's last batch. */
    public void endThread(ThreadInfo thread) {
        ThreadBatch b = threads.remove(thread.id());
        if (b != null) flush(b);
    }

    public long records() {
        return recording.records();
    }

    public long calls() {
        return calls;
    }

    /** Events left out because no encoded record came with them. */
    public long skipped() {
        return skipped;
    }

    /** Writes the remaining batches and ends the recording (after a failed write, the recording only closes the file). */
    @Override
    public void close() throws IOException {
        try (recording) {
            for (ThreadBatch b : threads.values()) flush(b);
            threads.clear();
            recording.calls(calls, untimedCalls);
        } catch (IOException e) {
            throw new io.jtrace.format.OutputFailedException(e, output.toString());
        }
    }
}
