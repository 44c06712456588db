package io.jtrace.compare;

import io.jtrace.model.ThreadInfo;
import io.jtrace.recording.Recorded;
import io.jtrace.recording.Recording;
import io.jtrace.recording.Selection;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Where two recordings of a program part ways, thread by thread: the report behind
 * {@code jtrace diff}. Threads pair by name ({@link ThreadPairs}); each pair is walked in step
 * ({@link PairWalk}) and, unless every region is asked for, read no further than its first
 * divergence. Only what both recordings hold is compared ({@link Recorded#and}).
 */
public final class RecordingDiff {
    /** How to compare: lines of context, every region or the first divergence only, pairs given by the user. */
    public record Options(int context, boolean allRegions, List<ThreadPairs.Given> pairs) {
        public Options {
            if (context < 0) throw new IllegalArgumentException("context must not be negative, not " + context);
            pairs = List.copyOf(pairs);
        }
    }

    /** Whether there is a second core to read the other recording on (B's steps; A's statistics for {@code --summary}). */
    static final boolean SECOND_CORE = Runtime.getRuntime().availableProcessors() >= 2;

    private final List<ThreadDiff> threads;
    private final Recorded compared;

    private RecordingDiff(List<ThreadDiff> threads, Recorded compared) {
        this.threads = List.copyOf(threads);
        this.compared = compared;
    }

    /**
     * Compares the threads {@code selection} selects in {@code a} with their counterparts in
     * {@code b}. A given pair naming a thread that is not there throws IllegalArgumentException.
     */
    public static RecordingDiff compare(Recording a, Recording b, Selection selection, Options options) {
        Recorded both = a.recorded().and(b.recorded());
        List<ThreadInfo> inA = a.threads(selection);
        List<ThreadInfo> inB = b.threads(selection);
        List<ThreadDiff> diffs = new ArrayList<>();
        MethodNumbers numbers = new MethodNumbers(selection);
        MethodNumbers.Side inNumbersA = numbers.side();
        MethodNumbers.Side inNumbersB = numbers.side();
        for (ThreadPairs.Pair p : ThreadPairs.pair(inA, inB, options.pairs())) {
            diffs.add(comparePair(a, b, selection, both, p, options, inNumbersA, inNumbersB));
        }
        return new RecordingDiff(diffs, both);
    }

    /**
     * One pair of threads compared as {@link #compare} compares each ({@code pair} from its
     * {@link #threads}): an explorer's regions of the thread at its cursor.
     */
    public static ThreadDiff comparePair(Recording a, Recording b, Selection selection, ThreadPairs.Pair pair, Options options) {
        MethodNumbers numbers = new MethodNumbers(selection);
        return comparePair(a, b, selection, a.recorded().and(b.recorded()), pair, options, numbers.side(), numbers.side());
    }

    private static ThreadDiff comparePair(Recording a, Recording b, Selection selection, Recorded both, ThreadPairs.Pair p,
                                          Options options, MethodNumbers.Side inNumbersA, MethodNumbers.Side inNumbersB) {
        if (p.a() == null || p.b() == null) return new ThreadDiff(p, 0, null, List.of(), false);
        ComparedThread ta = new ComparedThread(a.index(), p.a(), selection, both, inNumbersA);
        Supplier<ComparedThread> tb = () -> new ComparedThread(b.index(), p.b(), selection, both, inNumbersB);
        // B's side on another core if there is one; method numbers are handed out under a lock then
        try (StepStream sa = new StepStream(ta);
             StepStream sb = new StepStream(SECOND_CORE ? new PrefetchedSteps(tb, "jtrace-diff-b") : tb.get())) {
            return new PairWalk(sa, sb, options.context()).run(p, options.allRegions());
        }
    }

    /**
     * Where event {@code number} of one run's thread stands in the other run's thread: {@code SAME},
     * the same step there; {@code PARTED}, where the other run does something else instead (a
     * divergence, or the frame left another way); {@code BEFORE}, the event is not a point where the
     * runs line up (a call only this run made, the exit of a call that nests differently in the
     * other run, a value or line inside a divergent region, an event the comparison leaves out) and
     * {@code number} is the nearest point before it that is. Inside a region, the calls lined up
     * and their exits are points where the runs line up.
     */
    public record Counterpart(long number, Kind kind) {
        public enum Kind { SAME, PARTED, BEFORE }
    }

    /**
     * The counterpart in the other run of event {@code number} (numbered as
     * {@link io.jtrace.history.ThreadHistory} numbers them) of {@code pair}'s thread in B
     * ({@code inB}) or in A, found by walking the pair in step, every region aligned as
     * {@code --all} aligns it, up to that event. Null when no point before it stands together.
     */
    public static Counterpart counterpart(Recording a, Recording b, Selection selection, ThreadPairs.Pair pair, boolean inB,
                                          long number) {
        if (pair.a() == null || pair.b() == null) return null;
        Recorded both = a.recorded().and(b.recorded());
        MethodNumbers numbers = new MethodNumbers(selection);
        Nearest nearest = new Nearest(inB, number);
        try (StepStream sa = new StepStream(new ComparedThread(a.index(), pair.a(), selection, both, numbers.side()));
             StepStream sb = new StepStream(new ComparedThread(b.index(), pair.b(), selection, both, numbers.side()))) {
            new PairWalk(sa, sb, 0).align(pair, nearest);
        }
        return nearest.counterpart();
    }

    /** Keeps the last anchor at or before event {@code number} of one side; stops the walk past it. */
    static final class Nearest implements PairWalk.Anchors {
        private final boolean inB;
        private final long number;
        private long from = -1;
        private long to;
        private boolean same;

        Nearest(boolean inB, long number) {
            this.inB = inB;
            this.number = number;
        }

        @Override
        public boolean at(long numberA, long numberB, boolean same) {
            long f = inB ? numberB : numberA;
            if (f > number) return false;
            if (f > from) { // the first anchor of an event counts: the same step before where the runs part after it
                from = f;
                to = inB ? numberA : numberB;
                this.same = same;
            }
            return true;
        }

        Counterpart counterpart() {
            if (from < 0) return null;
            return new Counterpart(to, from < number ? Counterpart.Kind.BEFORE : same ? Counterpart.Kind.SAME : Counterpart.Kind.PARTED);
        }
    }

    /** Every pair, in the order of A's threads, then B's threads that A has not. */
    public List<ThreadDiff> threads() {
        return threads;
    }

    /** The kinds of events that were compared: those both recordings hold. */
    public Recorded compared() {
        return compared;
    }

    /** Whether every thread has its counterpart and every pair is the same. */
    public boolean same() {
        return threads.stream().allMatch(ThreadDiff::same);
    }

    /** Whether any pair's comparison stopped at lost records. */
    public boolean lostRecords() {
        return threads.stream().anyMatch(ThreadDiff::lost);
    }
}
