package io.jtrace.write.jfr;

import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.events.TypeDefinitionEvent;
import io.jtrace.events.VariableDefinitionEvent;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.VariableInfo;
import io.jtrace.read.SymbolTable;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.jfr.ChunkHeader;
import io.jtrace.runtime.RecordEncoder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A jtrace recording written as JFR chunks by jtrace's own writer, in the agent's event types:
 * {@code jtrace.TraceBatch} events, and in every chunk the session, the type, method and variable
 * definitions of the recording it was made from (first) and the tracer's statistics (last), as
 * the agent writes them. The JDK's {@code jfr}, JDK Mission Control and every jtrace command read
 * it as they read the agent's. A batch keeps its original times: it starts at its first record
 * and lasts until its last one, in ticks of a nanosecond of the traced JVM's clock.
 *
 * <p>Not JFR's own writer (a recording started in this JVM): that costs a command JFR's start-up
 * (bench/README.md, "filter without JFR's start-up"), and JFR gives every event to every recording
 * running in the JVM, so writers in one JVM had to take turns. Events stream to the file; each
 * chunk's header is written over its placeholder when the chunk ends, so memory stays bounded.
 */
public final class BatchRecording implements AutoCloseable {
    /** A chunk is cut after about this many bytes (the JDK's own chunks are 12 MB). */
    public static final long CHUNK_BYTES = 12L << 20;
    /** Events are handed to the file in pieces of about this size. */
    private static final int PIECE = 1 << 20;

    private final TraceIndex source;
    private final FileChannel file;
    private final long chunkBytes;
    private final Types types = new Types();
    private final JfrBytes metadata = new JfrBytes(1 << 14);
    private final JfrBytes piece = new JfrBytes(PIECE + (64 << 10));
    /** Bytes of the file before {@link #piece}. */
    private long flushed;
    /**
     * Where the chunk being written starts in the file, and when in ticks: a chunk begins where the
     * one before ended (the first at the trace's origin) and ends at its latest event, so that the
     * chunks' durations add up to the span (what {@code jfr summary} gives as the duration), though
     * a thread's batches written after another's may be earlier than their chunk's start.
     */
    private long chunkAt;
    private long chunkStart;
    private long chunkEnd;
    /** The latest tick written: the time of the next chunk's definitions. */
    private long now;
    /** Where the chunk's batches begin in the file: after its definitions, which a chunk's size does not count. */
    private long batchesAt;
    private long batches;
    private long records;
    private long calls;
    private long untimedCalls;
    private boolean closed;
    /**
     * The chunk's pool of strings: the definitions' class, method and type names and the batches'
     * thread names, each written once per chunk, as JFR pools the agent's (keys never given to
     * another string, see {@link Pool}).
     */
    private final Pool<String> strings = new Pool<>();
    /** A write failed (said once, by the batch or close that made it): nothing more is written, the file only closed. */
    private boolean failed;

    /** Opens {@code output} (it should exist, with the permissions it must keep) and begins the first chunk. */
    public BatchRecording(TraceIndex source, Path output) throws IOException {
        this(source, output, CHUNK_BYTES);
    }

    BatchRecording(TraceIndex source, Path output, long chunkBytes) throws IOException {
        this.source = source;
        this.chunkBytes = chunkBytes;
        this.file = FileChannel.open(output, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        try {
            types.jdk.writeMetadata(metadata);
            now = source.nanoOrigin() == Long.MIN_VALUE ? 0 : source.nanoOrigin();
            beginChunk();
        } catch (RuntimeException | Error e) {
            file.close();
            throw e;
        }
    }

    /**
     * The calls the batches written so far hold, and how many of them are untimed: what the
     * statistics say (jtrace run's closing count and query's recordings table read them).
     */
    public void calls(long calls, long untimedCalls) {
        this.calls = calls;
        this.untimedCalls = untimedCalls;
    }

    /**
     * One {@code jtrace.TraceBatch} event: {@code payload}'s first {@code length} bytes (the
     * encoder's, one byte per payload char) from {@code startNanos} (its first record) to
     * {@code endNanos} (its last). Dropped after a failed write.
     */
    public void batch(long threadId, String threadName, boolean virtual, long sequence, long startNanos, long endNanos,
                      int startDepth, int recordCount, byte[] payload, int length) throws IOException {
        if (failed) return;
        int at = begin(types.batch, startNanos, endNanos);
        piece.writeVarLong(threadId);
        writePooled(threadName);
        piece.writeBoolean(virtual);
        piece.writeVarLong(sequence);
        piece.writeVarLong(startNanos);
        piece.writeVarInt(startDepth);
        piece.writeVarInt(recordCount);
        piece.writeLatin1(payload, 0, length);
        piece.endEvent(at);
        batches++;
        records += recordCount;
        if (flushed + piece.size() - batchesAt >= chunkBytes) {
            endChunk(false);
            beginChunk();
        } else if (piece.size() >= PIECE) {
            flush();
        }
    }

    public long batches() {
        return batches;
    }

    public long records() {
        return records;
    }

    /** Ends the last chunk and closes the file; after a failed write, only closes it. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        try (file) {
            if (!failed) endChunk(true);
        }
    }

    /** Starts an event of {@code type} lasting from {@code start} to {@code end} ticks; no thread, no stack trace. */
    private int begin(TypeDeclaration type, long start, long end) {
        chunkEnd = Math.max(chunkEnd, end);
        now = Math.max(now, end);
        int at = piece.beginEvent(type.id);
        piece.writeVarLong(start);
        piece.writeVarLong(end - start);
        piece.writeVarLong(0); // thread
        piece.writeVarLong(0); // stack trace
        return at;
    }

    private void beginChunk() {
        strings.clear();
        chunkAt = flushed + piece.size();
        chunkStart = chunkEnd = now;
        for (int i = 0; i < ChunkHeader.SIZE; i++) piece.writeByte(0); // the header, written at the chunk's end
        writeSession();
        writeTypes();
        writeMethods();
        writeVariables();
        batchesAt = flushed + piece.size();
    }

    private void endChunk(boolean last) throws IOException {
        writeStatistics();
        long constantPoolOffset = flushed + piece.size() - chunkAt;
        ChunkWriter.writeConstantPoolEvent(piece, chunkStart, chunkEnd - chunkStart, this::writeStringPool);
        long metadataOffset = flushed + piece.size() - chunkAt;
        ChunkWriter.writeMetadataEvent(piece, chunkStart, metadata);
        long size = flushed + piece.size() - chunkAt;
        flush();
        JfrBytes header = new JfrBytes(ChunkHeader.SIZE);
        long epochStart = source.epochNanosOrigin() + (chunkStart - source.nanoOrigin());
        ChunkWriter.writeHeader(header, size, constantPoolOffset, metadataOffset, epochStart, chunkEnd - chunkStart, chunkStart, last);
        ByteBuffer bytes = ByteBuffer.wrap(header.toByteArray());
        try {
            for (long at = chunkAt; bytes.hasRemaining(); ) at += file.write(bytes, at);
        } catch (IOException e) {
            failed = true;
            throw e;
        }
    }

    private void flush() throws IOException {
        ByteBuffer bytes = piece.asByteBuffer();
        try {
            while (bytes.hasRemaining()) file.write(bytes);
        } catch (IOException e) {
            failed = true; // part of the piece may be in the file: nothing more is written
            throw e;
        }
        flushed += piece.size();
        piece.clear();
    }

    /** {@code s} as a reference to the chunk's string pool (null and empty in place, as JFR writes them). */
    private void writePooled(String s) {
        if (s == null || s.isEmpty()) {
            piece.writeString(s);
            return;
        }
        Integer key = strings.find(s);
        piece.writeStringRef(key != null ? key : strings.add(s, s));
    }

    /** The chunk's constant pools: its strings, if any. */
    private void writeStringPool(JfrBytes out) {
        out.writeVarInt(strings.size() > 0 ? 1 : 0);
        ConstantPools.writeStrings(out, types.jdk.string, strings);
    }

    // ---------------------------------------------------------------- the source's definitions, every chunk

    private void writeSession() {
        int at = begin(types.session, now, now);
        piece.writeString(source.agentVersion());
        piece.writeString(source.agentOptions());
        piece.writeVarLong(source.pid());
        piece.writeVarLong(source.nanoOrigin());
        piece.writeVarLong(source.epochNanosOrigin());
        piece.writeString(source.host());
        piece.writeVarInt(RecordEncoder.FORMAT); // the batches are written anew, in the encoder's format
        piece.endEvent(at);
    }

    private void writeTypes() {
        SymbolTable symbols = source.symbols();
        for (Map.Entry<Integer, String> t : symbols.types().entrySet()) {
            int at = begin(types.type, now, now);
            piece.writeVarInt(t.getKey());
            writePooled(t.getValue());
            writePooled(String.join(",", symbols.superTypes(t.getValue())));
            piece.endEvent(at);
        }
    }

    private void writeMethods() {
        for (MethodInfo m : source.symbols().methods()) {
            int at = begin(types.method, now, now);
            piece.writeVarInt(m.id());
            writePooled(m.className());
            writePooled(m.name());
            writePooled(m.descriptor());
            writePooled(m.sourceFile());
            piece.writeVarInt(m.line());
            piece.writeVarInt(m.modifiers());
            piece.endEvent(at);
        }
    }

    private void writeVariables() {
        List<VariableInfo> all = new ArrayList<>();
        source.symbols().variables().forEach(all::add);
        source.symbols().callValueDefinitions().forEach(all::add);
        for (VariableInfo v : all) {
            int at = begin(types.variable, now, now);
            piece.writeVarInt(v.siteId());
            piece.writeVarInt(v.methodId());
            writePooled(v.kind().label());
            writePooled(v.name());
            writePooled(v.type());
            piece.writeVarInt(v.slot());
            writePooled(v.ownerClass());
            piece.writeVarInt(v.line());
            piece.writeBoolean(v.write());
            piece.writeBoolean(v.redacted());
            piece.endEvent(at);
        }
    }

    /**
     * The counts so far, as the agent writes them at a chunk's end: this file's batches, records
     * and calls; the source's methods, failures and JFR's loss (so that every reader of this file
     * warns of the source's loss); counters this file does not know, 0.
     */
    private void writeStatistics() {
        int at = begin(types.statistics, now, now);
        piece.writeVarLong(0); // classesInstrumented
        piece.writeVarLong(source.classesFailed());
        piece.writeVarLong(source.symbols().methodCount());
        piece.writeVarLong(batches);
        piece.writeVarLong(records);
        piece.writeVarLong(calls);
        piece.writeVarLong(untimedCalls);
        piece.writeVarLong(0); // threads
        piece.writeVarLong(source.internalErrors());
        piece.writeVarLong(source.dataLossEvents());
        piece.writeVarLong(source.dataLossBytes());
        piece.endEvent(at);
    }

    /**
     * The agent's event types, declared from their classes (names, labels, descriptions,
     * categories, field types), fields in the order this writer writes them.
     */
    static final class Types {
        final JdkTypes jdk = new JdkTypes();
        final TypeDeclaration batch = declare(TraceBatchEvent.class,
                "threadId", "threadName", "virtualThread", "sequence", "baseNanos", "startDepth", "recordCount", "payload");
        final TypeDeclaration session = declare(SessionEvent.class,
                "version", "options", "pid", "nanoOrigin", "epochNanosOrigin", "host", "formatVersion");
        final TypeDeclaration type = declare(TypeDefinitionEvent.class, "typeId", "typeName", "superTypes");
        final TypeDeclaration method = declare(MethodDefinitionEvent.class,
                "methodId", "className", "methodName", "descriptor", "sourceFile", "line", "modifiers");
        final TypeDeclaration variable = declare(VariableDefinitionEvent.class,
                "siteId", "methodId", "kind", "name", "type", "slot", "ownerClass", "line", "write", "redacted");
        final TypeDeclaration statistics = declare(TracerStatisticsEvent.class, "classesInstrumented", "classesFailed",
                "methods", "batches", "records", "calls", "untimedCalls", "threads", "internalErrors", "dataLossEvents", "dataLossBytes");

        /**
         * The event type of {@code event}, its fields {@code fields} (which must be all of the
         * class's, so that a field added to an event class is not silently left out here).
         */
        private TypeDeclaration declare(Class<? extends jdk.jfr.Event> event, String... fields) {
            List<String> declared = new ArrayList<>();
            for (java.lang.reflect.Field f : event.getDeclaredFields()) {
                int m = f.getModifiers(); // public: JFR adds private fields of its own (startTime, duration) to a loaded event class
                if (java.lang.reflect.Modifier.isPublic(m) && !java.lang.reflect.Modifier.isStatic(m)) declared.add(f.getName());
            }
            if (!new java.util.TreeSet<>(declared).equals(new java.util.TreeSet<>(List.of(fields)))) {
                throw new IllegalStateException(event.getName() + " has fields " + declared + ", written here: " + List.of(fields));
            }
            TypeDeclaration t = jdk.event(event.getAnnotation(jdk.jfr.Name.class).value(), true, "None: jtrace records no stack traces");
            annotate(t, event);
            jdk.jfr.Category category = event.getAnnotation(jdk.jfr.Category.class);
            if (category != null) {
                String[] keysAndValues = new String[2 * category.value().length];
                for (int i = 0; i < category.value().length; i++) {
                    keysAndValues[2 * i] = "value-" + i;
                    keysAndValues[2 * i + 1] = category.value()[i];
                }
                t.annotate(jdk.category, keysAndValues);
            }
            for (String name : fields) {
                try {
                    java.lang.reflect.Field f = event.getDeclaredField(name);
                    annotate(t.field(name, typeOf(f.getType())), f);
                } catch (NoSuchFieldException e) {
                    throw new IllegalStateException(e);
                }
            }
            return t;
        }

        private static void annotate(Annotated<?> a, java.lang.reflect.AnnotatedElement source) {
            jdk.jfr.Label label = source.getAnnotation(jdk.jfr.Label.class);
            if (label != null) a.label(label.value());
            jdk.jfr.Description description = source.getAnnotation(jdk.jfr.Description.class);
            if (description != null) a.description(description.value());
        }

        private TypeDeclaration typeOf(Class<?> c) {
            if (c == long.class) return jdk.longType;
            if (c == int.class) return jdk.intType;
            if (c == boolean.class) return jdk.booleanType;
            if (c == String.class) return jdk.string;
            throw new IllegalStateException("no JFR type for " + c);
        }
    }
}
