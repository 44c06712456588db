package io.jtrace.read;

import io.jtrace.model.ThreadInfo;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What one read of a recording learned: definitions, threads and where each thread's batches
 * are, in sequence order. Replay the records with {@code replay.Replay} (or step through one thread with {@code replay.ThreadTimeline.of}).
 */
public final class TraceIndex implements AutoCloseable {
    /** Where one batch's payload sits: in the recording itself, or in the spill store if {@code spilled}. */
    public record BatchRef(long sequence, long offset, int length, long baseNanos, int startDepth, int records, boolean spilled) {}

    /** One thread's batches, sorted by sequence once reading is done. */
    public static final class ThreadBatches {
        final long threadId;
        String name;
        boolean virtual;
        final List<BatchRef> batches = new ArrayList<>();
        ThreadInfo info;

        ThreadBatches(long threadId) {
            this.threadId = threadId;
        }

        public long firstNanos() {
            return batches.isEmpty() ? Long.MAX_VALUE : batches.get(0).baseNanos();
        }

        /** The batches, in sequence order once reading is done. */
        public List<BatchRef> batches() {
            return batches;
        }

        public ThreadInfo info() {
            return info;
        }
    }

    final Path file;
    final SymbolTable symbols = new SymbolTable();
    final List<ThreadBatches> threads = new ArrayList<>();
    final PayloadFile recording;
    /** Payloads JFR did not store one byte per char, decoded and spilled; null until one is. */
    private BatchStore store;
    long nanoOrigin = Long.MIN_VALUE;
    long epochNanosOrigin;
    String agentOptions;
    String agentVersion;
    long pid;
    int formatVersion;
    /** The traced machine's name (the session event's; null for an older agent's recording or where unknown). */
    String host;
    /** The JVM's own description (its first {@code jdk.JVMInformation} event); null where the recording has none. */
    String jvmName;
    String jvmVersion;
    String javaArguments;
    /** The agent's latest statistics (the most records): records, calls and untimed calls it counted; -1 where absent. */
    long statisticsRecords = -1;
    long statisticsCalls = -1;
    long statisticsUntimed = -1;
    /** Execution samples ({@code jtrace run --sample}); bounded by distinct stacks. */
    final SampleProfile samples = new SampleProfile(100_000);
    long records;
    long batches;
    long dataLossEvents;
    long dataLossBytes;
    /** The loss of the recording a filtered one was made from (jtrace.TracerStatistics). */
    long carriedDataLossEvents;
    long carriedDataLossBytes;
    long internalErrors;
    long classesFailed;
    long lastNanos = Long.MIN_VALUE;
    /** Bytes the index's read of the file took (payloads are counted as replays read them). */
    long scanBytes;
    boolean sawJtraceEvents;
    /** Set if the file ended in the middle of a chunk or an event: what was read is still usable. */
    String damage;

    TraceIndex(Path file) throws IOException {
        this.file = file;
        this.recording = new PayloadFile(file);
    }

    /** Spills a payload that is not in the recording byte for byte; returns its offset in the spill store. */
    long spill(String payload) throws IOException {
        if (store == null) store = new BatchStore();
        return store.append(payload);
    }

    void finishSpilling() throws IOException {
        if (store != null) store.finishWriting();
    }

    /** A batch's payload bytes, in {@code into} if it is large enough. */
    public byte[] payload(BatchRef b, byte[] into) {
        return b.spilled() ? store.read(b.offset(), b.length(), into) : recording.read(b.offset(), b.length(), into);
    }

    void finish() {
        long minBase = Long.MAX_VALUE;
        for (ThreadBatches t : threads) {
            t.batches.sort(Comparator.comparingLong(BatchRef::sequence));
            minBase = Math.min(minBase, t.firstNanos());
        }
        threads.sort(Comparator.comparingLong(ThreadBatches::firstNanos).thenComparingLong(t -> t.threadId));
        for (int i = 0; i < threads.size(); i++) {
            ThreadBatches t = threads.get(i);
            t.info = new ThreadInfo(t.threadId, t.name, t.virtual, i);
        }
        if (nanoOrigin == Long.MIN_VALUE) nanoOrigin = minBase == Long.MAX_VALUE ? 0 : minBase;
    }

    public Path file() {
        return file;
    }

    public SymbolTable symbols() {
        return symbols;
    }

    public List<ThreadInfo> threads() {
        List<ThreadInfo> list = new ArrayList<>(threads.size());
        for (ThreadBatches t : threads) list.add(t.info);
        return list;
    }

    /**
     * Bytes read from the recording so far: the read that built the index plus every payload
     * replayed since. One full replay of a recording should read it about once.
     */
    public long bytesRead() {
        return scanBytes + recording.bytesRead();
    }

    public long records() {
        return records;
    }

    public long batches() {
        return batches;
    }

    /** Places where JFR lost events while recording (this file's jdk.DataLoss, and its source's if filtered). */
    public long dataLossEvents() {
        return dataLossEvents + carriedDataLossEvents;
    }

    public long dataLossBytes() {
        return dataLossBytes + carriedDataLossBytes;
    }

    public long internalErrors() {
        return internalErrors;
    }

    public long classesFailed() {
        return classesFailed;
    }

    public long epochNanosOrigin() {
        return epochNanosOrigin;
    }

    public String agentOptions() {
        return agentOptions;
    }

    public String agentVersion() {
        return agentVersion;
    }

    public long pid() {
        return pid;
    }

    /**
     * The record format the tracer declared in its {@code jtrace.Session} event: the format its
     * batches are in (RecordEncoder.FORMAT, 3 since issue 40). Recordings of format 2 declared 1;
     * the reader goes by each batch's own first unit, never by this.
     */
    public int formatVersion() {
        return formatVersion;
    }

    /** The name of the machine the traced JVM ran on, or null if the recording does not say (an older agent's). */
    public String host() {
        return host;
    }

    /** The traced JVM's name ({@code jdk.JVMInformation}: "OpenJDK 64-Bit Server VM"), or null if the recording does not say. */
    public String jvmName() {
        return jvmName;
    }

    /** The traced JVM's version string ({@code jdk.JVMInformation}), or null if the recording does not say. */
    public String jvmVersion() {
        return jvmVersion;
    }

    /** What the traced JVM ran: its main class (or {@code -jar} file) and arguments, or null if the recording does not say. */
    public String javaArguments() {
        return javaArguments;
    }

    /**
     * Calls the agent left untimed (its statistics; see {@code ExitKind.RETURN_UNTIMED}), or -1 when
     * they do not say: then there may be some.
     */
    public long untimedCalls() {
        // statistics that count no calls (a recording filtered before 2026-11-28) do not say
        boolean covered = statisticsRecords == records && statisticsCalls > 0;
        return covered ? statisticsUntimed : -1;
    }

    /** Execution samples taken while tracing (none unless recorded with {@code --sample}). */
    public SampleProfile samples() {
        return samples;
    }

    /** The origin (System.nanoTime when tracing started) that event times count from. */
    public long nanoOrigin() {
        return nanoOrigin;
    }

    /** Null if the whole file was read; else what was wrong with the rest. */
    public String damage() {
        return damage;
    }

    public boolean hasJtraceEvents() {
        return sawJtraceEvents;
    }

    /** The last record's time (the JVM's clock, not from the origin); Long.MIN_VALUE when none. */
    public long lastNanos() {
        return lastNanos;
    }

    /** Span from the origin to the last record, in nanoseconds. */
    public long spanNanos() {
        return lastNanos == Long.MIN_VALUE ? 0 : lastNanos - nanoOrigin;
    }


    /** Records of {@code thread} in the recording (what its batches say they hold). */
    public long recordsOf(ThreadInfo thread) {
        long n = 0;
        for (BatchRef b : batchesOf(thread).batches) n += b.records();
        return n;
    }

    /** Time of {@code thread}'s first batch, from the origin (its first event may come a little later). */
    public long firstNanosOf(ThreadInfo thread) {
        ThreadBatches t = batchesOf(thread);
        return t.batches.isEmpty() ? 0 : t.firstNanos() - nanoOrigin;
    }

    public ThreadBatches batchesOf(ThreadInfo thread) {
        for (ThreadBatches t : threads) {
            if (t.info.equals(thread)) return t;
        }
        throw new IllegalArgumentException("unknown thread " + thread);
    }

    /** Holders of this index: {@link #close} closes the file when the last one lets go. */
    private int holders = 1;

    /** One more holder (a shell that runs several commands on one open recording); each closes once. */
    public synchronized TraceIndex retain() {
        holders++;
        return this;
    }

    @Override
    public synchronized void close() throws IOException {
        if (--holders > 0) return;
        recording.close();
        if (store != null) store.close();
    }
}
