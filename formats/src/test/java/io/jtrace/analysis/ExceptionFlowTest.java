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
import io.jtrace.model.JourneyStep.Kind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rules that decide where a journey ends, on hand-made event streams. */
class ExceptionFlowTest {
    private static final ThreadInfo MAIN = new ThreadInfo(1, "main", false, 0);
    private static final ThreadInfo WORKER = new ThreadInfo(2, "worker", false, 1);
    private static final MethodInfo RUN = new MethodInfo(1, "app.Main", "run", "()V", "Main.java", 10, 0);
    private static final MethodInfo LOAD = new MethodInfo(2, "app.Loader", "load", "()V", "Loader.java", 20, 0);
    private static final MethodInfo TASK = new MethodInfo(3, "app.Task", "call", "()V", "Task.java", 30, 0);

    private final List<ExceptionJourney> out = new ArrayList<>();
    private final ExceptionFlow flow = new ExceptionFlow(out::add);
    private long time;

    private void feed(TraceEvent... events) throws IOException {
        for (TraceEvent e : events) flow.accept(e);
    }

    private long t() {
        return time += 1000;
    }

    private static ExceptionRef ex(String type, long id) {
        return new ExceptionRef(type, id);
    }

    private ExceptionThrown thrown(ThreadInfo th, int depth, ExceptionRef e, MethodInfo m, int line, long cause) {
        return new ExceptionThrown(th, t(), depth, e, "boom", cause, ThrowKind.THROWN, CodeSite.of(m, line), null);
    }

    private MethodExit unwound(ThreadInfo th, int depth, MethodInfo m, ExceptionRef e) {
        return new MethodExit(th, t(), depth, m, 5, ExitKind.EXCEPTION, e);
    }

    private ExceptionCaught caught(ThreadInfo th, int depth, ExceptionRef e, MethodInfo m, int line) {
        return new ExceptionCaught(th, t(), depth, e, CodeSite.of(m, line), e.type());
    }

    @Test
    void aLoopOfCatchesHandsEachJourneyOutWhenTheNextStarts() throws IOException {
        feed(new MethodEnter(MAIN, t(), 0, RUN));
        for (int i = 1; i <= 3; i++) {
            ExceptionRef e = ex("app.Oops", i);
            feed(new MethodEnter(MAIN, t(), 1, LOAD), thrown(MAIN, 2, e, LOAD, 21, 0), unwound(MAIN, 1, LOAD, e),
                    caught(MAIN, 1, e, RUN, 12));
            assertEquals(i - 1, out.size(), "streaming: a journey is handed out once the next one starts");
        }
        flow.finish();
        assertEquals(List.of(1L, 2L, 3L), out.stream().map(ExceptionJourney::number).toList());
        for (ExceptionJourney j : out) {
            assertEquals(Outcome.CAUGHT, j.outcome());
            assertEquals(List.of(Kind.UNWOUND, Kind.CAUGHT), j.steps().stream().map(s -> s.kind()).toList());
            assertEquals("app.Main.run():12", j.lastCatch().site().displayName());
        }
    }

    @Test
    void anExceptionLeavingTheOutermostFrameIsUncaughtOrLeftToUntracedCode() throws IOException {
        ExceptionRef dies = ex("app.Fatal", 7);
        feed(new MethodEnter(WORKER, t(), 0, TASK), thrown(WORKER, 1, dies, TASK, 31, 0), unwound(WORKER, 0, TASK, dies),
                new ExceptionUncaught(WORKER, t(), 0, dies, "app.Handler"));
        assertEquals(Outcome.UNCAUGHT, out.get(0).outcome());
        assertEquals("app.Handler", out.get(0).handler());

        ExceptionRef pooled = ex("app.Failed", 8);
        feed(new MethodEnter(MAIN, t(), 0, TASK), thrown(MAIN, 1, pooled, TASK, 31, 0), unwound(MAIN, 0, TASK, pooled));
        for (int i = 0; i <= ExceptionFlow.QUIET_EVENTS; i++) feed(new MethodCall(MAIN, t(), 0, TASK, 1, ExitKind.RETURN, null));
        assertEquals(2, out.size(), "a pool thread that goes on with other work caught it in untraced code");
        assertEquals(Outcome.LEFT_TRACED_CODE, out.get(1).outcome());
    }

    @Test
    void aFinallyThatEndsNormallyDropsTheException() throws IOException {
        ExceptionRef e = ex("app.Lost", 9);
        feed(new MethodEnter(MAIN, t(), 0, RUN), new MethodEnter(MAIN, t(), 1, LOAD), thrown(MAIN, 2, e, LOAD, 22, 0),
                new FinallyEntered(MAIN, t(), 2, e, CodeSite.of(LOAD, 24), false),
                new MethodExit(MAIN, t(), 1, LOAD, 5, ExitKind.RETURN, null));
        assertEquals(Outcome.DROPPED_IN_FINALLY, out.get(0).outcome());
        assertEquals(List.of(Kind.FINALLY), out.get(0).steps().stream().map(s -> s.kind()).toList());
    }

    @Test
    void aFrameLeftNormallyWhileAnExceptionUnwindsIntoItMeansUntracedCodeCaughtIt() throws IOException {
        ExceptionRef e = ex("app.Swallowed", 10);
        // run -> (untraced reflection) -> load throws; run returns normally later
        feed(new MethodEnter(MAIN, t(), 0, RUN), new MethodEnter(MAIN, t(), 1, LOAD), thrown(MAIN, 2, e, LOAD, 22, 0),
                unwound(MAIN, 1, LOAD, e), new MethodExit(MAIN, t(), 0, RUN, 5, ExitKind.RETURN, null));
        assertEquals(Outcome.LEFT_TRACED_CODE, out.get(0).outcome());
    }

    @Test
    void wrapsAndSuppressionsLinkJourneysAcrossThreads() throws IOException {
        ExceptionRef failure = ex("app.TaskFailed", 11);
        feed(new MethodEnter(WORKER, t(), 0, TASK), thrown(WORKER, 1, failure, TASK, 33, 0), unwound(WORKER, 0, TASK, failure));
        ExceptionRef completion = ex("java.util.concurrent.CompletionException", 12);
        CodeSite jdk = new CodeSite("java.util.concurrent.CompletableFuture", "encodeThrowable", null, null, 315);
        feed(new MethodEnter(MAIN, t(), 0, RUN), new ExceptionThrown(MAIN, t(), 1, completion, null, 11,
                ThrowKind.IN_UNTRACED_CODE, jdk, CodeSite.of(RUN, 14)));
        ExceptionRef closeFailed = ex("java.io.IOException", 13);
        feed(new MethodEnter(MAIN, t(), 1, LOAD), thrown(MAIN, 2, closeFailed, LOAD, 25, 0), unwound(MAIN, 1, LOAD, closeFailed),
                new ExceptionSuppressed(MAIN, t(), 1, closeFailed, completion, CodeSite.of(RUN, 15)),
                caught(MAIN, 1, completion, RUN, 16));
        flow.finish();
        assertEquals(3, out.size());
        ExceptionJourney task = out.get(0), wrapper = out.get(1), close = out.get(2);
        assertEquals(Outcome.WRAPPED, task.outcome());
        assertEquals(2, task.outcomeNumber());
        assertEquals(1, wrapper.causeNumber());
        assertEquals("app.TaskFailed", wrapper.cause().type());
        assertEquals(Outcome.SUPPRESSED, close.outcome());
        assertEquals(2, close.outcomeNumber());
        assertEquals(List.of(Kind.ADDED_SUPPRESSED, Kind.CAUGHT), wrapper.steps().stream().map(s -> s.kind()).toList());
        assertEquals(3, wrapper.steps().get(0).otherNumber());
    }

    @Test
    void aRethrowContinuesTheJourneyAndAWrapAfterItsHandlerIsDoneStillLinks() throws IOException {
        ExceptionRef e = ex("app.Oops", 20);
        feed(new MethodEnter(MAIN, t(), 0, RUN), new MethodEnter(MAIN, t(), 1, LOAD), thrown(MAIN, 2, e, LOAD, 22, 0),
                caught(MAIN, 2, e, LOAD, 23),
                new ExceptionThrown(MAIN, t(), 2, e, "boom", 0, ThrowKind.RETHROWN, CodeSite.of(LOAD, 24), null),
                unwound(MAIN, 1, LOAD, e), caught(MAIN, 1, e, RUN, 12));
        for (int i = 0; i <= ExceptionFlow.QUIET_EVENTS; i++) feed(new MethodCall(MAIN, t(), 1, TASK, 1, ExitKind.RETURN, null));
        assertEquals(1, out.size(), "its handler stayed quiet: done");
        feed(thrown(MAIN, 1, ex("app.Wrapper", 21), RUN, 13, 20));
        flow.finish();
        assertEquals(List.of(Kind.CAUGHT, Kind.RETHROWN, Kind.UNWOUND, Kind.CAUGHT), out.get(0).steps().stream().map(s -> s.kind()).toList());
        assertEquals(1, out.get(1).causeNumber(), "the cause is found among finished journeys");
    }

    @Test
    void journeysComeOutInTheOrderTheyStarted() throws IOException {
        ExceptionRef slow = ex("app.Slow", 30);
        feed(new MethodEnter(MAIN, t(), 0, RUN), thrown(MAIN, 1, slow, RUN, 11, 0), caught(MAIN, 1, slow, RUN, 12));
        ExceptionRef fast = ex("app.Fast", 31);
        feed(new MethodEnter(WORKER, t(), 0, TASK), thrown(WORKER, 1, fast, TASK, 31, 0), caught(WORKER, 1, fast, TASK, 32),
                new MethodExit(WORKER, t(), 0, TASK, 5, ExitKind.RETURN, null));
        assertEquals(0, out.size(), "#2 is done but waits for #1");
        feed(new MethodExit(MAIN, t(), 0, RUN, 5, ExitKind.RETURN, null));
        assertEquals(List.of(1L, 2L), out.stream().map(ExceptionJourney::number).toList());
    }

    /**
     * While no journey is open, plain calls only move the clock and the counts: the journeys come
     * out the same whether threads' plain calls arrive interleaved exactly by time or in runs of
     * one thread (what a replay by time does while {@code needsThreadsInterleaved()} is false: a
     * thread runs ahead up to the next event of another thread that is not a plain call). Three
     * threads with journeys caught, unwound, wrapped (some by a cause on another thread) and left
     * to go quiet (by events, and by time across gaps of over a second).
     */
    @Test
    void journeysAreTheSameWhetherIdleThreadsPlainCallsComeInterleavedOrInRuns() throws IOException {
        java.util.Random random = new java.util.Random(7);
        List<List<TraceEvent>> threads = new ArrayList<>();
        for (int th = 0; th < 3; th++) {
            ThreadInfo thread = new ThreadInfo(th + 1, "t" + th, false, th);
            List<TraceEvent> events = new ArrayList<>();
            long now = 1_000 + th;
            events.add(new MethodEnter(thread, now, 0, RUN));
            for (int k = 0; k < 20_000; k++) {
                now += 1 + random.nextInt(40);
                if (random.nextInt(5_000) == 0) now += 1_500_000_000L; // a quiet second
                if ((k + 37 * th) % 200 != 0 || k < 400) { // an exception every 200 calls, at a place of its own on each thread
                    events.add(new MethodCall(thread, now, 1, LOAD, 3, ExitKind.RETURN, null));
                    continue;
                }
                ExceptionRef e = ex("app.Oops" + th, (th + 1) * 100_000L + k);
                events.add(new MethodEnter(thread, now += 2, 1, LOAD));
                events.add(new MethodEnter(thread, now += 2, 2, TASK));
                events.add(new ExceptionThrown(thread, now += 2, 3, e, "boom", 0, ThrowKind.THROWN, CodeSite.of(TASK, 31), null));
                events.add(new MethodExit(thread, now += 2, 2, TASK, 6, ExitKind.EXCEPTION, e));
                int how = random.nextInt(10);
                if (how < 5) { // caught in load, which returns: done at once
                    events.add(new ExceptionCaught(thread, now += 2, 2, e, CodeSite.of(LOAD, 22), e.type()));
                    events.add(new MethodExit(thread, now += 2, 1, LOAD, 12, ExitKind.RETURN, null));
                } else if (how < 8) { // caught in run: its handler goes quiet (events, or a second)
                    events.add(new MethodExit(thread, now += 2, 1, LOAD, 10, ExitKind.EXCEPTION, e));
                    events.add(new ExceptionCaught(thread, now += 2, 1, e, CodeSite.of(RUN, 12), e.type()));
                } else { // wrapped in load, by a cause on this thread or on another one thrown about then
                    events.add(new ExceptionCaught(thread, now += 2, 2, e, CodeSite.of(LOAD, 22), e.type()));
                    int other = (th + 1) % 3; // the exception that thread threw one or two rounds before
                    int before = k - 200 - random.nextInt(2) * 200;
                    before -= Math.floorMod(before + 37 * other, 200);
                    long cause = how == 8 ? e.identity() : (other + 1) * 100_000L + before;
                    ExceptionRef w = ex("app.Wrapper", e.identity() + 50_000);
                    events.add(new ExceptionThrown(thread, now += 2, 2, w, "wrapped", cause, ThrowKind.THROWN, CodeSite.of(LOAD, 23), null));
                    events.add(new MethodExit(thread, now += 2, 1, LOAD, 10, ExitKind.EXCEPTION, w));
                    events.add(new ExceptionCaught(thread, now += 2, 1, w, CodeSite.of(RUN, 12), w.type()));
                }
            }
            events.add(new MethodExit(thread, now + 5, 0, RUN, now + 5 - 1_000, ExitKind.RETURN, null));
            threads.add(events);
        }

        List<ExceptionJourney> exact = new ArrayList<>();
        ExceptionFlow exactFlow = new ExceptionFlow(exact::add);
        CallVisitor exactVisitor = exactFlow.visitor();
        int[] next = new int[threads.size()];
        for (TraceEvent e = earliest(threads, next); e != null; e = earliest(threads, next)) {
            CallVisitor.dispatch(e, exactVisitor);
        }
        exactFlow.finish();

        List<ExceptionJourney> inRuns = new ArrayList<>();
        ExceptionFlow runsFlow = new ExceptionFlow(inRuns::add);
        CallVisitor runsVisitor = runsFlow.visitor();
        next = new int[threads.size()];
        int runs = 0;
        long ranAhead = 0;
        while (true) {
            if (!runsVisitor.needsThreadsInterleaved()) {
                int t = random.nextInt(threads.size());
                long until = Long.MAX_VALUE; // the next event of another thread that is not a plain call
                for (int u = 0; u < threads.size(); u++) {
                    if (u == t) continue;
                    for (int i = next[u]; i < threads.get(u).size(); i++) {
                        if (!plain(threads.get(u).get(i))) {
                            until = Math.min(until, threads.get(u).get(i).nanos());
                            break;
                        }
                    }
                }
                List<TraceEvent> own = threads.get(t);
                int before = next[t];
                while (next[t] < own.size() && plain(own.get(next[t])) && own.get(next[t]).nanos() < until) {
                    CallVisitor.dispatch(own.get(next[t]++), runsVisitor);
                }
                if (next[t] > before) {
                    runs++;
                    ranAhead += next[t] - before;
                    continue;
                }
            }
            TraceEvent e = earliest(threads, next);
            if (e == null) break;
            CallVisitor.dispatch(e, runsVisitor);
        }
        runsFlow.finish();

        for (int i = 0; i < Math.min(exact.size(), inRuns.size()); i++) {
            assertEquals(exact.get(i), inRuns.get(i), "journey " + (i + 1)); // the first difference, not all of them
        }
        assertEquals(exact.size(), inRuns.size());
        assertTrue(runs > 50 && ranAhead > 5_000, runs + " runs, " + ranAhead + " plain calls in them");
        assertTrue(exact.size() > 150, exact.size() + " journeys");
        assertTrue(exact.stream().anyMatch(j -> j.causeNumber() != 0 && !j.thread().equals(exact.get((int) j.causeNumber() - 1).thread())),
                "a cause on another thread");
        assertTrue(exact.stream().anyMatch(j -> j.outcome() == Outcome.WRAPPED), "wrapped journeys");
    }

    private static boolean plain(TraceEvent e) {
        return e instanceof MethodEnter || e instanceof MethodExit x && x.kind().returned()
                || e instanceof MethodCall c && c.kind().returned();
    }

    /** Takes the next event of the merge by time (ties: thread order); null when all are taken. */
    private static TraceEvent earliest(List<List<TraceEvent>> threads, int[] next) {
        int best = -1;
        for (int t = 0; t < threads.size(); t++) {
            if (next[t] >= threads.get(t).size()) continue;
            if (best < 0 || threads.get(t).get(next[t]).nanos() < threads.get(best).get(next[best]).nanos()) best = t;
        }
        if (best < 0) return null;
        return threads.get(best).get(next[best]++);
    }
}
