import io.jtrace.runtime.RecordDecoder;
import io.jtrace.runtime.RecordEncoder;
import io.jtrace.runtime.RecordFormat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * The encoding alone, format 2 against format 3 (RecordFormat), in one JVM, alternating: the enters
 * and exits of a recording (times, ids, untimed ones as they were) written again and again with
 * RecordEncoder, whose record starts, exits and varints are the tracer's own (RecordFormat.put*),
 * a batch of 16 KB at a time as the tracer's buffer. ns per record, the fastest of each round. What a
 * traced call costs besides (the clock, the thread look-up, JFR) is the same in both formats and
 * left out, so the difference is not lost in a loaded machine's noise as it is in whole runs.
 *
 *   java -cp jfr-events/target/classes bench/EncodeSpeed.java FILE.jfr [ROUNDS]
 */
public class EncodeSpeed {
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        int n = 0;
        byte[] kinds = new byte[1 << 20];
        int[] ids = new int[1 << 20];
        long[] times = new long[1 << 20];
        RecordDecoder d = new RecordDecoder();
        try (RecordingFile rf = new RecordingFile(Path.of(args[0]))) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                if (!e.getEventType().getName().equals("jtrace.TraceBatch")) continue;
                byte[] b = e.getString("payload").getBytes(StandardCharsets.ISO_8859_1);
                d.reset(b, 0, b.length);
                d.startBatch();
                long clock = e.getLong("baseNanos");
                try {
                    while (d.hasMore()) {
                        d.readRecordStart();
                        if (d.kind != RecordFormat.ENTER && d.kind != RecordFormat.EXIT && d.kind != RecordFormat.ENTER_UNTIMED) break; // a body next: leave the batch
                        if (d.delta >= 0) clock += d.delta;
                        if (n == kinds.length) {
                            kinds = Arrays.copyOf(kinds, n * 2);
                            ids = Arrays.copyOf(ids, n * 2);
                            times = Arrays.copyOf(times, n * 2);
                        }
                        kinds[n] = (byte) (d.kind == RecordFormat.EXIT && d.aux == RecordFormat.EXIT_UNTIMED ? 9 : d.kind);
                        ids[n] = (int) d.aux;
                        times[n] = clock;
                        n++;
                    }
                } catch (IllegalStateException torn) {
                    // the rest of that batch
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s: %,d enter and exit records%n", args[0], n);
        long[][] best = new long[2][rounds];
        long[] bytes = new long[2];
        for (int r = 0; r < rounds; r++) {
            for (int f = 0; f < 2; f++) {
                RecordEncoder enc = new RecordEncoder(f == 0 ? 2 : 3);
                long fastest = Long.MAX_VALUE;
                for (int rep = 0; rep < 3; rep++) {
                    long total = 0;
                    long start = System.nanoTime();
                    enc.reset(times[0]);
                    for (int i = 0; i < n; i++) {
                        switch (kinds[i]) {
                            case RecordFormat.ENTER: enc.enter(ids[i], times[i]); break;
                            case RecordFormat.ENTER_UNTIMED: enc.enterUntimed(ids[i]); break;
                            case 9: enc.exitUntimed(); break;
                            default: enc.exit(times[i]); break;
                        }
                        if (enc.size() > 16_000) {
                            total += enc.size();
                            enc.reset(times[i]);
                        }
                    }
                    total += enc.size();
                    fastest = Math.min(fastest, System.nanoTime() - start);
                    bytes[f] = total;
                }
                best[f][r] = fastest;
            }
        }
        for (int f = 0; f < 2; f++) {
            long[] s = best[f].clone();
            Arrays.sort(s);
            System.out.printf(Locale.ROOT, "format %d: median %.2f ns/record (rounds %.2f-%.2f), %,d bytes, %.3f B/record%n", f + 2,
                s[rounds / 2] / (double) n, s[0] / (double) n, s[rounds - 1] / (double) n, bytes[f], bytes[f] / (double) n);
        }
        double[] ratio = new double[rounds];
        for (int r = 0; r < rounds; r++) ratio[r] = best[1][r] / (double) best[0][r];
        Arrays.sort(ratio);
        System.out.printf(Locale.ROOT, "format 3 / format 2, per round: median %.3f (%.3f-%.3f)%n", ratio[rounds / 2], ratio[0], ratio[rounds - 1]);
    }
}
