package io.jtrace.read;

import io.jtrace.events.TraceBatchEvent;
import io.jtrace.runtime.RecordDecoder;
import io.jtrace.runtime.RecordFormat;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/** A quick count of what a recording holds, for the line 'jtrace run' prints at the end. */
public record RecordingStats(long records, long calls, int threads, long bytes, long dataLossBytes, String damage) {

    public static RecordingStats of(Path file) throws IOException {
        long records = 0, calls = 0, lost = 0;
        Set<Long> threads = new HashSet<>();
        String damage = null;
        RecordDecoder d = new RecordDecoder();
        RawRecord r = new RawRecord();
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                String type = e.getEventType().getName();
                if (type.equals(TraceBatchEvent.NAME)) {
                    threads.add(e.getLong("threadId"));
                    records += e.getInt("recordCount");
                    String payload = e.getString("payload");
                    if (payload == null) continue;
                    byte[] bytes = payload.getBytes(StandardCharsets.ISO_8859_1);
                    d.reset(bytes, 0, bytes.length);
                    try {
                        while (d.hasMore()) {
                            r.read(d, 0);
                            if (r.kind == RecordFormat.ENTER) calls++;
                        }
                    } catch (IllegalStateException torn) {
                        // counted what could be read
                    }
                } else if (type.equals("jdk.DataLoss")) {
                    lost += e.getLong("amount");
                }
            }
        } catch (IOException | RuntimeException e) {
            damage = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        return new RecordingStats(records, calls, threads.size(), Files.size(file), lost, damage);
    }
}
