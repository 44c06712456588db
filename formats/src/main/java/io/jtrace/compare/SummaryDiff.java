package io.jtrace.compare;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.model.TraceEvent;
import io.jtrace.recording.Recording;
import io.jtrace.recording.Selection;
import io.jtrace.replay.Cancellation;
import io.jtrace.replay.Replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Per method calls, total and self time in two recordings, and exceptions per type, side by side
 * ({@code jtrace diff --summary}); uftrace's {@code report --diff}. Each side is the statistics
 * {@code jtrace summary} computes ({@link MethodStatistics}) and the exceptions thrown per type,
 * joined by method (class, name, descriptor) and by exception type. Ignored methods are left out as
 * the walk of {@link RecordingDiff} leaves them out: not their rows, nor the calls and exceptions
 * under them; their callers' self time stays what {@code summary} gives (their calls' time is a
 * callee's, not the caller's own).
 */
public final class SummaryDiff {
    /** What to sort methods by: the largest change of this column first. */
    public enum Sort { calls, total, self }

    /** One method in A and B; a side is null where that run never called it. */
    public record MethodRow(MethodKey method, MethodInfo info, MethodStatistics.MethodRow a, MethodStatistics.MethodRow b) {
        public long callsA() { return a == null ? 0 : a.calls(); }
        public long callsB() { return b == null ? 0 : b.calls(); }
        public long totalA() { return a == null ? 0 : a.totalNanos(); }
        public long totalB() { return b == null ? 0 : b.totalNanos(); }
        public long selfA() { return a == null ? 0 : a.selfNanos(); }
        public long selfB() { return b == null ? 0 : b.selfNanos(); }

        long delta(Sort s) {
            return switch (s) {
                case calls -> callsB() - callsA();
                case total -> totalB() - totalA();
                case self -> selfB() - selfA();
            };
        }
    }

    /** Exceptions of one type thrown in A and in B (a rethrow is not counted again). */
    public record ExceptionRow(String type, long a, long b) {}

    private final List<MethodRow> methods;
    private final List<ExceptionRow> exceptions;

    private SummaryDiff(List<MethodRow> methods, List<ExceptionRow> exceptions) {
        this.methods = methods;
        this.exceptions = exceptions;
    }

    /** Reads both recordings' selected threads and joins their statistics; rows sorted by {@code sort}. */
    public static SummaryDiff compare(Recording a, Recording b, Selection selection, Sort sort) {
        Side[] sides = read(a, b, selection);
        Side sa = sides[0];
        Side sb = sides[1];
        Map<MethodKey, MethodRow> rows = new LinkedHashMap<>();
        for (MethodStatistics.MethodRow r : sa.stats.methods()) {
            if (r.calls() == 0 || selection.ignores(r.method())) continue;
            MethodKey k = MethodKey.of(r.method());
            rows.put(k, new MethodRow(k, r.method(), r, null));
        }
        for (MethodStatistics.MethodRow r : sb.stats.methods()) {
            if (r.calls() == 0 || selection.ignores(r.method())) continue;
            MethodKey k = MethodKey.of(r.method());
            MethodRow inA = rows.get(k);
            rows.put(k, new MethodRow(k, inA == null ? r.method() : inA.info(), inA == null ? null : inA.a(), r));
        }
        List<MethodRow> methods = new ArrayList<>(rows.values());
        methods.sort(Comparator.comparingLong((MethodRow r) -> Math.abs(r.delta(sort))).reversed()
                .thenComparing(r -> r.info().displayName()));
        Map<String, long[]> types = new HashMap<>();
        sa.thrown.forEach((type, n) -> types.computeIfAbsent(type, k -> new long[2])[0] = n);
        sb.thrown.forEach((type, n) -> types.computeIfAbsent(type, k -> new long[2])[1] = n);
        List<ExceptionRow> exceptions = new ArrayList<>();
        types.forEach((type, n) -> exceptions.add(new ExceptionRow(type, n[0], n[1])));
        exceptions.sort(Comparator.comparingLong((ExceptionRow r) -> Math.abs(r.b() - r.a())).reversed()
                .thenComparing(ExceptionRow::type));
        return new SummaryDiff(List.copyOf(methods), List.copyOf(exceptions));
    }

    /** Every method either run called, the largest change first. */
    public List<MethodRow> methods() {
        return methods;
    }

    /** Every exception type either run threw, the largest change of count first. */
    public List<ExceptionRow> exceptions() {
        return exceptions;
    }

    /** Whether the two runs made the same number of calls of every method and threw the same exceptions. */
    public boolean sameCounts() {
        return methods.stream().allMatch(r -> r.callsA() == r.callsB())
                && exceptions.stream().allMatch(r -> r.a() == r.b());
    }

    /**
     * Methods whose self time grew by more than {@code fraction} of A's (0.1: ten per cent); a
     * method only B calls grew from nothing, and counts if it took any time.
     */
    public List<MethodRow> grewMoreThan(double fraction) {
        List<MethodRow> grew = new ArrayList<>();
        for (MethodRow r : methods) {
            if (r.selfB() > r.selfA() && r.selfB() - r.selfA() > fraction * r.selfA()) grew.add(r);
        }
        return grew;
    }

    /**
     * Both sides, A read on a thread of its own if there is a second core. Each side's statistics
     * are made on the thread that fills them: made on one thread, the two sides' objects share cache
     * lines both threads write at every call (bench/README.md, "The walk in columns"). A failure
     * on either side stops the other.
     */
    private static Side[] read(Recording a, Recording b, Selection selection) {
        if (!RecordingDiff.SECOND_CORE) return new Side[] {Side.of(a, selection), Side.of(b, selection)};
        Cancellation stopA = new Cancellation();
        Cancellation stopB = new Cancellation();
        FutureTask<Side> inA = new FutureTask<>(() -> {
            try {
                return stopA.run(() -> Side.of(a, selection));
            } catch (RuntimeException | Error e) {
                stopB.cancel();
                throw e;
            }
        });
        Thread reader = new Thread(inA, "jtrace-diff-a");
        reader.setDaemon(true);
        reader.start();
        Side sb = null;
        Throwable failedB = null;
        try {
            sb = stopB.run(() -> Side.of(b, selection));
        } catch (RuntimeException | Error e) {
            stopA.cancel();
            failedB = e;
        }
        // B stopped only because A failed: A's failure is the one to tell
        boolean stoppedByA = failedB instanceof CancellationException && stopB.cancelled();
        Side sa;
        try {
            sa = inA.get();
        } catch (InterruptedException e) {
            stopA.cancel();
            Thread.currentThread().interrupt();
            throw new CancellationException("comparison interrupted");
        } catch (ExecutionException e) {
            throw unchecked(failedB != null && !stoppedByA ? failedB : e.getCause());
        }
        if (failedB != null) throw unchecked(failedB);
        return new Side[] {sa, sb};
    }

    private static RuntimeException unchecked(Throwable e) {
        if (e instanceof RuntimeException r) return r;
        if (e instanceof Error r) throw r;
        return new IllegalStateException(e);
    }

    /** One recording's statistics and thrown exceptions per type, read in one replay. */
    private record Side(MethodStatistics stats, Map<String, Long> thrown) {
        static Side of(Recording r, Selection selection) {
            MethodStatistics stats = new MethodStatistics(0);
            Map<String, Long> thrown = new HashMap<>();
            CallVisitor counted = new ThrownCount(stats.visitor(), thrown);
            Replay.of(r.index(), r.threads(selection)).afterThread(stats::endThread)
                    .into(selection.ignored() == null ? counted : new UnderIgnoredCalls(counted, selection));
            return new Side(stats, thrown);
        }
    }

    /**
     * Drops every event under an ignored method's call (its callees, the exceptions thrown and
     * caught in it), passing on the call itself: its duration then still comes out of its caller's
     * self time, and its own row is not shown. Per thread, the depth of the ignored frame open.
     */
    private static final class UnderIgnoredCalls implements CallVisitor {
        private final CallVisitor next;
        private final Selection selection;
        private final Map<ThreadInfo, IgnoredFrame> ignored = new HashMap<>();
        private ThreadInfo lastThread;
        /** Of the last thread: the ignored frame its events may be inside. */
        private IgnoredFrame lastIgnored;

        UnderIgnoredCalls(CallVisitor next, Selection selection) {
            this.next = next;
            this.selection = selection;
        }

        private IgnoredFrame of(ThreadInfo t) {
            if (t != lastThread) {
                lastThread = t;
                lastIgnored = ignored.computeIfAbsent(t, k -> new IgnoredFrame());
            }
            return lastIgnored;
        }

        /** Whether a frame entered at {@code depth} is under an ignored call; else, if {@code method} is ignored, skips under it. */
        private boolean under(ThreadInfo thread, int depth, MethodInfo method) {
            IgnoredFrame f = of(thread);
            if (f.open()) return f.under(depth);
            if (selection.ignores(method)) f.enter(depth);
            return false;
        }

        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            if (!under(thread, depth, method)) next.enter(thread, nanos, depth, method);
        }

        @Override
        public void enteredBeforeTracing(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            if (!under(thread, depth, method)) next.enteredBeforeTracing(thread, nanos, depth, method);
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            IgnoredFrame f = of(thread);
            if (f.under(depth)) return;
            f.exit(depth);
            next.exit(thread, nanos, depth, method, durationNanos, kind, exception);
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            if (!of(thread).under(depth)) next.call(thread, nanos, depth, method, durationNanos, kind, exception);
        }

        @Override
        public void other(TraceEvent e) {
            IgnoredFrame f = of(e.thread());
            if (f.open()) {
                // a gap that cuts the ignored frame off ends it, as in the walk (IgnoredFrame.gap); the rest under it is dropped
                if (!(e instanceof io.jtrace.model.RecordsLost l) || !f.gap(l)) return;
            }
            next.other(e);
        }
    }

    /**
     * Passes every event on to the statistics and counts exceptions as they start: each throw
     * (by the program, the JVM, or untraced code) but not a rethrow, which resumes the journey of
     * one already counted ({@code jtrace exceptions} counts journeys the same way).
     */
    private static final class ThrownCount implements CallVisitor {
        private final CallVisitor next;
        private final Map<String, Long> thrown;

        ThrownCount(CallVisitor next, Map<String, Long> thrown) {
            this.next = next;
            this.thrown = thrown;
        }

        @Override
        public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            next.enter(thread, nanos, depth, method);
        }

        @Override
        public void enteredBeforeTracing(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
            next.enteredBeforeTracing(thread, nanos, depth, method);
        }

        @Override
        public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            next.exit(thread, nanos, depth, method, durationNanos, kind, exception);
        }

        @Override
        public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                         ExceptionRef exception) {
            next.call(thread, nanos, depth, method, durationNanos, kind, exception);
        }

        @Override
        public void other(TraceEvent e) {
            if (e instanceof ExceptionThrown t && t.kind() != ThrowKind.RETHROWN) {
                String type = t.exception() == null || t.exception().type() == null ? "(unknown exception)" : t.exception().type();
                thrown.merge(type, 1L, Long::sum);
            }
            next.other(e);
        }
    }
}
