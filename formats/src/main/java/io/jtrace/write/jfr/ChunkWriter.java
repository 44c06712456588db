package io.jtrace.write.jfr;

import io.jtrace.read.jfr.ChunkHeader;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Builds one chunk of the recording at a time in memory and writes it out whole when it is full
 * (about {@code chunkBytes} of events and pools) or the recording ends, so memory stays bounded
 * whatever the recording's size. A chunk is JFR's 68-byte header, the events, one constant-pool
 * event with the pools the events use, and the metadata event declaring every type; the header
 * (written last) says where those two are. Times are ticks of one nanosecond counted from the
 * traced recording's clock origin, so events keep their original times.
 *
 * <p>Chunks follow one another in time, as the JDK's do: the first begins at the first traced
 * event, each next one where the one before ended, and a chunk ends at the latest end of its
 * events, so the chunks' durations add up to the trace's span ({@code jfr summary}'s Duration).
 * An event is written when it ends (a call at its exit), in the replay's order by time, and a
 * full chunk is only cut where no event in it ends later than the replay's present: every event
 * of the next chunk then ends after every event of this one, and {@code jfr print}, which sorts
 * each chunk's events by end time, prints the whole recording in time order. A call with no
 * traced callees that runs long (untraced code, a sleep) holds the cut back; past
 * {@link #LATE_CUT} times the chunk size the chunk is cut anyway (order is then kept within
 * each chunk only).
 */
final class ChunkWriter {
    static final long METADATA_EVENT = 0;
    static final long CONSTANT_POOL_EVENT = 1;
    private static final long TICKS_PER_SECOND = 1_000_000_000L;
    /** A chunk this many times its size is cut even where an event in it ends after the present. */
    static final int LATE_CUT = 4;

    private final OutputStream out;
    private final EventTypes types;
    final ConstantPools pools;
    private final long chunkBytes;
    private final long epochNanosOrigin;
    private final String source;
    private final JfrBytes metadata = new JfrBytes(1 << 14);
    /** The chunk being built: header placeholder, then events; the encoders write into it. */
    final JfrBytes events;
    /** Where the chunk being built begins: the first traced event's time, then the last chunk's end. */
    private long chunkStart;
    /** The latest end of an event in the chunk being built (at least {@link #chunkStart}). */
    private long chunkEnd;
    /** The replay's present: the time of the last record given (no later record is earlier). */
    private long now;
    private boolean started;
    private int chunks;
    /** Counts chunks begun: pool keys of an earlier generation are no longer valid. */
    private int generation;

    ChunkWriter(OutputStream out, EventTypes types, String source, long epochNanosOrigin, long chunkBytes) {
        this.out = out;
        this.source = source;
        this.types = types;
        this.epochNanosOrigin = epochNanosOrigin;
        this.chunkBytes = chunkBytes;
        this.events = new JfrBytes((int) Math.min(chunkBytes + chunkBytes / 4, 1 << 30)); // events and pools: no growing
        this.pools = new ConstantPools(types.jdk);
        types.jdk.writeMetadata(metadata);
        begin();
    }

    EventTypes types() {
        return types;
    }

    int generation() {
        return generation;
    }

    int chunks() {
        return chunks;
    }

    private void begin() {
        events.clear();
        for (int i = 0; i < ChunkHeader.SIZE; i++) events.writeByte(0);
        pools.clear();
        chunkStart = chunkEnd;
        generation++;
    }

    /**
     * The replay has reached {@code ticks} (an enter, an exit, the start of a call with no traced
     * callees, any other record): the records still to come are not earlier. The first begins the
     * first chunk. Called before a record's events, so a full chunk whose events all end by now is
     * cut here (after a call with no traced callees, whose end is later than its start, it could not be).
     */
    void now(long ticks) throws IOException {
        if (!started) {
            started = true;
            chunkStart = chunkEnd = now = ticks;
        } else if (ticks > now) {
            now = ticks;
            rollIfFull();
        }
    }

    /** Starts an event of {@code type} that ends at {@code endTicks}. */
    int beginEvent(TypeDeclaration type, long endTicks) {
        if (endTicks > chunkEnd) chunkEnd = endTicks;
        return events.beginEvent(type.id);
    }

    void endEvent(int start) {
        events.endEvent(start);
    }

    /**
     * If the chunk is full, writes it out and begins the next. Called between records, never
     * between the events of one: pool keys taken for a record stay valid until its events are written.
     */
    void rollIfFull() throws IOException {
        long size = events.size() + pools.bytes();
        if (size >= chunkBytes && (chunkEnd <= now || size >= LATE_CUT * chunkBytes)) {
            finish(false);
            begin();
        }
    }

    /** Writes the chunk being built as the last one. */
    void close() throws IOException {
        finish(true);
    }

    /** Completes the chunk: a {@code jtrace.Recording} event, the pools, the metadata, then the header. */
    private void finish(boolean last) throws IOException {
        int at = events.beginEvent(types.recording.id);
        events.writeVarLong(chunkStart);
        events.writeVarLong(0); // no thread
        events.writeVarLong(0); // no stack trace
        events.writeString(source);
        events.writeVarLong(epochNanosOrigin);
        events.endEvent(at);

        int constantPoolOffset = events.size();
        writeConstantPoolEvent(events, chunkStart, chunkEnd - chunkStart, pools::write);
        int metadataOffset = events.size();
        writeMetadataEvent(events, chunkStart, metadata);

        int end = events.size();
        events.truncate(0);
        writeHeader(events, end, constantPoolOffset, metadataOffset, epochNanosOrigin + chunkStart, chunkEnd - chunkStart, chunkStart, last);
        events.truncate(end);
        events.writeTo(out);
        chunks++;
    }

    /** A chunk's one constant-pool event at {@code startTicks}; {@code pools} writes their count, then each pool. */
    static void writeConstantPoolEvent(JfrBytes out, long startTicks, long durationTicks, java.util.function.Consumer<JfrBytes> pools) {
        int at = out.beginEvent(CONSTANT_POOL_EVENT);
        out.writeVarLong(startTicks);
        out.writeVarLong(durationTicks);
        out.writeVarLong(0); // no earlier constant-pool event in the chunk
        out.writeByte(1); // flush: ends a segment of events
        pools.accept(out);
        out.endEvent(at);
    }

    /** A chunk's metadata event: {@code metadata} is {@link JdkTypes#writeMetadata}'s body. */
    static void writeMetadataEvent(JfrBytes out, long startTicks, JfrBytes metadata) {
        int at = out.beginEvent(METADATA_EVENT);
        out.writeVarLong(startTicks);
        out.writeVarLong(0);
        out.writeVarLong(1); // metadata id: the same in every chunk
        out.write(metadata);
        out.endEvent(at);
    }

    /**
     * The chunk header, {@link ChunkHeader#SIZE} bytes at {@code out}'s end, fields in
     * {@link ChunkHeader}'s order from its first byte to its flags; times in ticks of a nanosecond.
     */
    static void writeHeader(JfrBytes out, long chunkSize, long constantPoolOffset, long metadataOffset, long startEpochNanos,
                            long durationNanos, long startTicks, boolean last) {
        int start = out.size();
        out.writeRawInt(ChunkHeader.MAGIC);
        out.writeRawShort(2);
        out.writeRawShort(1);
        out.writeRawLong(chunkSize);
        out.writeRawLong(constantPoolOffset);
        out.writeRawLong(metadataOffset);
        out.writeRawLong(startEpochNanos);
        out.writeRawLong(durationNanos);
        out.writeRawLong(startTicks);
        out.writeRawLong(TICKS_PER_SECOND);
        out.writeByte(0); // file state: finished
        out.writeByte(0);
        out.writeByte(0);
        assert out.size() - start == ChunkHeader.FLAGS_AT;
        out.writeByte(ChunkHeader.FLAG_COMPRESSED_INTEGERS | (last ? ChunkHeader.FLAG_FINAL_CHUNK : 0));
    }
}
