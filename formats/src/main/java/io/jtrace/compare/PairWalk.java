package io.jtrace.compare;

import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Walks one thread of each run in step and finds where they part (first divergence); with
 * {@code all}, goes on: a divergent region ends when both runs leave the frame they parted in,
 * then the walk resumes in step. Memory: the shared stack, {@code context} events, one batch a
 * side, and one region's alignment window.
 */
final class PairWalk {
    private final StepStream a;
    private final StepStream b;
    private final int context;
    private final List<MethodInfo> stack = new ArrayList<>();
    private final ArrayDeque<TraceEvent> before = new ArrayDeque<>();
    /** The last pair of steps that agreed. */
    private Step lastA;
    private Step lastB;
    private long sameSteps;
    private boolean lost;
    /** Told every point where the two runs stand together; null when nobody asks. */
    private Anchors anchors;
    /** The anchors said stop. */
    private boolean stopped;

    /**
     * Points where the two runs stand together, in the order of both threads: what a cursor on one
     * side maps to on the other ({@link Counterpart}).
     */
    interface Anchors {
        /**
         * Event {@code numberA} of A and {@code numberB} of B stand together: as the same step
         * ({@code same}), or where the two part ways or leave a frame differently. False: stop.
         */
        boolean at(long numberA, long numberB, boolean same);
    }

    PairWalk(StepStream a, StepStream b, int context) {
        this.a = a;
        this.b = b;
        this.context = context;
    }

    /** Walks every region, telling {@code anchors} each point where the runs stand together, until it says stop. */
    void align(ThreadPairs.Pair pair, Anchors anchors) {
        this.anchors = anchors;
        run(pair, true);
    }

    private void anchor(long numberA, long numberB, boolean same) {
        if (anchors != null && !stopped && numberA >= 0 && numberB >= 0 && !anchors.at(numberA, numberB, same)) stopped = true;
    }

    /** Compares until the first divergence (or to the end); with {@code all}, every divergent region. */
    ThreadDiff run(ThreadPairs.Pair pair, boolean all) {
        Divergence first = null;
        long sameBeforeFirst = 0;
        List<Region> regions = new ArrayList<>();
        while (true) {
            inStep();
            if (stopped) break;
            Step x = a.next();
            Step y = b.next();
            if (x == null && y == null) break;
            if (x != null && y != null && StepComparison.same(x, y)) {
                agreed(x, y);
                if (anchors != null) {
                    anchor(x.number(), y.number(), true);
                    if (stopped) break;
                }
                continue;
            }
            lost |= x != null && x.event() instanceof RecordsLost || y != null && y.event() instanceof RecordsLost;
            if (!all) {
                first = divergence(x, y, true);
                sameBeforeFirst = sameSteps;
                break;
            }
            Region r = region(x, y);
            if (first == null) {
                first = r.start();
                sameBeforeFirst = first.sameSteps();
            }
            regions.add(r);
            if (lost || stopped) break;
        }
        return new ThreadDiff(pair, first == null ? sameSteps : sameBeforeFirst, first, regions, lost);
    }

    /**
     * Walks on while the two runs agree on the blocks' keys ({@link StepBlock#key}): no step or
     * event is built for the rows walked, except the last one and the context lines, where the
     * walk stops (the next rows differ, or need a closer look). Keeps what
     * {@link #agreed} keeps, as if each pair of rows had been given to it.
     */
    private void inStep() {
        while (!a.hasPushedBack() && !b.hasPushedBack()) {
            StepBlock ba = a.block();
            StepBlock bb = b.block();
            if (ba == null || bb == null) return;
            int i0 = a.row();
            int i = i0;
            int j = b.row();
            boolean parted = false;
            while (!stopped) {
                int length = Math.min(ba.n - i, bb.n - j);
                if (length == 0) break;
                int differ = Arrays.mismatch(ba.key, i, i + length, bb.key, j, j + length);
                int end = i + (differ < 0 ? length : differ);
                for (; i < end && !stopped; i++, j++) rowsAgreed(ba, i, bb, j);
                if (differ < 0 || stopped) break;
                // the keys differ: a closer look on one side at least (values, an exception, another event)
                if (!StepBlock.sameRows(ba, i, bb, j)) {
                    parted = true;
                    break;
                }
                rowsAgreed(ba, i++, bb, j++);
            }
            if (i > i0) {
                sameSteps += i - i0;
                lastA = ba.step(i - 1);
                lastB = bb.step(j - 1);
                keepContext(ba, i0, i);
            }
            a.moveTo(i);
            b.moveTo(j);
            if (stopped || parted) return;
        }
    }

    /** Row {@code i} of A's block and row {@code j} of B's were the same step: the shared stack and the anchors follow. */
    private void rowsAgreed(StepBlock ba, int i, StepBlock bb, int j) {
        if (ba.entersFrame(i)) stack.add(ba.info[i]);
        else if (ba.leavesFrame(i) && !stack.isEmpty()) stack.remove(stack.size() - 1);
        if (anchors != null) anchor(ba.number[i], bb.number[j], true);
    }

    /** The context lines among rows {@code from} to {@code to} (exclusive) of A's block, just walked: the last {@code context} of them. */
    private void keepContext(StepBlock ba, int from, int to) {
        if (context == 0) return;
        int first = to;
        for (int kept = 0; first > from && kept < context; ) {
            first--;
            if (ba.part[first] != StepBlock.CALL_ENTER) kept++;
        }
        for (int r = first; r < to; r++) {
            if (ba.part[r] == StepBlock.CALL_ENTER) continue;
            if (before.size() == context) before.removeFirst();
            before.addLast(ba.event(r));
        }
    }

    private void agreed(Step x, Step y) {
        sameSteps++;
        if (x.entersFrame()) stack.add(x.methodInfo());
        else if (x.leavesFrame() && !stack.isEmpty()) stack.remove(stack.size() - 1);
        if (x.part() != Step.Part.CALL_ENTER) {
            if (context > 0) {
                if (before.size() == context) before.removeFirst();
                before.addLast(x.event());
            }
        }
        lastA = x;
        lastB = y;
    }

    /**
     * The divergence at {@code x} / {@code y} (null: that thread ended). Where the last steps that
     * agreed were the enter half of a leaf call ({@code =} in one run, {@code >} or {@code =} in the
     * other), the lines differ from that call on: both are shown from there.
     * {@code readOn}: read the events after it on each side for showing them (not when a region
     * will read them).
     */
    private Divergence divergence(Step x, Step y, boolean readOn) {
        List<TraceEvent> inA = new ArrayList<>();
        List<TraceEvent> inB = new ArrayList<>();
        List<TraceEvent> shared = new ArrayList<>(before);
        boolean split = lastA != null && (lastA.part() == Step.Part.CALL_ENTER || lastB.part() == Step.Part.CALL_ENTER);
        if (split) {
            if (lastA.part() == Step.Part.WHOLE && !shared.isEmpty()) shared.remove(shared.size() - 1);
            inA.add(lastA.event());
            inB.add(lastB.event());
        }
        long numberA = split ? lastA.number() : x == null ? -1 : x.number();
        long numberB = split ? lastB.number() : y == null ? -1 : y.number();
        if (x != null && (inA.isEmpty() || inA.get(inA.size() - 1) != x.event())) inA.add(x.event());
        if (y != null && (inB.isEmpty() || inB.get(inB.size() - 1) != y.event())) inB.add(y.event());
        if (readOn) {
            readOn(a, inA, x);
            readOn(b, inB, y);
        }
        return new Divergence(sameSteps, stack, StepComparison.difference(x, y), shared, inA, inB, numberA, numberB);
    }

    private void readOn(StepStream side, List<TraceEvent> shown, Step at) {
        if (at == null) return;
        while (shown.size() < Math.max(1, context)) {
            TraceEvent e = side.nextEvent();
            if (e == null) return;
            shown.add(e);
        }
    }

    /**
     * A divergent region from {@code x} / {@code y}: each side is read until it leaves the frame
     * the two parted in (the innermost shared frame; none: to the thread's end), its calls lined up
     * with the other side's. The walk then goes on in step after both exits.
     */
    private Region region(Step x, Step y) {
        Divergence start = divergence(x, y, false);
        anchor(start.numberA(), start.numberB(), false);
        if (x != null && y != null) anchor(x.number(), y.number(), false);
        int partedDepth = stack.size() - 1; // -1: parted outside every frame, the region runs to the end
        Map<Integer, MethodKey> keys = new HashMap<>(); // by the methods' numbers, the same in both
        Side sa = readRegion(a, x, partedDepth, keys);
        Side sb = readRegion(b, y, partedDepth, keys);
        Map<MethodKey, Long> onlyA = new HashMap<>();
        Map<MethodKey, Long> onlyB = new HashMap<>();
        boolean[][] kept = CallAlignment.common(sa.calls, sa.n, sb.calls, sb.n);
        for (int i = 0; i < sa.n; i++) if (!kept[0][i]) onlyA.merge(keys.get(sa.calls[i]), 1L, Long::sum);
        for (int j = 0; j < sb.n; j++) if (!kept[1][j]) onlyB.merge(keys.get(sb.calls[j]), 1L, Long::sum);
        if (anchors != null) {
            alignedCalls(sa, sb, kept);
            if (sa.end != null && sb.end != null) anchor(sa.end.number(), sb.end.number(), StepComparison.same(sa.end, sb.end));
        }
        boolean aligned = sa.overflow.isEmpty() && sb.overflow.isEmpty();
        for (Map.Entry<Integer, Long> e : sa.overflow.entrySet()) {
            long d = e.getValue() - sb.overflow.getOrDefault(e.getKey(), 0L);
            if (d > 0) onlyA.merge(keys.get(e.getKey()), d, Long::sum);
        }
        for (Map.Entry<Integer, Long> e : sb.overflow.entrySet()) {
            long d = e.getValue() - sa.overflow.getOrDefault(e.getKey(), 0L);
            if (d > 0) onlyB.merge(keys.get(e.getKey()), d, Long::sum);
        }
        if (partedDepth >= 0) stack.remove(stack.size() - 1);
        // a frame left with another value or outcome than in the other run, because of what differed
        // under it, is part of the same region, and so is each caller left likewise right after it
        while (!lost && !stack.isEmpty()) {
            Step nx = a.next();
            Step ny = b.next();
            boolean sameFrameLeft = nx != null && ny != null && nx.leavesFrame() && ny.leavesFrame()
                    && nx.method() == ny.method() && !StepComparison.same(nx, ny);
            if (!sameFrameLeft) {
                if (nx != null) a.pushBack(nx);
                if (ny != null) b.pushBack(ny);
                break;
            }
            anchor(nx.number(), ny.number(), false);
            stack.remove(stack.size() - 1);
        }
        before.clear();
        lastA = null;
        lastB = null;
        return new Region(start, sa.total, sb.total, onlyA, onlyB, aligned);
    }

    /**
     * The anchors of a region's aligned calls: the k-th call kept on one side is the k-th kept on
     * the other, the same call of the two runs, and so are their exits where both left within the
     * region (the same step if they left alike). Given in the order of both threads: an exit whose
     * pair would go back in either run (the calls nest differently in the two) is left out.
     */
    private void alignedCalls(Side sa, Side sb, boolean[][] kept) {
        List<long[]> points = new ArrayList<>(); // numberA, numberB, same (1/0)
        for (int i = 0, j = 0; i < sa.n && j < sb.n; i++, j++) {
            while (i < sa.n && !kept[0][i]) i++;
            while (j < sb.n && !kept[1][j]) j++;
            if (i >= sa.n || j >= sb.n) break;
            points.add(new long[] {sa.numbers[i], sb.numbers[j], 1});
            Step ea = sa.exits[i];
            Step eb = sb.exits[j];
            // a leaf call's exit half has its enter's number: the enter stands for it
            if (ea != null && eb != null && (ea.number() != sa.numbers[i] || eb.number() != sb.numbers[j])) {
                points.add(new long[] {ea.number(), eb.number(), StepComparison.same(ea, eb) ? 1 : 0});
            }
        }
        points.sort((p, q) -> p[0] != q[0] ? Long.compare(p[0], q[0]) : Long.compare(p[1], q[1]));
        long lastB = Long.MIN_VALUE;
        for (long[] p : points) {
            if (p[1] < lastB) continue;
            lastB = p[1];
            anchor(p[0], p[1], p[2] == 1);
        }
    }

    /** One side's calls in a region: the first {@link CallAlignment#WINDOW} as ids in order, the rest counted by id. */
    private static final class Side {
        int[] calls = new int[64];
        /** The calls' event numbers (for {@link Anchors}). */
        long[] numbers = new long[64];
        /** Each call's exit, where it left within the region (for {@link Anchors}); null otherwise. */
        Step[] exits = new Step[64];
        /** The calls open in the region, innermost last: their index in {@link #calls}, -1 past the window. */
        int[] open = new int[16];
        int depth;
        int n;
        /** The exit from the frame the runs parted in; null at the thread's end. */
        Step end;
        long total;
        final Map<Integer, Long> overflow = new HashMap<>();
    }

    private Side readRegion(StepStream side, Step from, int partedDepth, Map<Integer, MethodKey> keys) {
        Side s = new Side();
        for (Step st = from; st != null; st = side.next()) {
            if (st.event() instanceof RecordsLost) {
                lost = true;
                return s;
            }
            if (st.leavesFrame() && st.event().depth() == partedDepth) {
                s.end = st;
                return s;
            }
            if (st.leavesFrame()) {
                if (s.depth > 0) { // else a frame entered before the region
                    int k = s.open[--s.depth];
                    if (k >= 0) s.exits[k] = st;
                }
                continue;
            }
            if (!st.entersFrame()) continue;
            int id = st.method();
            if (!keys.containsKey(id)) keys.put(id, MethodKey.of(st.methodInfo()));
            s.total++;
            if (s.depth == s.open.length) s.open = java.util.Arrays.copyOf(s.open, s.depth * 2);
            if (s.n < CallAlignment.WINDOW) {
                if (s.n == s.calls.length) {
                    s.calls = java.util.Arrays.copyOf(s.calls, s.n * 2);
                    s.numbers = java.util.Arrays.copyOf(s.numbers, s.n * 2);
                    s.exits = java.util.Arrays.copyOf(s.exits, s.n * 2);
                }
                s.open[s.depth++] = s.n;
                s.numbers[s.n] = st.number();
                s.calls[s.n++] = id;
            } else {
                s.open[s.depth++] = -1;
                s.overflow.merge(id, 1L, Long::sum);
            }
        }
        return s;
    }
}
