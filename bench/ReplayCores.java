package io.jtrace.replay;

import io.jtrace.analysis.MethodStatistics;
import io.jtrace.format.Ansi;
import io.jtrace.format.TextTraceWriter;
import io.jtrace.model.RecordingInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One core or two for the replay: the same recording replayed into the statistics of 'summary'
 * (a light visitor) and into print's text writer (a heavy one, output discarded), on the calling
 * thread alone and handed over from a second one, side by side, two rounds.
 *
 *   mvn -q -B package -DskipTests
 *   javac -cp formats/target/classes:jfr-events/target/classes -d /tmp/rc bench/ReplayCores.java
 *   java -XX:+UseSerialGC -cp formats/target/classes:jfr-events/target/classes:/tmp/rc io.jtrace.replay.ReplayCores FILE.jfr
 */
public final class ReplayCores {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        for (int round = 0; round < 2; round++) {
            for (boolean parallel : new boolean[] {false, true}) {
                String how = parallel ? "two threads" : "one thread";
                try (TraceIndex index = TraceReader.read(file, null)) {
                    long t0 = System.nanoTime();
                    MethodStatistics stats = new MethodStatistics(3);
                    Replay.of(index, index.threads()).inParallel(parallel).afterThread(stats::endThread).into(stats.visitor());
                    long t1 = System.nanoTime();
                    TextTraceWriter w = new TextTraceWriter(OutputStream.nullOutputStream(), StandardCharsets.UTF_8,
                            new TextTraceWriter.Options(true, true, false, new Ansi(false)));
                    w.begin(new RecordingInfo(file.toString(), 0, index.threads(), index.records()));
                    Replay.of(index, index.threads()).order(Replay.Order.BY_TIME).inParallel(parallel).into(w.visitor());
                    w.end();
                    long t2 = System.nanoTime();
                    System.out.printf("%s: statistics %.2f s, print %.2f s (%,d records)%n", how, (t1 - t0) / 1e9,
                            (t2 - t1) / 1e9, index.records());
                }
            }
        }
    }
}
