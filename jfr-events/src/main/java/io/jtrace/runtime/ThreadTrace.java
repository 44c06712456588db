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
    /**
     * Test only ({@code -Djtrace.test.failAtRecord=N} on the target; see docs/testing.md): the
     * tracer fails once, as if out of stack, halfway through the N-th record written in the JVM,
     * so that tests can force the RESYNC path. A static final 0 otherwise: the JIT drops the check.
     */
    private static final long FAIL_AT_RECORD = Long.getLong("jtrace.test.failAtRecord", 0);
    private static final java.util.concurrent.atomic.AtomicLong RECORDS_FOR_TEST = new java.util.concurrent.atomic.AtomicLong();

    final Thread owner;
    final long threadId;
    final boolean virtual;
    /** {@link TraceRuntime#generation} when created: a trace from an earlier attach is replaced, not reused. */
    final int generation = TraceRuntime.generation;

    /** Method ids of open frames (traced frames only, including those beyond the depth limit). */
    private int[] stack = new int[32];
    int depth;

    private byte[] buf;
    private int pos;
    private int records;
    /** {@link #records} after the last timed record: the records since are untimed (for {@link MethodTiming}). */
    private int lastTimedRecord;
    private long sequence;
    private long baseNanos;
    private long lastNanos;
    private int batchStartDepth;
    /**
     * The innermost frame's enter was timed and no record since moved the time on (only untimed
     * callees' records, if any): at its exit the call counts as a leaf, and its duration is the
     * clock's difference (for {@link MethodTiming}).
     */
    private boolean leafOpen;
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

    // Out of stack or memory (a StackOverflowError or OutOfMemoryError can strike at any call
    // inside the tracer, or at the very call into it), the trace must stay decodable and its
    // frames in step with the reader's. A record is "open" from begin() until its writer sets
    // recordOpen = false; the next begin() rolls an open (torn) record back. A failed operation
    // marks the trace stale (Tracer's handlers; or bumps Tracer.failureEpoch if it never found
    // the trace); the next operation then rebuilds the stack of open frames from the real stack
    // (repairStack), and the next record is preceded by a RESYNC record carrying it, so the
    // reader knows that records are missing there and which frames are open. Flags are plain
    // stores: setting them cannot fail, even out of stack.
    /** A record was begun and not finished yet. */
    boolean recordOpen;
    /** Records are missing: the next record starts with a RESYNC record. */
    boolean lost;
    /** An operation on this trace failed: the stack of open frames may be wrong (see {@link #repairStack}). */
    boolean stale;
    /** Operations that failed since the last RESYNC record. */
    int failures;
    /** {@link Tracer#failureEpoch} as this trace last saw it. */
    int seenFailureEpoch = Tracer.failureEpoch;
    /** The out-of-stack or out-of-memory error the stack was last repaired for. */
    private Throwable repairedFor;
    private int recordPos;
    private int recordCount;
    /** Enter records in the buffer (counted once complete), for the agent's statistics. */
    private int calls;
    /** Exit records without a time in the buffer: calls recorded untimed, for the agent's statistics. */
    private int untimedCalls;
    private long recordLastNanos;
    private long recordSequence;

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
        if (d >= Tracer.maxDepth) {
            leafOpen = false;
            return;
        }
        if (MethodTiming.untimed(methodId)) {
            beginUntimed(RecordFormat.ENTER_UNTIMED, methodId);
        } else {
            begin(RecordFormat.ENTER, methodId, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
            leafOpen = true;
        }
        recordOpen = false;
        calls++;
    }

    void exit(int methodId) {
        int d = depth - 1;
        if (d < 0 && !(Tracer.attached && enteredBeforeTracing(methodId))) return; // its enter was not traced
        d = depth - 1;
        if (stack[d] != methodId) {
            d = unwindTo(methodId, null);
            if (d < 0) return;
        }
        depth = d;
        if (trail != null) trail.dropAbove(d);
        if (d >= Tracer.maxDepth) return;
        long now;
        byte timing = MethodTiming.state(methodId);
        if (timing == MethodTiming.UNTIMED) {
            // (a call entered timed just before another thread decided its method untimed ends
            // untimed too, and keeps its caller a leaf: that caller may then go unmeasured, never
            // given a duration it did not have)
            beginUntimed(RecordFormat.EXIT, RecordFormat.EXIT_UNTIMED);
            untimedCalls++;
            now = lastNanos;
        } else if (timing == MethodTiming.LEAF_UNTIMED && leafOpen) {
            beginUntimed(RecordFormat.EXIT, RecordFormat.EXIT_UNTIMED);
            untimedCalls++;
            leafOpen = false; // its enter read the clock: its caller is no leaf
            now = lastNanos;
        } else {
            now = System.nanoTime();
            if (timing == MethodTiming.WATCHED) MethodTiming.observe(methodId, leafOpen, now - lastNanos, records - lastTimedRecord);
            beginExit(now);
        }
        recordOpen = false;
        if (d == 0) flushAtRoot(now);
    }

    void exitExceptional(int methodId, Throwable t) {
        int d = depth - 1;
        if (d < 0 && !(Tracer.attached && enteredBeforeTracing(methodId))) return;
        d = depth - 1;
        if (stack[d] != methodId) {
            d = unwindTo(methodId, t);
            if (d < 0) return;
        }
        depth = d;
        if (d >= Tracer.maxDepth) return;
        long now = System.nanoTime();
        long identity = identity(t);
        int type = TypeRegistry.idOf(t);
        begin(RecordFormat.EXIT_EXCEPTIONAL, 0, now, RecordFormat.MAX_FIXED_RECORD);
        putVarLong(identity);
        putVarLong(type);
        recordOpen = false;
        if (d == 0) flushAtRoot(now);
    }

    /**
     * Attach: an exit with no open frame belongs to a call that was already running (instrumented
     * code of an earlier attach) when tracing started. A RESYNC record with aux 0 (a real RESYNC
     * counts at least one failure) opens it, so the reader shows it as entered before tracing and
     * every analysis sees a balanced enter and exit. Returns true (the frame is open now).
     */
    boolean enteredBeforeTracing(int methodId) {
        stack[0] = methodId;
        begin(RecordFormat.RESYNC, 0, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD + 10);
        putVarLong(1);
        putVarLong(methodId);
        recordOpen = false;
        depth = 1;
        return true;
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
        long identity = identity(thrown);
        int type = TypeRegistry.idOf(thrown);
        while (depth - 1 > k) {
            depth--;
            if (depth < Tracer.maxDepth) {
                begin(RecordFormat.EXIT_EXCEPTIONAL, 0, System.nanoTime(), RecordFormat.MAX_FIXED_RECORD);
                putVarLong(identity);
                putVarLong(type);
                recordOpen = false;
            }
        }
        return k;
    }

    /**
     * After a failure (here, or on a thread whose trace we could not even find): calls may have
     * entered or left unseen, so the stack of open frames is rebuilt from the real stack, and the
     * next record starts with a RESYNC record carrying it. {@code entering}: called from
     * {@link Tracer#enter}, whose caller is not open yet.
     */
    void repairStack(boolean entering) {
        int[] real = TracedFrames.onStack(entering);
        seenFailureEpoch = Tracer.failureEpoch;
        stale = false;
        // Nothing to tell the reader if nothing failed here and the frames are as we had them (a
        // failure on another thread, or an error the program caught while the tracer kept up).
        if (failures == 0 && java.util.Arrays.equals(real, 0, real.length, stack, 0, depth)) return;
        int[] s = stack.length >= real.length ? stack : new int[Math.max(32, real.length * 2)];
        System.arraycopy(real, 0, s, 0, real.length);
        stack = s;
        depth = real.length;
        if (trail != null) trail.dropAbove(depth);
        lost = true;
    }

    /**
     * An exception handler or an exceptional exit sees {@code thrown}: if it is the JVM running
     * out of stack or memory, our own calls may have failed before they could record anything
     * while it unwound (a StackOverflowError thrown at the very call into the tracer): repair the
     * stack, once per such error.
     */
    void checkAfter(Throwable thrown) {
        if (thrown instanceof VirtualMachineError && thrown != repairedFor) {
            repairedFor = thrown;
            repairStack(false);
        }
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

    // Records are written in format 3 (RecordFormat's class comment; RecordFormat.put*Start3 and
    // putExit3 say which kind takes which form).

    /**
     * Starts a record other than an exit: makes room for {@code room} bytes (flushing a full buffer
     * first) and writes the header and time delta. Callers then append the body and set
     * {@code recordOpen = false}.
     */
    void begin(int kind, long aux, long now, int room) {
        start(kind, now, room);
        pos = RecordFormat.putTimedStart3(buf, pos, kind, aux);
        long delta = RecordFormat.delta(now, lastNanos);
        putVarLong(delta);
        lastNanos += delta;
        counted();
        lastTimedRecord = records;
    }

    /** A record's header is written: it counts, and the test-only failure ({@link #FAIL_AT_RECORD}) strikes here, halfway through it. */
    private void counted() {
        records++;
        if (FAIL_AT_RECORD > 0 && RECORDS_FOR_TEST.incrementAndGet() == FAIL_AT_RECORD) {
            throw new StackOverflowError("jtrace test: the tracer fails at record " + FAIL_AT_RECORD);
        }
    }

    /** A timed EXIT record: one char if its delta is under 37 ns; it has no body. */
    void beginExit(long now) { // package-private for Format2Test
        start(RecordFormat.EXIT, now, RecordFormat.MAX_FIXED_RECORD);
        long delta = RecordFormat.delta(now, lastNanos);
        pos = RecordFormat.putExit3(buf, pos, delta);
        lastNanos += delta;
        counted();
        lastTimedRecord = records;
    }

    /**
     * Starts an untimed record (an enter or exit of a method whose calls go without clock reads,
     * see {@link MethodTiming}): no time delta, the reader gives it the previous record's time.
     * The first record of a batch still reads the clock, for the batch's base time.
     */
    void beginUntimed(int kind, long aux) { // package-private for Format2Test
        byte[] b = buf;
        // Most records: mid-batch, nothing to resynchronize or flush, room left. Nothing here can
        // fail halfway (the record's units go into the buffer and pos moves once they are all
        // there), so it needs no roll-back point; the time base does not move, leafOpen stays.
        if (records != 0 && !recordOpen && !lost && !flushRequested && pos + RecordFormat.MAX_FIXED_RECORD < b.length) {
            pos = RecordFormat.putUntimedStart3(b, pos, kind, aux);
            counted();
            return;
        }
        // Untimed callees keep their caller a leaf for MethodTiming (no clock read between its enter
        // and exit), unless this record moved the time base (a new batch, a RESYNC).
        boolean leaf = leafOpen;
        long before = lastNanos;
        start(kind, records == 0 || recordOpen || lost ? System.nanoTime() : lastNanos, RecordFormat.MAX_FIXED_RECORD);
        leafOpen = leaf && lastNanos == before;
        pos = RecordFormat.putUntimedStart3(buf, pos, kind, aux);
        counted();
    }

    /**
     * Starts the record of a call's value (ARGUMENT, RETURN; see {@code run --args}): untimed, as it
     * has the time of the record it belongs to, so no clock read, even at a batch's start (the base
     * time is then the last record's). Not a callee: a leaf call it belongs to stays a leaf for
     * {@link MethodTiming}. Callers append the body and set {@code recordOpen = false}.
     */
    void beginValue(int kind, long aux, int room) {
        boolean leaf = leafOpen;
        start(kind, lastNanos, room);
        leafOpen = leaf;
        pos = RecordFormat.putUntimedStart3(buf, pos, kind, aux);
        counted();
        lastTimedRecord = records; // not a callee's record: MethodTiming counts only those (fewer is the safe side)
    }

    /** What every record does first: a RESYNC if records were lost, a requested flush, room, the rollback point. */
    private void start(int kind, long now, int room) {
        leafOpen = false;
        if (recordOpen || lost) resync(kind, now);
        // not between an enter and its arguments: a live view shows a batch's last enter at once
        if (flushRequested && kind != RecordFormat.ARGUMENT) {
            flushRequested = false;
            flush();
        }
        if (buf == null || pos + room + 1 > buf.length) makeRoom(room + 1); // + 1: the batch's format
        recordPos = pos; // before the format unit: a torn first record takes it away too
        recordCount = records;
        recordLastNanos = lastNanos;
        recordSequence = sequence;
        recordOpen = true;
        if (records == 0) {
            buf[pos++] = RecordFormat.FORMAT_3;
            baseNanos = now;
            lastNanos = now;
            batchStartDepth = depthBefore(kind);
        }
    }

    /**
     * After a failure: drops the torn record if there is one, then writes a RESYNC record (see
     * {@link RecordFormat#RESYNC}) with the traced frames open now.
     */
    /**
     * Traced frames open before a record of {@code kind}: enter and exit change the stack before
     * they write their record ({@code stack[depth]} still holds a frame just left).
     */
    private int depthBefore(int kind) {
        return kind == RecordFormat.ENTER || kind == RecordFormat.ENTER_UNTIMED ? depth - 1
                : kind == RecordFormat.EXIT || kind == RecordFormat.EXIT_EXCEPTIONAL ? depth + 1 : depth;
    }

    private void resync(int kind, long now) {
        if (recordOpen && recordSequence == sequence && recordPos <= pos) {
            pos = recordPos;
            records = recordCount;
            lastNanos = recordLastNanos;
        }
        recordOpen = false;
        int failed = Math.max(1, failures);
        lost = false; // before begin(): it must not come back here
        int n = Math.min(depthBefore(kind), Tracer.maxDepth);
        begin(RecordFormat.RESYNC, failed, now, RecordFormat.MAX_FIXED_RECORD + 10 * n);
        putVarLong(n);
        for (int i = 0; i < n; i++) putVarLong(stack[i]);
        recordOpen = false;
        failures = 0;
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
        pos = RecordFormat.putVarLong3(buf, pos, v);
    }

    void putZigZag(long v) {
        putVarLong((v << 1) ^ (v >> 63));
    }

    /** Room a string of up to {@code maxChars} chars may need: its length, then up to 4 digits a char (format 3). */
    static int stringRoom(int maxChars) {
        return 8 + 4 * maxChars;
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
        if (recordOpen && recordSequence == sequence && recordPos <= pos) {
            // the owner failed halfway through a record and wrote nothing since (it died, or the
            // JVM is shutting down): never write a torn record
            pos = recordPos;
            records = recordCount;
            lastNanos = recordLastNanos;
            recordOpen = false;
            lost = true;
        }
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
            TraceRuntime.batchWritten(records, calls, untimedCalls, pos, sequence == 0);
        } catch (Throwable t) {
            TraceRuntime.internalError(t);
        } finally {
            sequence++;
            lastTimedRecord -= records; // still counts the records since the last timed one, across batches
            records = 0;
            calls = 0;
            untimedCalls = 0;
            pos = 0;
            busy = wasBusy;
        }
    }

    boolean isEmpty() {
        return records == 0;
    }

    /** Records in the buffer, not yet handed to JFR (for the tests' RuntimeAccess). */
    int bufferedRecords() {
        return records;
    }
}
