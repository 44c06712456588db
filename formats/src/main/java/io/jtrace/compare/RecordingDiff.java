package io.jtrace.compare;

import io.jtrace.model.ThreadInfo;
import io.jtrace.recording.Recorded;
import io.jtrace.recording.Recording;
import io.jtrace.recording.Selection;

import java.util.ArrayList;
import java.util.List;

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

    /** Whether B's steps are read on a second core. */
    private static final boolean PARALLEL = Runtime.getRuntime().availableProcessors() >= 2;

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
            if (p.a() == null || p.b() == null) {
                diffs.add(new ThreadDiff(p, 0, null, List.of(), false));
                continue;
            }
            ComparedThread ta = new ComparedThread(a.index().timeline(p.a()), selection, both, inNumbersA);
            ComparedThread tb = new ComparedThread(b.index().timeline(p.b()), selection, both, inNumbersB);
            // B's side on another core if there is one; method numbers are handed out under a lock then
            try (StepStream sa = new StepStream(ta);
                 StepStream sb = new StepStream(PARALLEL ? new PrefetchedSteps(tb, "jtrace-diff-b") : tb)) {
                diffs.add(new PairWalk(sa, sb, options.context()).run(p, options.allRegions()));
            }
        }
        return new RecordingDiff(diffs, both);
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
