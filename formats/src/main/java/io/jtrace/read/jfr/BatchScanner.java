package io.jtrace.read.jfr;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.DoubleConsumer;

/**
 * Finds every {@code jtrace.TraceBatch} event of a recording without decoding its payload: chunk
 * by chunk, it reads the header, the metadata and where the constant-pool strings are, then walks
 * the events by their sizes and reads only the fields of the batch events and of the few other
 * events asked for by name (definitions). The rest are stepped over. Memory: one read window and
 * one chunk's pool-string locations.
 */
public final class BatchScanner {
    private BatchScanner() {}

    /** Receives each batch (the event object is reused) and each event of the other names asked for. */
    public interface Listener {
        void batch(BatchEvent event) throws IOException;

        void event(EventValues event);
    }

    /**
     * What a scan found: counts (of {@code jdk.ExecutionSample} events too: this reader does not
     * decode their stack traces), and why it stopped early if the file is damaged.
     */
    public record Result(int chunks, long events, long batches, long executionSamples, String damage, long bytesRead) {}

    private static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";

    private static final int WINDOW = 1 << 20;

    /**
     * Scans {@code file}. Throws {@link UnsupportedRecordingException} if a chunk has a JFR version
     * or a batch layout this reader does not know; a cut or damaged file is not an exception: the
     * batches before the damage are delivered and the result says what was wrong.
     */
    public static Result scan(Path file, Listener listener, DoubleConsumer progress, java.util.Set<String> eventNames)
            throws IOException {
        BatchEvent event = new BatchEvent();
        int chunks = 0;
        long events = 0;
        long batches = 0;
        long samples = 0;
        JfrMetadata metadata = null;
        try (JfrInput in = new JfrInput(file, WINDOW)) {
            long at = 0;
            while (at < in.size()) {
                ChunkHeader chunk;
                BatchLayout layout;
                ConstantStrings strings;
                try {
                    chunk = ChunkHeader.read(in, at);
                    metadata = JfrMetadata.read(in, chunk, metadata);
                    layout = BatchLayout.of(metadata);
                    strings = ConstantStrings.read(in, chunk, metadata);
                } catch (ChunkHeader.UnsupportedVersionException e) {
                    throw new UnsupportedRecordingException(e.getMessage());
                } catch (BatchLayout.LayoutException e) {
                    throw new UnsupportedRecordingException("its trace batches are not laid out as this jtrace expects ("
                            + e.getMessage() + "): it was written by a different jtrace version");
                } catch (ListenerFailure f) {
                    if (f.getCause() instanceof IOException io) throw io;
                    throw (RuntimeException) f.getCause();
                } catch (IOException | RuntimeException e) {
                    return new Result(chunks, events, batches, samples, reason(e), in.bytesRead());
                }
                long batchType = layout == null ? -1 : layout.type.id;
                JfrType sampleType = metadata.type(EXECUTION_SAMPLE);
                long sampleId = sampleType == null ? -1 : sampleType.id;
                java.util.Map<Long, JfrType> wanted = new java.util.HashMap<>();
                for (String name : eventNames) {
                    JfrType t = metadata.type(name);
                    if (t != null) wanted.put(t.id, t);
                }
                long pos = chunk.eventsStart();
                long end = Math.min(chunk.end(), in.size());
                try {
                    while (pos < end) {
                        in.position(pos);
                        long size = in.readVarLong();
                        if (size <= 0 || pos + size > end) {
                            throw new DamageException(pos + size > in.size() ? "the file ends in the middle of an event"
                                    : "an event at byte " + pos + " has size " + size);
                        }
                        long type = in.readVarLong();
                        if (type == batchType) {
                            layout.read(in, pos + size, strings, event);
                            if (event.payloadOffset >= 0 && (event.payloadLength < 0
                                    || event.payloadOffset + event.payloadLength > chunk.end())) {
                                throw new DamageException("the payload of the batch at byte " + pos + " lies outside its chunk");
                            }
                            try {
                                listener.batch(event);
                            } catch (IOException | RuntimeException e) {
                                throw new ListenerFailure(e); // ours (a full spill disk), not the file's
                            }
                            batches++;
                        } else if (type == sampleId) {
                            samples++;
                        } else {
                            JfrType other = wanted.get(type);
                            if (other != null) {
                                EventValues values = EventValues.open(in, other, strings);
                                try {
                                    listener.event(values);
                                } catch (EventValues.Damaged d) {
                                    throw d.getCause(); // the file's, where a field the listener asked for lies
                                } catch (RuntimeException e) {
                                    throw new ListenerFailure(e);
                                } finally {
                                    values.close();
                                }
                                // an event read whole must end where its size says (one read in part is stepped over by it)
                                if (values.complete() && in.position() != pos + size) {
                                    throw new DamageException("the " + other.name + " event at byte " + pos + " does not match its size");
                                }
                            }
                        }
                        if (type != JfrMetadata.METADATA_EVENT && type != JfrMetadata.CHECKPOINT_EVENT) events++;
                        pos += size;
                    }
                } catch (ListenerFailure f) {
                    if (f.getCause() instanceof IOException io) throw io;
                    throw (RuntimeException) f.getCause();
                } catch (IOException | RuntimeException e) {
                    return new Result(chunks, events, batches, samples, reason(e), in.bytesRead());
                }
                if (chunk.cut(in.size())) return new Result(chunks, events, batches, samples, "the file ends in the middle of a chunk", in.bytesRead());
                chunks++;
                at = chunk.end();
                if (progress != null) progress.accept((double) at / in.size());
            }
            return new Result(chunks, events, batches, samples, null, in.bytesRead());
        }
    }

    /** Carries a listener's failure past the handler that treats parse errors as damage. */
    private static final class ListenerFailure extends RuntimeException {
        ListenerFailure(Exception cause) {
            super(cause);
        }
    }

    private static String reason(Exception e) {
        if (e instanceof java.io.EOFException) return "the file ends in the middle of a chunk";
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** A recording this reader cannot read: a newer JFR file version or batch layout. */
    public static final class UnsupportedRecordingException extends IOException {
        UnsupportedRecordingException(String message) {
            super(message);
        }
    }
}
