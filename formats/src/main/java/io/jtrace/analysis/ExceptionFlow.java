package io.jtrace.analysis;

import io.jtrace.model.CodeSite;
import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionJourney;
import io.jtrace.model.ExceptionJourney.Outcome;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionSuppressed;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.ExitKind;
import io.jtrace.model.FinallyEntered;
import io.jtrace.model.JourneyStep;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.model.TraceEvent;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds each exception's journey from the trace events of all threads, in time order, and hands
 * finished journeys to a {@link Sink} in the order they started. Streaming and bounded: a journey
 * is open from its throw until it is caught (and its handler is done with it), dies with its
 * thread, is wrapped or suppressed into another exception, or leaves the traced code; only open
 * journeys, and finished ones waiting for an earlier one, are held.
 *
 * <p>Exceptions are told apart by identity hash on their thread. A journey crosses threads only
 * through a cause link (CompletableFuture's CompletionException carries the failure of a pool
 * thread), so open journeys are also found by identity across threads.
 *
 * <p>When is a handler done with its exception? When its frame is left, when a new unrelated
 * exception starts on the thread, or after {@link #QUIET_EVENTS} events (or
 * {@link #QUIET_NANOS}) without news of it. A rethrow or wrap after that starts a new journey
 * that links back by cause.
 */
public final class ExceptionFlow {
    /** Receives finished journeys. */
    public interface Sink {
        void accept(ExceptionJourney journey) throws IOException;
    }

    /**
     * Told of each step as it is added, while the event that makes it is being accepted, so that a
     * caller following the replay (which call is open) can say where each step happened.
     */
    public interface StepListener {
        /** {@code step} 0 is the journey's start, 1 its first step in {@link ExceptionJourney#steps()}, and so on. */
        void added(long journey, int step);
    }

    /** Events on its thread after which a caught exception (or one gone to untraced code) is considered done. */
    static final int QUIET_EVENTS = 256;
    /** Recording time after which any open journey without news is considered done. */
    static final long QUIET_NANOS = 1_000_000_000L;
    /** Finished journeys held back for an earlier open one; beyond this the oldest open one is closed. */
    static final int MAX_WAITING = 10_000;
    /** Finished journeys remembered for cause links. */
    static final int MAX_RECENT = 100_000;

    private final Sink sink;
    private final StepListener steps;
    private long nextNumber = 1;
    private final Map<Long, ThreadState> threads = new HashMap<>();
    private final Map<Long, Journey> openByIdentity = new HashMap<>();
    /** A finished journey as links name it. */
    private record Link(long number, ExceptionRef exception) {}

    private final Map<Long, Link> recent = new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Link> eldest) {
            return size() > MAX_RECENT;
        }
    };
    private final ArrayDeque<Journey> order = new ArrayDeque<>();
    private long events;
    private long now;

    public ExceptionFlow(Sink sink) {
        this(sink, (journey, step) -> { });
    }

    public ExceptionFlow(Sink sink, StepListener steps) {
        this.sink = sink;
        this.steps = steps;
    }

    private static final class ThreadState {
        final Map<Long, Journey> open = new LinkedHashMap<>();
        long events;
        long threadId = Long.MIN_VALUE;
    }

    /** A journey being built. */
    private static final class Journey {
        final long number;
        final ThreadInfo thread;
        final long nanos;
        final ExceptionRef exception;
        final String message;
        final ThrowKind origin;
        final CodeSite site;
        final CodeSite surfacedAt;
        ExceptionRef cause;
        long causeNumber;
        long continuesNumber;
        final List<JourneyStep> steps = new ArrayList<>();
        /** Caught; the handler (frame at {@link #depth}) may still rethrow or wrap it. */
        boolean handling;
        /** Traced frames open around its last step. */
        int depth;
        long lastNanos;
        long lastEvent;
        /** The uncaught exception handler that got it, once the thread died of it. */
        String handler;
        ExceptionJourney finished;

        Journey(long number, ThreadInfo thread, long nanos, ExceptionRef exception, String message, ThrowKind origin,
                CodeSite site, CodeSite surfacedAt) {
            this.number = number;
            this.thread = thread;
            this.nanos = nanos;
            this.exception = exception;
            this.message = message;
            this.origin = origin;
            this.site = site;
            this.surfacedAt = surfacedAt;
        }

        JourneyStep lastStep() {
            return steps.isEmpty() ? null : steps.get(steps.size() - 1);
        }
    }

    /** By thread ordinal: threads interleave every few events, a map look-up each time adds up. */
    private ThreadState[] byOrdinal = new ThreadState[16];

    private ThreadState state(io.jtrace.model.ThreadInfo t) {
        int i = t.ordinal();
        if (i >= 0 && i < byOrdinal.length) {
            ThreadState s = byOrdinal[i];
            if (s != null && s.threadId == t.id()) return s;
        }
        ThreadState s = threads.computeIfAbsent(t.id(), k -> new ThreadState());
        s.threadId = t.id();
        if (i >= 0 && i < 1 << 16) {
            if (i >= byOrdinal.length) byOrdinal = java.util.Arrays.copyOf(byOrdinal, Math.max(i + 1, byOrdinal.length * 2));
            byOrdinal[i] = s;
        }
        return s;
    }

    /**
     * The same as {@link #accept} for every event, as a visitor of a replay (all threads, in time
     * order): calls that cannot touch a journey (enters, normal calls) only count, with no object.
     */
    public CallVisitor visitor() {
        return new CallVisitor() {
            @Override
            public void enter(io.jtrace.model.ThreadInfo thread, long nanos, int depth, io.jtrace.model.MethodInfo method) {
                counted(thread, nanos);
            }

            @Override
            public void exit(io.jtrace.model.ThreadInfo thread, long nanos, int depth, io.jtrace.model.MethodInfo method,
                             long durationNanos, ExitKind kind, io.jtrace.model.ExceptionRef exception) {
                if (idle()) { // leaving a frame ends no journey
                    countedWhileIdle(nanos);
                    return;
                }
                try {
                    left(thread, nanos, depth, method, kind, exception, nanos);
                } catch (IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            }

            @Override
            public void call(io.jtrace.model.ThreadInfo thread, long nanos, int depth, io.jtrace.model.MethodInfo method,
                             long durationNanos, ExitKind kind, io.jtrace.model.ExceptionRef exception) {
                if (kind == ExitKind.EXCEPTION) {
                    try {
                        left(thread, nanos, depth, method, kind, exception, nanos + durationNanos);
                    } catch (IOException x) {
                        throw new java.io.UncheckedIOException(x);
                    }
                } else {
                    counted(thread, nanos);
                }
            }

            @Override
            public void other(TraceEvent e) {
                try {
                    accept(e);
                } catch (IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            }

            /**
             * While idle, a plain call only moves the clock and the count (commutative: the same
             * after a run of them whatever their interleaving), and cannot open a journey.
             */
            @Override
            public boolean needsThreadsInterleaved() {
                return !idle();
            }

            private void counted(io.jtrace.model.ThreadInfo thread, long nanos) {
                if (idle()) {
                    countedWhileIdle(nanos);
                    return;
                }
                try {
                    after(count(thread, nanos));
                } catch (IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            }
        };
    }

    /** No journey is open or waiting to be handed out (every journey started is in {@link #order} until then). */
    private boolean idle() {
        return order.isEmpty();
    }

    /**
     * A call while {@link #idle}: the clock and the count of all events move (the
     * time and the phase of the checks for journeys gone quiet), nothing else can. A thread's own
     * count only ever serves as a difference between two of its events while a journey is open,
     * so it need not move now.
     */
    private void countedWhileIdle(long nanos) {
        now = Math.max(now, nanos);
        events++;
    }

    /** What every event does first: the clock and the counts the quiet rules go by. */
    private ThreadState count(io.jtrace.model.ThreadInfo thread, long nanos) {
        now = Math.max(now, nanos);
        events++;
        ThreadState ts = state(thread);
        ts.events++;
        return ts;
    }

    /** What every event does last: closes journeys gone quiet and hands out the finished ones in order. */
    private void after(ThreadState ts) throws IOException {
        closeQuiet(ts);
        if ((events & 0xfff) == 0) closeQuietEverywhere();
        drain(false);
    }

    /** Feeds the next event (all threads, in time order). */
    public void accept(TraceEvent e) throws IOException {
        if (e instanceof MethodExit m) {
            left(m.thread(), m.nanos(), m.depth(), m.method(), m.kind(), m.exception(), m.nanos());
            return;
        }
        if (e instanceof MethodCall m && m.kind() == ExitKind.EXCEPTION) {
            left(m.thread(), m.nanos(), m.depth(), m.method(), m.kind(), m.exception(), m.nanos() + m.durationNanos());
            return;
        }
        ThreadState ts = count(e.thread(), e.nanos());
        if (e instanceof ExceptionThrown x) {
            thrown(ts, x);
        } else if (e instanceof ExceptionCaught c) {
            Journey j = journeyOf(ts, c.exception(), c);
            add(ts, j, new JourneyStep(JourneyStep.Kind.CAUGHT, c.nanos(), c.site(), c.declaredType(), null, 0), c.depth());
            j.handling = true;
        } else if (e instanceof FinallyEntered f) {
            Journey j = journeyOf(ts, f.exception(), f);
            add(ts, j, JourneyStep.at(f.resourceClose() ? JourneyStep.Kind.RESOURCE_CLOSE : JourneyStep.Kind.FINALLY,
                    f.nanos(), f.site()), f.depth());
        } else if (e instanceof ExceptionSuppressed s) {
            suppressed(ts, s);
        } else if (e instanceof ExceptionUncaught u) {
            Journey j = journeyOf(ts, u.exception(), u);
            j.handler = u.handler();
            finish(j, Outcome.UNCAUGHT, u.nanos(), null, null, 0);
        } else if (e instanceof RecordsLost) {
            for (Journey j : new ArrayList<>(ts.open.values())) finish(j, Outcome.IN_FLIGHT, e.nanos(), null, null, 0);
        }
        after(ts);
    }

    /**
     * A frame left ({@link #accept} of a {@link MethodExit}, or of an exceptional {@link MethodCall}
     * whose frame was left at {@code leftNanos}) without an event object: a replay exits tens of
     * millions of frames, and one with no journey open on its thread only counts.
     */
    private void left(io.jtrace.model.ThreadInfo thread, long nanos, int depth, MethodInfo method, ExitKind kind,
                      ExceptionRef exception, long leftNanos) throws IOException {
        ThreadState ts = count(thread, nanos);
        if (!ts.open.isEmpty()) frameLeft(ts, depth, kind, exception, method, leftNanos);
        after(ts);
    }

    /** Ends every open journey (the recording is over) and hands out the rest. */
    public void finish() throws IOException {
        for (Journey j : new ArrayList<>(order)) {
            if (j.finished != null) continue;
            Outcome o = j.handling ? Outcome.CAUGHT : j.depth == 0 ? Outcome.LEFT_TRACED_CODE : Outcome.IN_FLIGHT;
            finish(j, o, j.lastNanos, null, null, 0);
        }
        drain(true);
    }

    private void thrown(ThreadState ts, ExceptionThrown x) {
        long id = x.exception().identity();
        Journey same = ts.open.get(id);
        if (same != null && x.kind() != ThrowKind.THROWN) {
            // a rethrow continues the journey; a second origin of the same object says nothing new
            if (x.kind() == ThrowKind.RETHROWN) {
                same.handling = false;
                add(ts, same, JourneyStep.at(JourneyStep.Kind.RETHROWN, x.nanos(), x.site()), x.depth());
            }
            return;
        }
        if (same != null) finish(same, natural(same), same.lastNanos, null, null, 0); // the same object thrown anew
        Journey cause = x.causeIdentity() == 0 ? null : open(ts, x.causeIdentity());
        // a new exception: handlers on this thread are done with theirs, unless it wraps one
        for (Journey j : new ArrayList<>(ts.open.values())) {
            if (j != cause && j.handling) finish(j, Outcome.CAUGHT, j.lastNanos, null, null, 0);
        }
        Journey j = start(ts, x, x.kind(), x.site(), x.surfacedAt(), x.message(), x.exception());
        if (x.causeIdentity() != 0) {
            Link link = cause != null ? new Link(cause.number, cause.exception) : recent.get(x.causeIdentity());
            if (cause != null) finish(cause, Outcome.WRAPPED, x.nanos(), x.site(), j.exception, j.number);
            j.cause = link != null ? link.exception() : new ExceptionRef(null, x.causeIdentity());
            j.causeNumber = link != null ? link.number() : 0;
        }
    }

    private void suppressed(ThreadState ts, ExceptionSuppressed s) {
        Journey suppressed = journeyOf(ts, s.exception(), s);
        Journey primary = open(ts, s.primary().identity());
        Link link = primary != null ? new Link(primary.number, primary.exception) : recent.get(s.primary().identity());
        if (primary != null) {
            add(ts, primary, new JourneyStep(JourneyStep.Kind.ADDED_SUPPRESSED, s.nanos(), s.site(), null,
                    suppressed.exception, suppressed.number), primary.depth);
        }
        finish(suppressed, Outcome.SUPPRESSED, s.nanos(), s.site(), link != null ? link.exception() : s.primary(),
                link != null ? link.number() : 0);
    }

    /**
     * A frame at {@code depth} was left. By this journey's exception: a step of it. Otherwise any
     * journey unwinding into that frame (or caught in it) is over: untraced code between caught
     * it, or its handler's frame is done, or its finally block ended without passing it on.
     */
    private void frameLeft(ThreadState ts, int depth, ExitKind kind, ExceptionRef exception, MethodInfo method, long nanos) {
        Journey own = kind == ExitKind.EXCEPTION && exception != null ? ts.open.get(exception.identity()) : null;
        if (own != null) {
            own.handling = false;
            add(ts, own, JourneyStep.at(JourneyStep.Kind.UNWOUND, nanos, CodeSite.of(method, 0)), depth);
        }
        if (ts.open.size() == (own == null ? 0 : 1)) return;
        for (Journey j : new ArrayList<>(ts.open.values())) {
            if (j == own || depth >= j.depth) continue;
            if (j.handling) {
                finish(j, Outcome.CAUGHT, j.lastNanos, null, null, 0);
                continue;
            }
            JourneyStep last = j.lastStep();
            boolean inFinallyHere = last != null && j.depth == depth + 1
                    && (last.kind() == JourneyStep.Kind.FINALLY || last.kind() == JourneyStep.Kind.RESOURCE_CLOSE);
            if (inFinallyHere) {
                Journey replacement = own;
                finish(j, Outcome.DROPPED_IN_FINALLY, nanos, null, replacement == null ? null : replacement.exception,
                        replacement == null ? 0 : replacement.number);
            } else {
                finish(j, Outcome.LEFT_TRACED_CODE, j.lastNanos, null, null, 0);
            }
        }
    }

    /** The open journey of {@code ref} on this thread; a journey starting here if there is none. */
    private Journey journeyOf(ThreadState ts, ExceptionRef ref, TraceEvent at) {
        Journey j = ts.open.get(ref.identity());
        if (j != null) return j;
        // news of it after its journey was closed (or its start was lost): a journey without origin
        j = start(ts, at, null, null, null, null, ref);
        Link earlier = recent.get(ref.identity());
        if (earlier != null) j.continuesNumber = earlier.number();
        return j;
    }

    private Journey start(ThreadState ts, TraceEvent at, ThrowKind kind, CodeSite site, CodeSite surfacedAt,
                          String message, ExceptionRef ref) {
        Journey j = new Journey(nextNumber++, at.thread(), at.nanos(), ref, message, kind, site, surfacedAt);
        j.depth = at.depth();
        j.lastNanos = at.nanos();
        j.lastEvent = ts.events;
        ts.open.put(ref.identity(), j);
        openByIdentity.put(ref.identity(), j);
        order.add(j);
        steps.added(j.number, 0);
        return j;
    }

    private void add(ThreadState ts, Journey j, JourneyStep step, int depth) {
        j.steps.add(step);
        steps.added(j.number, j.steps.size());
        j.depth = depth;
        j.lastNanos = step.nanos();
        j.lastEvent = ts.events;
    }

    /** An open journey of this identity: on this thread first, then on any (a cause from a pool thread). */
    private Journey open(ThreadState ts, long identity) {
        Journey j = ts.open.get(identity);
        return j != null ? j : openByIdentity.get(identity);
    }

    private static Outcome natural(Journey j) {
        return j.handling ? Outcome.CAUGHT : Outcome.LEFT_TRACED_CODE;
    }

    private void finish(Journey j, Outcome outcome, long endNanos, CodeSite site, ExceptionRef other, long otherNumber) {
        if (j.finished != null) return;
        j.finished = new ExceptionJourney(j.number, j.thread, j.nanos, j.exception, j.message, j.origin, j.site,
                j.surfacedAt, j.cause, j.causeNumber, j.continuesNumber, List.copyOf(j.steps), outcome, endNanos,
                site, other, otherNumber, outcome == Outcome.UNCAUGHT ? j.handler : null);
        ThreadState ts = threads.get(j.thread.id());
        if (ts != null && ts.open.get(j.exception.identity()) == j) ts.open.remove(j.exception.identity());
        if (openByIdentity.get(j.exception.identity()) == j) openByIdentity.remove(j.exception.identity());
        recent.put(j.exception.identity(), new Link(j.number, j.exception));
    }

    /** Caught ones whose handler stayed quiet, and ones gone to untraced code from the outermost frame. */
    private void closeQuiet(ThreadState ts) {
        if (ts.open.isEmpty()) return;
        for (Journey j : new ArrayList<>(ts.open.values())) {
            if ((j.handling || j.depth == 0) && ts.events - j.lastEvent > QUIET_EVENTS) {
                finish(j, natural(j), j.lastNanos, null, null, 0);
            }
        }
    }

    private void closeQuietEverywhere() {
        if (openByIdentity.isEmpty()) return;
        for (Journey j : new ArrayList<>(openByIdentity.values())) {
            if (now - j.lastNanos > QUIET_NANOS) finish(j, natural(j), j.lastNanos, null, null, 0);
        }
    }

    private void drain(boolean all) throws IOException {
        while (!order.isEmpty()) {
            Journey head = order.peekFirst();
            if (head.finished == null) {
                if (!all && order.size() <= MAX_WAITING) return;
                finish(head, natural(head), head.lastNanos, null, null, 0);
            }
            order.pollFirst();
            sink.accept(head.finished);
        }
    }
}
