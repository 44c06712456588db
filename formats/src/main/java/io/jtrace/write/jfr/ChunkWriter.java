package io.jtrace.write.jfr;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Builds one chunk of the recording at a time in memory and writes it out whole when it is full
 * (about {@code chunkBytes} of events and pools) or the recording ends, so memory stays bounded
 * whatever the recording's size. A chunk is JFR's 68-byte header, the events, one constant-pool
 * event with the pools the events use, and the metadata event declaring every type; the header
 * (written last) says where those two are. Times are ticks of one nanosecond counted from the
 * traced recording's clock origin, so events keep their original times.
 */
final class ChunkWriter {
    static final long METADATA_EVENT = 0;
    static final long CONSTANT_POOL_EVENT = 1;
    private static final int HEADER_SIZE = 68;
    private static final int MAGIC = ('F' << 24) | ('L' << 16) | ('R' << 8);
    private static final int FLAG_COMPRESSED_INTEGERS = 1;
    private static final int FLAG_FINAL_CHUNK = 2;
    private static final long TICKS_PER_SECOND = 1_000_000_000L;

    private final OutputStream out;
    private final EventTypes types;
    final ConstantPools pools;
    private final long chunkBytes;
    private final long epochNanosOrigin;
    private final String source;
    private final JfrBytes metadata = new JfrBytes(1 << 14);
    /** The chunk being built: header placeholder, then events; the encoders write into it. */
    final JfrBytes events;
    private long firstTicks;
    private long lastTicks;
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
        for (int i = 0; i < HEADER_SIZE; i++) events.writeByte(0);
        pools.clear();
        firstTicks = Long.MAX_VALUE;
        lastTicks = Long.MIN_VALUE;
        generation++;
    }

    /** Starts an event of {@code type} that covers {@code startTicks} to {@code endTicks}. */
    int beginEvent(TypeDeclaration type, long startTicks, long endTicks) {
        if (startTicks < firstTicks) firstTicks = startTicks;
        if (endTicks > lastTicks) lastTicks = endTicks;
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
        if (events.size() + pools.bytes() >= chunkBytes) {
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
        if (firstTicks > lastTicks) {
            firstTicks = 0;
            lastTicks = 0;
        }
        int at = beginEvent(types.recording, firstTicks, firstTicks);
        events.writeVarLong(firstTicks);
        events.writeVarLong(0); // no thread
        events.writeVarLong(0); // no stack trace
        events.writeString(source);
        events.writeVarLong(epochNanosOrigin);
        events.endEvent(at);

        int constantPoolOffset = events.size();
        at = events.beginEvent(CONSTANT_POOL_EVENT);
        events.writeVarLong(firstTicks);
        events.writeVarLong(lastTicks - firstTicks);
        events.writeVarLong(0); // no earlier constant-pool event in the chunk
        events.writeByte(1); // flush: ends a segment of events
        pools.write(events);
        events.endEvent(at);

        int metadataOffset = events.size();
        at = events.beginEvent(METADATA_EVENT);
        events.writeVarLong(firstTicks);
        events.writeVarLong(0);
        events.writeVarLong(1); // metadata id: the same in every chunk
        events.write(metadata);
        events.endEvent(at);

        writeHeader(constantPoolOffset, metadataOffset, last);
        events.writeTo(out);
        chunks++;
    }

    private void writeHeader(int constantPoolOffset, int metadataOffset, boolean last) {
        int end = events.size();
        events.truncate(0);
        events.writeRawInt(MAGIC);
        events.writeRawShort(2);
        events.writeRawShort(1);
        events.writeRawLong(end);
        events.writeRawLong(constantPoolOffset);
        events.writeRawLong(metadataOffset);
        events.writeRawLong(epochNanosOrigin + firstTicks);
        events.writeRawLong(lastTicks - firstTicks);
        events.writeRawLong(firstTicks);
        events.writeRawLong(TICKS_PER_SECOND);
        events.writeByte(0); // file state: finished
        events.writeByte(0);
        events.writeByte(0);
        events.writeByte(FLAG_COMPRESSED_INTEGERS | (last ? FLAG_FINAL_CHUNK : 0));
        events.truncate(end);
    }
}
