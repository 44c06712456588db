package io.jtrace.cli.read;

import io.jtrace.cli.UserException;
import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.events.TracerStatisticsEvent;
import io.jtrace.events.TypeDefinitionEvent;
import io.jtrace.events.VariableDefinitionEvent;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.DoubleConsumer;

/**
 * Reads a recording once, front to back, chunk by chunk: keeps definitions, spills batch
 * payloads to a {@link BatchStore} and indexes them per thread. Memory holds only the index.
 */
public final class TraceReader {
    private TraceReader() {}

    private static final byte[] MAGIC = {'F', 'L', 'R', 0};

    /** Checks that {@code file} exists and is a JFR recording; throws {@link UserException} otherwise. */
    public static void checkRecordingFile(Path file) {
        if (!Files.exists(file)) throw new UserException("no such file: " + file);
        if (Files.isDirectory(file)) throw new UserException(file + " is a directory, not a recording");
        if (!Files.isReadable(file)) throw new UserException("cannot read " + file + ": permission denied");
        byte[] head = new byte[4];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, 4);
        } catch (IOException e) {
            throw new UserException("cannot read " + file + ": " + e.getMessage());
        }
        if (n == 0) throw new UserException(file + " is empty, not a recording");
        if (n < 4 || !java.util.Arrays.equals(head, MAGIC)) {
            throw new UserException(file + " is not a JFR recording (record one with 'jtrace run -o FILE -- java ...')");
        }
    }

    public static TraceIndex read(Path file, DoubleConsumer progress) throws IOException {
        checkRecordingFile(file);
        long fileSize = Files.size(file);
        TraceIndex index = new TraceIndex(file, new BatchStore());
        Map<Long, TraceIndex.ThreadBatches> byId = new HashMap<>();
        long spilled = 0;
        long events = 0;
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                events++;
                String type = e.getEventType().getName();
                switch (type) {
                    case TraceBatchEvent.NAME: {
                        index.sawJtraceEvents = true;
                        long tid = e.getLong("threadId");
                        TraceIndex.ThreadBatches t = byId.get(tid);
                        if (t == null) {
                            t = new TraceIndex.ThreadBatches(tid);
                            byId.put(tid, t);
                            index.threads.add(t);
                        }
                        t.name = e.getString("threadName");
                        t.virtual = e.getBoolean("virtualThread");
                        String payload = e.getString("payload");
                        if (payload == null) payload = "";
                        long offset = index.store.append(payload);
                        spilled += payload.length();
                        int recordCount = e.getInt("recordCount");
                        t.batches.add(new TraceIndex.BatchRef(e.getLong("sequence"), offset, payload.length(),
                                e.getLong("baseNanos"), e.getInt("startDepth"), recordCount));
                        index.records += recordCount;
                        index.batches++;
                        break;
                    }
                    case MethodDefinitionEvent.NAME:
                        index.sawJtraceEvents = true;
                        index.symbols.addMethod(new MethodInfo(e.getInt("methodId"), e.getString("className"),
                                e.getString("methodName"), e.getString("descriptor"), e.getString("sourceFile"),
                                e.getInt("line"), e.getInt("modifiers")));
                        break;
                    case TypeDefinitionEvent.NAME:
                        index.symbols.addType(e.getInt("typeId"), e.getString("typeName"), e.getString("superTypes"));
                        break;
                    case VariableDefinitionEvent.NAME:
                        index.symbols.addVariable(new VariableInfo(e.getInt("siteId"), e.getInt("methodId"),
                                VariableKind.parse(e.getString("kind")), e.getString("name"), e.getString("type"),
                                e.getInt("slot"), java.util.Objects.toString(e.getString("ownerClass"), ""), e.getInt("line"),
                                e.getBoolean("write"), e.getBoolean("redacted")));
                        break;
                    case SessionEvent.NAME:
                        index.sawJtraceEvents = true;
                        if (index.nanoOrigin == Long.MIN_VALUE) {
                            index.nanoOrigin = e.getLong("nanoOrigin");
                            index.epochNanosOrigin = e.getLong("epochNanosOrigin");
                            index.agentOptions = e.getString("options");
                            index.agentVersion = e.getString("version");
                            index.pid = e.getLong("pid");
                            index.formatVersion = e.getInt("formatVersion");
                        }
                        break;
                    case TracerStatisticsEvent.NAME:
                        index.internalErrors = Math.max(index.internalErrors, e.getLong("internalErrors"));
                        index.classesFailed = Math.max(index.classesFailed, e.getLong("classesFailed"));
                        break;
                    case "jdk.ExecutionSample":
                        Samples.add(index.samples, e);
                        break;
                    case "jdk.DataLoss":
                        index.dataLossEvents++;
                        index.dataLossBytes += e.getLong("amount");
                        break;
                    default:
                        break;
                }
                if (progress != null && (events & 0x3ff) == 0) progress.accept(Math.min(1.0, (double) spilled / fileSize));
            }
        } catch (IOException | RuntimeException e) {
            // A truncated or damaged file: keep everything read so far and say what happened.
            index.damage = describeDamage(file, fileSize, events, e);
        }
        index.store.finishWriting();
        index.finish();
        index.lastNanos = lastNanos(index);
        return index;
    }

    private static String describeDamage(Path file, long size, long events, Exception e) {
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (reason.endsWith(".")) reason = reason.substring(0, reason.length() - 1); // JFR's messages end with one
        return file + " is truncated or damaged (" + reason.toLowerCase(java.util.Locale.ROOT)
                + "); used the " + events + " events before that point";
    }

    /** The last record's time: decode only each thread's last batch. */
    private static long lastNanos(TraceIndex index) {
        long last = Long.MIN_VALUE;
        for (TraceIndex.ThreadBatches t : index.threads) {
            if (t.batches.isEmpty()) continue;
            last = Math.max(last, ThreadTimeline.lastNanosOf(index, t.batches.get(t.batches.size() - 1)));
        }
        return last;
    }
}
