package io.jtrace.read;

import io.jtrace.read.jfr.BatchEvent;
import io.jtrace.read.jfr.BatchScanner;
import io.jtrace.read.jfr.ChunkHeader;
import io.jtrace.read.jfr.EventValues;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.DoubleConsumer;

/**
 * Reads a recording once, front to back, chunk by chunk: keeps definitions and indexes each
 * thread's batches by where their payloads are in the file. Memory holds only the index.
 */
public final class TraceReader {
    private TraceReader() {}


    /** Checks that {@code file} exists and is a JFR recording; throws {@link UnreadableRecordingException} otherwise. */
    public static void checkRecordingFile(Path file) {
        if (!Files.exists(file)) {
            throw new UnreadableRecordingException("no such file: " + file
                    + (file.toString().equals("-") ? " (a recording is read from a file, not from standard input)" : ""));
        }
        if (Files.isDirectory(file)) throw new UnreadableRecordingException(file + " is a directory, not a recording");
        // a pipe (/dev/stdin, <(...), a FIFO) cannot be read twice or at an offset, as JFR's chunks are
        if (!Files.isRegularFile(file)) {
            throw new UnreadableRecordingException(file + " is not a regular file (a pipe or a device): a recording is read"
                    + " by seeking in it; save it to a file first");
        }
        if (!Files.isReadable(file)) throw new UnreadableRecordingException("cannot read " + file + ": permission denied");
        byte[] head = new byte[4]; // a chunk's magic: every .jfr file begins with a chunk
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, 4);
        } catch (IOException e) {
            throw new UnreadableRecordingException("cannot read " + file + ": " + e.getMessage());
        }
        if (n == 0) throw new UnreadableRecordingException(file + " is empty, not a recording");
        if (n < 4 || java.nio.ByteBuffer.wrap(head).getInt() != ChunkHeader.MAGIC) {
            throw new UnreadableRecordingException(file + " is not a JFR recording (record one with 'jtrace run -o FILE -- java ...')");
        }
    }

    /**
     * Reads {@code file} with {@link BatchScanner}: the batches (payloads stay in the file; only
     * their places are indexed) and the definitions; the execution samples, if any, with the
     * JDK's consumer afterwards.
     */
    public static TraceIndex read(Path file, DoubleConsumer progress) throws IOException {
        checkRecordingFile(file);
        TraceIndex index = new TraceIndex(file);
        BatchScanner.Result scan;
        try {
            scan = BatchScanner.scan(file, new Indexer(index), progress, DefinitionEvents.NAMES);
        } catch (BatchScanner.UnsupportedRecordingException e) {
            index.close();
            throw new UnreadableRecordingException("cannot read " + file + ": " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            index.close();
            throw e;
        }
        index.sawJtraceEvents |= index.batches > 0;
        index.scanBytes = scan.bytesRead();
        Exception sampleFailure = scan.executionSamples() > 0 ? SampleReader.read(file, index) : null;
        if (scan.damage() != null) {
            index.damage = damageMessage(file, scan.damage(), index.records);
        } else if (sampleFailure != null) {
            index.damage = describeDamage(file, Files.size(file), index.records, sampleFailure);
        }
        index.finishSpilling();
        index.finish();
        index.lastNanos = lastNanos(index);
        return index;
    }

    /** Files each batch under its thread. */
    private static final class Indexer implements BatchScanner.Listener {
        private final TraceIndex index;
        private final Map<Long, TraceIndex.ThreadBatches> byId = new HashMap<>();

        Indexer(TraceIndex index) {
            this.index = index;
        }

        @Override
        public void batch(BatchEvent e) throws IOException {
            TraceIndex.ThreadBatches t = byId.get(e.threadId);
            if (t == null) {
                t = new TraceIndex.ThreadBatches(e.threadId);
                byId.put(e.threadId, t);
                index.threads.add(t);
            }
            t.name = e.threadName;
            t.virtual = e.virtualThread;
            boolean spilled = e.payloadOffset < 0;
            long offset = spilled ? index.spill(e.payloadText == null ? "" : e.payloadText) : e.payloadOffset;
            int length = spilled ? (e.payloadText == null ? 0 : e.payloadText.length()) : e.payloadLength;
            t.batches.add(new TraceIndex.BatchRef(e.sequence, offset, length, e.baseNanos, e.startDepth,
                    e.recordCount, spilled));
            index.records += e.recordCount;
            index.batches++;
        }

        @Override
        public void event(EventValues e) {
            if (!DefinitionEvents.known(e, index)) DefinitionEvents.apply(e, index);
        }
    }

    private static String describeDamage(Path file, long size, long records, Exception e) {
        return damageMessage(file, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), records);
    }

    /** {@code records}: the trace's records before the damage, as the closing line of jtrace run counts them (not JFR's events, the batches that carry them). */
    private static String damageMessage(Path file, String reason, long records) {
        if (reason.endsWith(".")) reason = reason.substring(0, reason.length() - 1); // JFR's messages end with one
        return file + " is truncated or damaged (" + reason.toLowerCase(java.util.Locale.ROOT)
                + "); used the " + String.format(java.util.Locale.ROOT, "%,d", records) + " records before that point";
    }

    /** The last record's time: decode only each thread's last batch. */
    private static long lastNanos(TraceIndex index) {
        long last = Long.MIN_VALUE;
        for (TraceIndex.ThreadBatches t : index.threads) {
            if (t.batches.isEmpty()) continue;
            last = Math.max(last, BatchDecoder.lastNanosOf(index, t.batches.get(t.batches.size() - 1)));
        }
        return last;
    }
}
