package io.jtrace.replay;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.events.TraceBatchEvent;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TestBatches;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.read.UnreadableRecordingException;
import io.jtrace.runtime.RecordEncoder;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A call tree built in two parts at once is the tree one replay builds, wherever the records are cut. */
class TwoPartTreeTest {
    @TempDir
    Path dir;

    private static final int METHODS = 6;
    private static final int BATCHES = 30;

    /** What to put into the generated records besides calls. */
    private record Twists(int lostBatchOfThread2, int resyncBatchOfThread1, boolean unknownKindInThread1) {}

    /**
     * Three threads of random calls (timed and untimed enters, normal, untimed and exceptional
     * exits, recursion up to 40 deep, a method with no definition) in batches of 1-60 records, each batch saying the depth it
     * starts at, as the tracer writes them; frames still open at the end are unfinished.
     */
    private Path record(Twists twists) throws Exception {
        Path file = dir.resolve("two-parts.jfr");
        try (Recording r = new Recording()) {
            r.start();
            TestBatches.sessionAndMethods(METHODS);
            RecordEncoder enc = new RecordEncoder();
            for (int thread = 1; thread <= 3; thread++) {
                Random rnd = new Random(41 + thread);
                long t = 1_000 + thread;
                int[] methods = new int[64];
                boolean[] untimed = new boolean[64];
                int depth = 0;
                int batches = thread == 3 ? 4 : BATCHES;
                for (int seq = 0; seq < batches; seq++) {
                    int startDepth = depth;
                    enc.reset(t);
                    int n = 1 + rnd.nextInt(60);
                    for (int i = 0; i < n; i++) {
                        if (depth == 0 || (rnd.nextInt(10) < 5 && depth < 40)) {
                            int m = 1 + rnd.nextInt(METHODS + 1); // METHODS + 1: never defined (a damaged file)
                            methods[depth] = m;
                            untimed[depth] = rnd.nextInt(5) == 0;
                            if (untimed[depth]) enc.enterUntimed(m);
                            else enc.enter(m, t += 1 + rnd.nextInt(50));
                            depth++;
                        } else {
                            depth--;
                            int exit = rnd.nextInt(12);
                            if (exit == 0) enc.exitExceptional(t += 1 + rnd.nextInt(50), 77, 0);
                            else if (untimed[depth] && exit < 6) enc.exitUntimed();
                            else enc.exit(t += 1 + rnd.nextInt(50));
                        }
                    }
                    if (thread == 1 && seq == twists.resyncBatchOfThread1()) enc.resync(t += 5, methods, depth);
                    if (thread == 1 && seq == 5 && twists.unknownKindInThread1()) enc.encoded(14, 0, t, new byte[0]);
                    if (thread == 2 && seq == twists.lostBatchOfThread2()) continue;
                    TraceBatchEvent b = TestBatches.batch(enc, thread, "t" + thread, seq);
                    b.startDepth = startDepth;
                    b.commit();
                }
            }
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private static List<TraceIndex.ThreadBatches> batches(TraceIndex index) {
        List<TraceIndex.ThreadBatches> all = new ArrayList<>();
        for (ThreadInfo t : index.threads()) all.add(index.batchesOf(t));
        return all;
    }

    /** The tree one replay builds, on the calling thread. */
    private static CallTree inOnePart(TraceIndex index, CallTreeBuilder.Options options) {
        CallTreeBuilder builder = new CallTreeBuilder(options);
        Replay.of(index, index.threads()).inParallel(false).afterThread(builder::endThread).into(builder.visitor());
        return builder.build();
    }

    /** Every node with everything it counts, children in the order they were first called. */
    private static String dump(CallTree tree) {
        StringBuilder out = new StringBuilder();
        for (CallTree.Node root : tree.roots()) dump(root, out);
        out.append(tree.nodeCount()).append(" nodes\n");
        return out.toString();
    }

    private static void dump(CallTree.Node n, StringBuilder out) {
        out.append("  ".repeat(n.depth())).append(n.isRoot() ? n.label() : n.method().displayName())
                .append(" calls=").append(n.calls()).append(" total=").append(n.totalNanos())
                .append(" self=").append(n.selfNanos()).append(" untimed=").append(n.untimedCalls())
                .append(" exceptional=").append(n.exceptionalExits()).append('\n');
        for (CallTree.Node c : n.childrenInCallOrder()) dump(c, out);
    }

    /** Each batch boundary of each thread, and each thread's start. */
    private static List<TwoPartTree.Cut> everyCut(List<TraceIndex.ThreadBatches> threads) {
        List<TwoPartTree.Cut> cuts = new ArrayList<>();
        for (int i = 0; i < threads.size(); i++) {
            if (i > 0) cuts.add(new TwoPartTree.Cut(i, 0));
            for (int k = 1; k < threads.get(i).batches().size(); k++) cuts.add(new TwoPartTree.Cut(i, k));
        }
        return cuts;
    }

    @Test
    void cutAnywhereTheTreeIsTheOneOneReplayBuilds() throws Exception {
        try (TraceIndex index = TraceReader.read(record(new Twists(13, -1, false)), null)) {
            List<TraceIndex.ThreadBatches> threads = batches(index);
            int cutsInsideFrames = 0;
            for (boolean merged : new boolean[] {true, false}) {
                CallTreeBuilder.Options options = new CallTreeBuilder.Options(merged, 0, null);
                String expected = dump(inOnePart(index, options));
                for (TwoPartTree.Cut cut : everyCut(threads)) {
                    CallTree tree = TwoPartTree.build(index, threads, options, cut);
                    assertNotNull(tree, "the parts meet at " + cut);
                    assertEquals(expected, dump(tree), (merged ? "merged, " : "per thread, ") + cut);
                    if (cut.batch() > 0 && threads.get(cut.thread()).batches().get(cut.batch()).startDepth() > 0) cutsInsideFrames++;
                }
            }
            assertTrue(cutsInsideFrames > 80, "most cuts leave frames open: " + cutsInsideFrames);
            assertTrue(expected(index).contains("(frames before lost records)"), "the lost batch is in the tree");
            assertTrue(expected(index).contains("method#" + (METHODS + 1)), "the method with no definition is in the tree");
        }
    }

    private static String expected(TraceIndex index) {
        return dump(inOnePart(index, new CallTreeBuilder.Options(true, 0, null)));
    }

    @Test
    void aResyncNamingTheFirstPartsFramesIsBuiltInOnePart() throws Exception {
        try (TraceIndex index = TraceReader.read(record(new Twists(-1, 20, false)), null)) {
            List<TraceIndex.ThreadBatches> threads = batches(index);
            CallTreeBuilder.Options options = new CallTreeBuilder.Options(true, 0, null);
            String expected = dump(inOnePart(index, options));
            // cut before it, the second part cannot tell which of the first part's frames the RESYNC keeps
            // (unless they all ended before it): built in one part instead; cut after it, the parts meet
            int inOnePart = 0;
            for (int k = 1; k < threads.get(0).batches().size(); k++) {
                CallTree tree = TwoPartTree.build(index, threads, options, new TwoPartTree.Cut(0, k));
                if (tree == null) {
                    assertTrue(k <= 20, "no RESYNC after batch " + k);
                    inOnePart++;
                } else {
                    assertEquals(expected, dump(tree), "cut before batch " + k);
                }
            }
            assertTrue(inOnePart > 0, "some cuts leave the RESYNC's frames to the first part");
            assertEquals(expected, dump(Replay.of(index, index.threads()).callTree(options, v -> v)), "the tree asked for is whole");
        }
    }

    @Test
    void aFailureInEitherPartReachesTheCaller() throws Exception {
        try (TraceIndex index = TraceReader.read(record(new Twists(-1, -1, true)), null)) {
            List<TraceIndex.ThreadBatches> threads = batches(index);
            CallTreeBuilder.Options options = new CallTreeBuilder.Options(true, 0, null);
            for (TwoPartTree.Cut cut : List.of(new TwoPartTree.Cut(0, 3), new TwoPartTree.Cut(0, 20), new TwoPartTree.Cut(1, 0))) {
                UnreadableRecordingException e = assertThrows(UnreadableRecordingException.class,
                        () -> TwoPartTree.build(index, threads, options, cut), "cut at " + cut);
                assertTrue(e.getMessage().contains("thread t1"), e.getMessage());
            }
        }
    }

    @Test
    void aCancelledReplayStopsBothPartsAndLeavesNoThreadBehind() throws Exception {
        try (TraceIndex index = TraceReader.read(record(new Twists(-1, -1, false)), null)) {
            List<TraceIndex.ThreadBatches> threads = batches(index);
            CallTreeBuilder.Options options = new CallTreeBuilder.Options(true, 0, null);
            Cancellation cancellation = new Cancellation();
            cancellation.cancel(); // as Ctrl-C in the explore shell does
            assertThrows(java.util.concurrent.CancellationException.class,
                    () -> cancellation.run(() -> TwoPartTree.build(index, threads, options, new TwoPartTree.Cut(0, 15))));
            assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("jtrace-tree") && t.isAlive()),
                    "the first part's thread has ended");
            assertEquals(expected(index), dump(TwoPartTree.build(index, threads, options, new TwoPartTree.Cut(0, 15))),
                    "not cancelled: the whole tree");
        }
    }

    @Test
    void theCutFallsNearTheMiddleOfTheBytes() throws Exception {
        try (TraceIndex index = TraceReader.read(record(new Twists(-1, -1, false)), null)) {
            List<TraceIndex.ThreadBatches> threads = batches(index);
            TwoPartTree.Cut cut = TwoPartTree.Cut.middle(threads);
            long total = 0, before = 0;
            for (int i = 0; i < threads.size(); i++) {
                for (int k = 0; k < threads.get(i).batches().size(); k++) {
                    int length = threads.get(i).batches().get(k).length();
                    total += length;
                    if (i < cut.thread() || (i == cut.thread() && k < cut.batch())) before += length;
                }
            }
            int largest = 0;
            for (TraceIndex.ThreadBatches t : threads) for (TraceIndex.BatchRef b : t.batches()) largest = Math.max(largest, b.length());
            assertTrue(Math.abs(2 * before - total) <= 2L * largest, before + " of " + total + " bytes before " + cut);
            assertNull(TwoPartTree.Cut.middle(List.of(TestBatches.onlyFirstBatch(threads.get(0)))), "one batch: nowhere to cut");
        }
    }
}
