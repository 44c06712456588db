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
}
