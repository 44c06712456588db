package io.jtrace.runtime;

import io.jtrace.events.TraceBatchEvent;

import java.nio.charset.StandardCharsets;

/**
 * One thread's trace state: its stack of open traced frames and the buffer of records not yet
 * written. Only the owning thread appends; other threads flush it only when the owner is dead
 * or the JVM is shutting down (see {@link TraceRuntime}).
 */
final class ThreadTrace {
    /** Largest buffer; a full buffer becomes one JFR event (~20-30 KB, ~4k calls). */
    static final int MAX_BUFFER = 32 * 1024;
    private static final int INITIAL_BUFFER = 512;
    /** A platform thread back at depth 0 flushes if its batch is older than this. */
    private static final long ROOT_FLUSH_AGE_NANOS = 200_000_000L;

    final Thread owner;
    final long threadId;
    final boolean virtual;

    /** Method ids of open frames (traced frames only, including those beyond the depth limit). */
    private int[] stack = new int[32];
    int depth;

    private byte[] buf;
    private int pos;
    private int records;
    private long sequence;
    private long baseNanos;
    private long lastNanos;
    private int batchStartDepth;
    /** Set while the tracer itself runs on this thread: nested traced calls are ignored. */
    boolean busy;
    /**
     * Set by the flusher thread once a second: the owner writes its batch at its next record,
     * so a busy thread's records reach the recording within about a second (a JVM killed with
     * SIGKILL then loses at most that much). Volatile: reading it costs a plain load.
     */
    volatile boolean flushRequested;
    /** Exceptions this thread recently threw or handled; null until the first one. */
    ExceptionTrail trail;

    ThreadTrace(Thread owner, boolean virtual) {
        this.owner = owner;
        this.threadId = owner.getId();
        this.virtual = virtual;
    }

    // ---------------------------------------------------------------- calls

    void enter(int methodId) {
        int d = depth;
        if (d == stack.length) stack = java.util.Arrays.copyOf(stack, d * 2);
        stack[d] = methodId;
        depth = d + 1;
        if (d >= Tracer.maxDepth) return;
        long now = System.nanoTime();
        begin(RecordFormat.ENTER, methodId, now, RecordFormat.MAX_FIXED_RECORD);
    }

    void exit(int methodId) {
        int d = depth - 1;
        if (d < 0) return; // its enter was not traced
        if (stack[d] != methodId) {
            d = unwindTo(methodId, null);
            if (d < 0) return;
        }
        depth = d;
        if (trail != null) trail.dropAbove(d);
        if (d >= Tracer.maxDepth) return;
        long now = System.nanoTime();
        begin(RecordFormat.EXIT, 0, now, RecordFormat.MAX_FIXED_RECORD);
        if (d == 0) flushAtRoot(now);
    }

    void exitExceptional(int methodId, Throwable t) {
        int d = depth - 1;
        if (d < 0) return;
        if (stack[d] != methodId) {
            d = unwindTo(methodId, t);
            if (d < 0) return;
        }
        depth = d;
        if (d >= Tracer.maxDepth) return;
        long now = System.nanoTime();
        begin(RecordFormat.EXIT_EXCEPTIONAL, 0, now, RecordFormat.MAX_FIXED_RECORD);
        putVarLong(identity(t));
        putVarLong(TypeRegistry.idOf(t));
        if (d == 0) flushAtRoot(now);
    }

    void caught(int methodId, Throwable t) {
        if (depth > 0 && stack[depth - 1] != methodId) unwindTo(methodId, t);
    }

    /**
     * Frames above the innermost frame of {@code methodId} vanished without an exit record
     * (a constructor that threw before {@code super()} returned cannot be covered by a
     * handler). Close them as exceptional exits of {@code thrown} (null if unknown) and return
     * the depth of {@code methodId}'s frame, or -1 if it is not on the stack (nothing changes).
     */
    int unwindTo(int methodId, Throwable thrown) {
        int k = depth - 1;
        while (k >= 0 && stack[k] != methodId) k--;
        if (k < 0) return -1;
        while (depth - 1 > k) {
            depth--;
            if (depth < Tracer.maxDepth) {
                begin(RecordFormat.EXIT_EXCEPTIONAL, 0, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
                putVarLong(identity(thrown));
                putVarLong(TypeRegistry.idOf(thrown));
            }
        }
        return k;
    }

    ExceptionTrail trail() {
        if (trail == null) trail = new ExceptionTrail();
        return trail;
    }

    /** Method id of the innermost open frame, or -1. */
    int currentMethod() {
        return depth > 0 ? stack[depth - 1] : -1;
    }

    // ---------------------------------------------------------------- encoding

    /**
     * Starts a record: makes room for {@code room} bytes (flushing a full buffer first) and
     * writes the header and time delta. Callers then append the body.
     */
    void begin(int kind, long aux, long now, int room) {
        if (flushRequested) {
            flushRequested = false;
            flush();
        }
        if (buf == null || pos + room > buf.length) makeRoom(room);
        if (records == 0) {
            baseNanos = now;
            lastNanos = now;
            batchStartDepth = kind == RecordFormat.ENTER ? depth - 1 : (kind == RecordFormat.EXIT
                    || kind == RecordFormat.EXIT_EXCEPTIONAL ? depth + 1 : depth);
        }
        putVarLong((aux << 4) | kind);
        long delta = now - lastNanos;
        putVarLong(delta < 0 ? 0 : delta);
        lastNanos = now;
        records++;
    }

    private void makeRoom(int room) {
        if (buf == null) {
            buf = new byte[Math.max(INITIAL_BUFFER, room)];
            return;
        }
        if (buf.length < MAX_BUFFER && pos + room <= MAX_BUFFER) {
            buf = java.util.Arrays.copyOf(buf, Math.min(MAX_BUFFER, Math.max(buf.length * 2, pos + room)));
            return;
        }
        flush();
        if (buf.length < room) buf = new byte[room];
    }

    void putVarLong(long v) {
        byte[] b = buf;
        int p = pos;
        while ((v & ~(long) RecordFormat.MASK) != 0) {
            b[p++] = (byte) ((v & RecordFormat.MASK) | RecordFormat.MORE);
            v >>>= RecordFormat.BITS;
        }
        b[p++] = (byte) v;
        pos = p;
    }

    void putZigZag(long v) {
        putVarLong((v << 1) ^ (v >> 63));
    }

    /** Room a string of up to {@code maxChars} chars may need. */
    static int stringRoom(int maxChars) {
        return 4 + 3 * maxChars;
    }

    /** Writes at most {@code maxChars} chars of {@code s}; 0 = null, n + 1 = n chars. */
    void putString(String s, int maxChars) {
        if (s == null) {
            putVarLong(0);
            return;
        }
        int n = Math.min(s.length(), maxChars);
        putVarLong(n + 1L);
        for (int i = 0; i < n; i++) putVarLong(s.charAt(i));
    }

    static long identity(Object o) {
        return o == null ? 0 : System.identityHashCode(o) & 0xffffffffL;
    }

    // ---------------------------------------------------------------- flushing

    private void flushAtRoot(long now) {
        if (virtual || now - baseNanos > ROOT_FLUSH_AGE_NANOS) {
            flush();
            if (virtual) buf = null; // a finished virtual thread should not pin a buffer
        }
    }

    /** Writes the buffered records as one JFR event. */
    void flush() {
        if (records == 0) return;
        boolean wasBusy = busy;
        busy = true;
        try {
            TraceBatchEvent e = new TraceBatchEvent();
            e.threadId = threadId;
            e.threadName = owner.getName();
            e.virtualThread = virtual;
            e.sequence = sequence;
            e.baseNanos = baseNanos;
            e.startDepth = batchStartDepth;
            e.recordCount = records;
            e.payload = new String(buf, 0, pos, StandardCharsets.ISO_8859_1);
            e.commit();
            TraceRuntime.batchWritten(records);
        } catch (Throwable t) {
            TraceRuntime.internalError(t);
        } finally {
            sequence++;
            records = 0;
            pos = 0;
            busy = wasBusy;
        }
    }

    boolean isEmpty() {
        return records == 0;
    }
}
