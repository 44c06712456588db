package io.jtrace.cli.explore;

import io.jtrace.compare.RecordingDiff;
import io.jtrace.compare.Region;
import io.jtrace.compare.ThreadDiff;
import io.jtrace.compare.ThreadPairs;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.recording.Selection;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code jtrace explore B --against A}: the two recordings and where they part, as {@code jtrace
 * diff} finds it ({@link RecordingDiff}, every region as {@code diff --all}). The session shows one
 * recording at a time; {@code other} swaps in the other one at the counterpart of the cursor.
 */
final class Comparison implements AutoCloseable {
    /** Compared as {@code jtrace diff} compares by default: every event kind both hold, no method left out. */
    private static final Selection ALL = Selection.all();

    private final Recording a;
    private final Recording b;
    private final RecordingDiff firstDivergences;
    /** The recording not shown. */
    private ExploreSession.Side setAside;
    private boolean showingB = true;
    /** Each pair's regions (diff --all), read on the first 'diverge' in its thread. */
    private final Map<ThreadPairs.Pair, ThreadDiff> regions = new HashMap<>();
    /** Where the last 'other' came from and landed: 'other' again from there goes back exactly. */
    private Place otherFrom;
    private Place otherTo;

    private record Place(boolean inB, ThreadInfo thread, long number) {}

    /** The file of the recording not shown. */
    Path setAsideFile() {
        return setAside.file();
    }

    private Comparison(Recording a, Recording b, RecordingDiff firstDivergences, ExploreSession.Side setAside) {
        this.a = a;
        this.b = b;
        this.firstDivergences = firstDivergences;
        this.setAside = setAside;
    }

    /**
     * Compares the session's recording (B) with {@code against} (A) and puts the cursor at the
     * first divergence, as {@code jtrace diff} reports it; says where it is on {@code out}.
     */
    static void open(ExploreSession session, TraceIndex against, Path againstFile, PrintWriter out) {
        Recording a = Recording.of(against);
        Recording b = Recording.of(session.index);
        RecordingDiff diff = RecordingDiff.compare(a, b, ALL, new RecordingDiff.Options(0, false, List.of()));
        Comparison c = new Comparison(a, b, diff, new ExploreSession.Side(against, againstFile));
        session.comparison = c;
        ThreadDiff first = diff.threads().stream().filter(t -> t.first() != null && t.pair().a() != null && t.pair().b() != null)
                .findFirst().orElse(null);
        if (first == null) {
            out.println(diff.same() ? "B is the same as A (" + againstFile.getFileName() + "): no divergence"
                    : "B and A (" + againstFile.getFileName() + ") have the same threads' events where both have a thread: "
                    + "no divergence; 'threads' lists them");
            return;
        }
        session.select(first.pair().b());
        goTo(session, first.first().numberB());
        out.println("B parts from A (" + againstFile.getFileName() + ") in thread " + io.jtrace.text.Printable.text(first.pair().label())
                + ": " + io.jtrace.text.Printable.text(first.first().what()));
        show(session, out);
    }

    /** {@code A} or {@code B}: the recording shown. */
    String sideShown() {
        return showingB ? "B" : "A";
    }

    /** The pair of the session's current thread, or an error if it has no counterpart. */
    private ThreadPairs.Pair pair(ExploreSession s) {
        ThreadInfo t = s.thread();
        for (ThreadDiff d : firstDivergences.threads()) {
            ThreadPairs.Pair p = d.pair();
            if ((showingB ? p.b() : p.a()) == t || t.equals(showingB ? p.b() : p.a())) {
                if (p.a() == null || p.b() == null) {
                    throw new ShellError("thread " + ExploreSession.label(t) + " is only in " + sideShown() + ": it has no counterpart to compare with");
                }
                return p;
            }
        }
        throw new ShellError("thread " + ExploreSession.label(t) + " has no counterpart in " + (showingB ? "A" : "B"));
    }

    /** The divergent regions of the current thread's pair, as {@code diff --all} lists them. */
    List<Region> regions(ExploreSession s) {
        ThreadPairs.Pair p = pair(s);
        ThreadDiff d = regions.computeIfAbsent(p, k -> RecordingDiff.comparePair(a, b, ALL, k, new RecordingDiff.Options(0, true, List.of())));
        if (d.regions().isEmpty()) throw new ShellError("thread " + io.jtrace.text.Printable.text(p.label()) + " is the same in A and B");
        return d.regions();
    }

    /** Where region {@code r} starts on the side shown: the number of its first event there (the last event if that side ended). */
    long start(ExploreSession s, Region r) {
        long n = showingB ? r.start().numberB() : r.start().numberA();
        return n >= 0 ? n : s.history().size() - 1;
    }

    /**
     * Shows the other recording at the counterpart of the cursor (or, if the cursor has not moved
     * since the last 'other', where that came from). Says what the place is.
     */
    void other(ExploreSession s, PrintWriter out) {
        Place here = new Place(showingB, s.thread(), s.cursor().number());
        Place target;
        String what;
        if (here.equals(otherTo)) {
            target = otherFrom;
            what = "back where 'other' came from";
        } else {
            ThreadPairs.Pair p = pair(s);
            RecordingDiff.Counterpart c = RecordingDiff.counterpart(a, b, ALL, p, showingB, here.number());
            if (c == null) throw new ShellError("no point of " + (showingB ? "A" : "B") + " lines up with this one");
            String otherSide = showingB ? "A" : "B";
            what = switch (c.kind()) {
                case SAME -> "the same event in " + otherSide;
                case PARTED -> "where " + otherSide + " does something else: the runs part here";
                case BEFORE -> "the nearest point before #" + (here.number() + 1) + " where the runs line up";
            };
            target = new Place(!showingB, showingB ? p.a() : p.b(), c.number());
        }
        setAside = s.swap(setAside);
        showingB = !showingB;
        s.select(target.thread());
        goTo(s, target.number());
        otherFrom = here;
        otherTo = new Place(showingB, s.thread(), s.cursor().number());
        out.println(sideShown() + ": " + what);
        show(s, out);
    }

    /** The cursor to event {@code n} of the current thread (its last event if the thread is shorter). */
    static void goTo(ExploreSession s, long n) {
        if (n < 0 || !s.cursor().goTo(n)) s.cursor().goTo(s.history().size() - 1);
    }

    /** The event at the cursor, with its values, and the stack there, innermost first. */
    static void show(ExploreSession s, PrintWriter out) {
        out.println(s.text.event(s.cursor().at()));
        s.text.stack(s.cursor().at()).forEach(out::println);
    }

    @Override
    public void close() {
        setAside.close();
    }
}
