import io.jtrace.analysis.CallAdapter;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.replay.Replay;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The process CPU time of one replay of a recording (after 3 more as warm-up), median of ROUNDS:
 * into MethodStatistics (summary's analysis), a merged call tree (tree), or a call count (the
 * replay alone). CPU time, not wall: on this shared machine the wall time of the same run spreads
 * by a third, its CPU time by a few percent. Run it with each build's classes in turn (and with
 * -XX:TieredStopAtLevel=1, as jtrace runs reading commands on recordings under 48 MB).
 *
 *   unzip -q OLD_JTRACE -d /tmp/old; unzip -q NEW_JTRACE -d /tmp/new; javac -cp /tmp/new -d /tmp/rc bench/ReplayCpu.java
 *   java -XX:TieredStopAtLevel=1 -cp /tmp/old:/tmp/rc ReplayCpu FILE.jfr stats|tree|count ROUNDS   (then /tmp/new)
 */
public class ReplayCpu {
    public static void main(String[] a) throws Exception {
        Path file = Path.of(a[0]);
        String what = a[1];
        int rounds = Integer.parseInt(a[2]);
        long[] t = new long[rounds];
        try (TraceIndex index = TraceReader.read(file, null)) {
            for (int r = -3; r < rounds; r++) {
                long start = cpu();
                switch (what) {
                    case "stats" -> {
                        MethodStatistics s = new MethodStatistics(3);
                        Replay.of(index, index.threads()).afterThread(s::endThread).into(s.visitor());
                    }
                    case "tree" -> Replay.of(index, index.threads()).callTree(new CallTreeBuilder.Options(true, 0, null), v -> v);
                    default -> Replay.of(index, index.threads()).into(new CallAdapter.CallCount());
                }
                if (r >= 0) t[r] = cpu() - start;
            }
        }
        Arrays.sort(t);
        System.out.println(what + " " + t[rounds / 2] / 1_000_000 + " cpu ms (median of " + rounds + ")");
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
