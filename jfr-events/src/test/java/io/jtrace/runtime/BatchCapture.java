package io.jtrace.runtime;

import io.jtrace.events.TraceBatchEvent;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs code that writes trace batches under a real JFR recording and returns the batch events read back. */
final class BatchCapture {
    private BatchCapture() {}

    interface Writes {
        void run() throws Exception;
    }

    static List<RecordedEvent> batches(Writes writes) throws Exception {
        FlightRecorder.register(TraceBatchEvent.class);
        Path file = Files.createTempFile("jtrace-batches", ".jfr");
        try {
            try (Recording r = new Recording()) {
                r.enable(TraceBatchEvent.NAME).withoutThreshold().withoutStackTrace();
                r.start();
                writes.run();
                r.stop();
                r.dump(file);
            }
            List<RecordedEvent> events = new ArrayList<>();
            for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
                if (e.getEventType().getName().equals(TraceBatchEvent.NAME)) events.add(e);
            }
            return events;
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
