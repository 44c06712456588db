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

/**
 * What the merge of threads by time costs, in one warm JVM: a visitor that only counts is given a
 * multi-thread recording's events in exact order by time, with its threads running ahead through
 * plain calls (it says it does not need them interleaved, as ExceptionFlow does while no journey
 * is open), and thread by thread (no merge: the floor). Also how often the visitor was asked, i.e.
 * how many times the merge switched threads or ran one ahead. With the jtrace executable's classes
 * on the class path:
 *
 *   java -XX:+UseSerialGC -cp jtrace/target/jtrace bench/MergeByTime.java /dev/shm/f2rec/json.jfr 3
 */
public class MergeByTime {
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        try (TraceIndex index = TraceReader.read(Path.of(args[0]), null)) {
            System.out.printf("%s: %d threads%n", args[0], index.threads().size());
            for (int round = 1; round <= rounds; round++) {
                StringBuilder line = new StringBuilder("round " + round + ":");
                for (String mode : new String[] {"exact", "running ahead", "by thread"}) {
                    long[] counts = new long[2]; // events, questions
                    boolean exact = mode.equals("exact");
                    CallVisitor counter = new CallVisitor() {
                        @Override
                        public void enter(ThreadInfo t, long n, int d, MethodInfo m) {
                            counts[0]++;
                        }

                        @Override
                        public void exit(ThreadInfo t, long n, int d, MethodInfo m, long du, ExitKind k, ExceptionRef x) {
                            counts[0]++;
                        }

                        @Override
                        public void call(ThreadInfo t, long n, int d, MethodInfo m, long du, ExitKind k, ExceptionRef x) {
                            counts[0]++;
                        }

                        @Override
                        public void other(TraceEvent e) {
                            counts[0]++;
                        }

                        @Override
                        public boolean needsThreadsInterleaved() {
                            counts[1]++;
                            return exact;
                        }
                    };
                    long start = System.nanoTime();
                    Replay.of(index, index.threads())
                            .order(mode.equals("by thread") ? Replay.Order.BY_THREAD : Replay.Order.BY_TIME).into(counter);
                    line.append(String.format(" %s %,d ms (%,d events, %,d runs)", mode, (System.nanoTime() - start) / 1_000_000,
                            counts[0], counts[1]));
                }
                System.out.println(line);
            }
        }
    }
}
