import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;

/**
 * For bench/under-load.sh: what the agent handed to JFR against what the file holds, read with the
 * JDK's own reader (not jtrace's): the batches and records of the last jtrace.TracerStatistics
 * event (the agent's counters, cumulative) against the jtrace.TraceBatch events in the file and
 * the records they carry, and JFR's jdk.DataLoss events. Prints "HANDED/IN_FILE DATALOSS", with
 * "LOSS" appended when a batch is missing or JFR reported a loss.
 *
 *   java bench/UnderLoadCounts.java FILE.jfr
 */
public class UnderLoadCounts {
    public static void main(String[] args) throws IOException {
        long handedBatches = -1, batches = 0, dataLoss = 0;
        try (RecordingFile f = new RecordingFile(Path.of(args[0]))) {
            while (f.hasMoreEvents()) {
                RecordedEvent e = f.readEvent();
                switch (e.getEventType().getName()) {
                    case "jtrace.TraceBatch" -> batches++;
                    case "jtrace.TracerStatistics" -> handedBatches = Math.max(handedBatches, e.getLong("batches"));
                    case "jdk.DataLoss" -> dataLoss++;
                    default -> { }
                }
            }
        }
        boolean loss = handedBatches != batches || dataLoss > 0;
        System.out.println(handedBatches + "/" + batches + " " + dataLoss + (loss ? " LOSS" : ""));
    }
}
