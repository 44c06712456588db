import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.replay.Replay;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The replay alone (every thread's records decoded and handed to a visitor that counts them, what
 * every reading command starts with) on recordings given, in turn, in one warm JVM: e.g. the same
 * program recorded in format 2 by the build before and in format 3 by this one. Seconds per round,
 * the index read once per file; medians and records per second at the end.
 *
 *   javac -cp formats/target/classes:jfr-events/target/classes -d /tmp/rf bench/ReplayFormats.java
 *   java -cp formats/target/classes:jfr-events/target/classes:/tmp/rf ReplayFormats ROUNDS A.jfr B.jfr...
 */
public final class ReplayFormats {
    static long records;

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        int files = args.length - 1;
        TraceIndex[] indexes = new TraceIndex[files];
        for (int f = 0; f < files; f++) indexes[f] = TraceReader.read(Path.of(args[f + 1]), null);
        long[][] nanos = new long[files][rounds];
        long[] counted = new long[files];
        CallVisitor counter = new CallVisitor() {
            public void enter(ThreadInfo t, long n, int d, MethodInfo m) { records++; }
            public void exit(ThreadInfo t, long n, int d, MethodInfo m, long dur, ExitKind k, ExceptionRef e) { records++; }
            public void call(ThreadInfo t, long n, int d, MethodInfo m, long dur, ExitKind k, ExceptionRef e) { records += 2; }
            public void other(TraceEvent e) { records++; }
            public boolean needsThreadsInterleaved() { return false; }
        };
        for (int r = 0; r < rounds; r++) {
            StringBuilder line = new StringBuilder("round " + (r + 1) + ":");
            for (int f = 0; f < files; f++) {
                records = 0;
                long start = System.nanoTime();
                Replay.of(indexes[f], indexes[f].threads()).into(counter);
                nanos[f][r] = System.nanoTime() - start;
                counted[f] = records;
                line.append(String.format(Locale.ROOT, "  %s %.2f s", Path.of(args[f + 1]).getFileName(), nanos[f][r] / 1e9));
            }
            System.out.println(line);
        }
        for (int f = 0; f < files; f++) {
            long[] s = nanos[f].clone();
            Arrays.sort(s);
            System.out.printf(Locale.ROOT, "%s: %,d records, median %.2f s (%.2f-%.2f), %.1fM records/s%n", args[f + 1], counted[f],
                s[rounds / 2] / 1e9, s[0] / 1e9, s[rounds - 1] / 1e9, counted[f] / (s[rounds / 2] / 1e9) / 1e6);
        }
        for (TraceIndex i : indexes) i.close();
    }
}
