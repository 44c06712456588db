package io.jtrace.replay;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the time of a merged call tree (`tree --merge`, the collapsed and flame graph exports) goes
 * on one recording, in one warm JVM: the replay alone, the tree built from the replay's calls held
 * in memory (no decoding: the tree's own cost), and the replay into the tree on one thread and on
 * two ({@code Replay.Request.heavyVisitor}), and in two parts at once ({@code Replay.Request.callTree}, what
 * the commands do), beside each of its parts built alone. Rounds alternate; each line is one round.
 *
 *   mvn -q -B install -DskipTests
 *   javac -cp formats/target/classes:jfr-events/target/classes -d /tmp/tb bench/TreeBuild.java
 *   java -Xmx6g -XX:+UseSerialGC -cp formats/target/classes:jfr-events/target/classes:/tmp/tb io.jtrace.replay.TreeBuild FILE.jfr [ROUNDS]
 *
 * Holding the calls takes ~13 bytes per record (1.3 GB for parser.jfr's 102M): give it the heap.
 */
public final class TreeBuild {
    private int[] methods = new int[1 << 20];
    private long[] durations = new long[1 << 20];
    private byte[] kinds = new byte[1 << 20];
    private int size;
    private final List<MethodInfo> byIndex = new ArrayList<>();
    private final Map<MethodInfo, Integer> indexes = new IdentityHashMap<>();
    private ThreadInfo thread;

    public static void main(String[] args) throws Exception {
        TraceIndex index = TraceReader.read(Path.of(args[0]), null);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        TreeBuild calls = new TreeBuild();
        Replay.of(index, index.threads()).into(calls.recorder());
        System.out.printf("%,d enters and exits held, %d methods, %d thread(s)%n", calls.size, calls.byIndex.size(),
                index.threads().size());
        for (int r = 0; r < rounds; r++) {
            long t = System.nanoTime();
            Replay.of(index, index.threads()).into(new Nothing());
            double replay = seconds(t);
            t = System.nanoTime();
            Replay.of(index, index.threads()).heavyVisitor().into(new Nothing());
            double handedOver = seconds(t);
            t = System.nanoTime();
            CallTree held = calls.build();
            double build = seconds(t);
            t = System.nanoTime();
            CallTree one = intoTree(index, false);
            double oneThread = seconds(t);
            t = System.nanoTime();
            CallTree two = intoTree(index, true);
            double twoThreads = seconds(t);
            t = System.nanoTime();
            CallTree parts = Replay.of(index, index.threads()).callTree(MERGED, v -> v);
            double inParts = seconds(t);
            double[] apart = partsOneAfterTheOther(index);
            if (held.nodeCount() != one.nodeCount() || one.nodeCount() != two.nodeCount() || two.nodeCount() != parts.nodeCount()) {
                throw new IllegalStateException("trees differ: " + held.nodeCount() + " " + one.nodeCount() + " " + two.nodeCount()
                        + " " + parts.nodeCount());
            }
            System.out.printf("round %d: replay alone %.2f s, handed over to a second thread %.2f s, tree from held calls %.2f s (%,d paths), replay into the tree on one thread %.2f s, on two %.2f s, in two parts at once %.2f s (the parts one after the other on one thread: %.2f + %.2f s)%n",
                    r + 1, replay, handedOver, build, held.nodeCount(), oneThread, twoThreads, inParts, apart[0], apart[1]);
        }
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private static final CallTreeBuilder.Options MERGED = new CallTreeBuilder.Options(true, 0, null);

    /** The two parts that {@code callTree} builds at once, each alone on this thread: seconds of each. */
    private static double[] partsOneAfterTheOther(TraceIndex index) {
        List<TraceIndex.ThreadBatches> threads = new ArrayList<>();
        for (ThreadInfo ti : index.threads()) threads.add(index.batchesOf(ti));
        TwoPartTree.Cut cut = TwoPartTree.Cut.middle(threads);
        CallTreeBuilder first = new CallTreeBuilder(MERGED), second = new CallTreeBuilder(MERGED);
        long t = System.nanoTime();
        for (int i = 0; i < cut.thread(); i++) new ThreadReplay(index, threads.get(i), first.visitor(), null).run();
        if (cut.batch() > 0) ThreadReplay.until(index, threads.get(cut.thread()), first.visitor(), cut.batch()).run();
        double a = seconds(t);
        t = System.nanoTime();
        if (cut.batch() > 0) ThreadReplay.resumedAt(index, threads.get(cut.thread()), second.visitor(), cut.batch()).run();
        for (int i = cut.thread() + (cut.batch() > 0 ? 1 : 0); i < threads.size(); i++) {
            new ThreadReplay(index, threads.get(i), second.visitor(), null).run();
        }
        return new double[] {a, seconds(t)};
    }

    private static CallTree intoTree(TraceIndex index, boolean twoThreads) {
        CallTreeBuilder b = new CallTreeBuilder(MERGED);
        Replay.Request request = Replay.of(index, index.threads()).afterThread(b::endThread);
        if (twoThreads) request.heavyVisitor();
        request.into(b.visitor());
        return b.build();
    }

    private CallTree build() {
        CallTreeBuilder b = new CallTreeBuilder(new CallTreeBuilder.Options(true, 0, null));
        CallVisitor v = b.visitor();
        MethodInfo[] ms = byIndex.toArray(new MethodInfo[0]);
        ExitKind[] exitKinds = ExitKind.values();
        for (int i = 0; i < size; i++) {
            int m = methods[i];
            if (m >= 0) v.enter(thread, 0, 0, ms[m]);
            else v.exit(thread, 0, 0, null, durations[i], exitKinds[kinds[i]], null);
        }
        return b.build();
    }

    private void add(int method, long duration, ExitKind kind) {
        if (size == methods.length) {
            methods = Arrays.copyOf(methods, size * 2);
            durations = Arrays.copyOf(durations, size * 2);
            kinds = Arrays.copyOf(kinds, size * 2);
        }
        methods[size] = method;
        durations[size] = duration;
        kinds[size] = (byte) (kind == null ? 0 : kind.ordinal());
        size++;
    }

    private int indexOf(MethodInfo m) {
        return indexes.computeIfAbsent(m, x -> {
            byIndex.add(x);
            return byIndex.size() - 1;
        });
    }

    /** Holds every call as the tree sees it (one merged root: the thread does not matter). */
    private CallVisitor recorder() {
        return new CallVisitor() {
            @Override
            public void enter(ThreadInfo t, long nanos, int depth, MethodInfo m) {
                thread = t;
                add(indexOf(m), 0, null);
            }

            @Override
            public void exit(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
                add(-1, d, k);
            }

            @Override
            public void call(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
                thread = t;
                add(indexOf(m), 0, null);
                add(-1, d, k);
            }

            @Override
            public void other(TraceEvent e) {
            }
        };
    }

    private static final class Nothing implements CallVisitor {
        @Override
        public void enter(ThreadInfo t, long nanos, int depth, MethodInfo m) {
        }

        @Override
        public void exit(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
        }

        @Override
        public void call(ThreadInfo t, long nanos, int depth, MethodInfo m, long d, ExitKind k, ExceptionRef x) {
        }

        @Override
        public void other(TraceEvent e) {
        }
    }
}
