package io.jtrace.compare;

import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.CodeSite;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.model.EventKind;
import io.jtrace.recording.Recorded;
import io.jtrace.recording.Selection;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The walk on threads written out by hand: where it stops, the shared stack, the lines on each
 * side, and with every region, where each ends and what it counts.
 */
class PairWalkTest {
    private static final ThreadInfo T = new ThreadInfo(1, "main", false, 0);
    private static final ThreadPairs.Pair PAIR = new ThreadPairs.Pair(T, T);

    private static MethodInfo m(String name) {
        return new MethodInfo(name.hashCode() & 0xffff, "w.W", name, "()V", null, 0, 0);
    }

    /** A thread from a compact script: "&gt;f" enter, "&lt;f" exit, "=f" leaf call; depths follow. */
    private static List<TraceEvent> thread(String... script) {
        List<TraceEvent> events = new ArrayList<>();
        List<MethodInfo> open = new ArrayList<>();
        long t = 0;
        for (String s : script) {
            MethodInfo mi = m(s.substring(1));
            switch (s.charAt(0)) {
                case '>' -> {
                    events.add(new MethodEnter(T, t++, open.size(), mi));
                    open.add(mi);
                }
                case '<' -> {
                    open.remove(open.size() - 1);
                    events.add(new MethodExit(T, t++, open.size(), mi, 1, ExitKind.RETURN, null));
                }
                default -> events.add(new MethodCall(T, t++, open.size(), mi, 1, ExitKind.RETURN, null));
            }
        }
        return events;
    }

    /** Block sizes every walk is made with: one block, and blocks of a few rows (the walk across their ends). */
    private static final int[] ROWS = {ComparedThread.BLOCK_ROWS, 2, 3, 5};
    private static final Recorded CALLS = new Recorded(Set.of(EventKind.CALLS, EventKind.EXCEPTIONS));

    /** The steps of {@code events} as ComparedThread makes them, in blocks of {@code rows}, methods numbered in {@code side}. */
    private static StepStream stream(List<TraceEvent> events, MethodNumbers.Side side, int rows) {
        return new StepStream(ComparedThread.ofEvents(T, events, rows, Selection.all(), CALLS, side));
    }

    /** The walk of {@code a} and {@code b}: the same whatever the blocks' size. */
    private static ThreadDiff walk(List<TraceEvent> a, List<TraceEvent> b, int context, boolean all) {
        ThreadDiff first = null;
        for (int rows : ROWS) {
            MethodNumbers numbers = new MethodNumbers(Selection.all());
            ThreadDiff d = new PairWalk(stream(a, numbers.side(), rows), stream(b, numbers.side(), rows), context).run(PAIR, all);
            if (first == null) first = d;
            else assertEquals(first, d, "in blocks of " + rows + " rows");
        }
        return first;
    }

    private static List<String> names(List<MethodInfo> stack) {
        return stack.stream().map(MethodInfo::name).toList();
    }

    @Test
    void theSameThreadsAreTheSame() {
        List<TraceEvent> a = thread(">main", "=f", ">g", "=h", "<g", "<main");
        ThreadDiff d = walk(a, thread(">main", "=f", ">g", "=h", "<g", "<main"), 3, false);
        assertNull(d.first());
        assertEquals(8, d.sameSteps()); // two leaf calls count two steps each
    }

    @Test
    void stopsAtAnotherCallWithTheSharedStackAndContext() {
        ThreadDiff d = walk(thread(">main", ">loop", "=a", "=left", "<loop", "<main"),
                thread(">main", ">loop", "=a", "=right", "<loop", "<main"), 2, false);
        Divergence v = d.first();
        assertEquals(List.of("main", "loop"), names(v.stack()));
        assertEquals("A calls w.W.left() where B calls w.W.right()", v.what());
        assertEquals(2, v.before().size()); // the enter of loop and the call of a
        assertEquals("a", ((MethodCall) v.before().get(1)).method().name());
        assertEquals(List.of("left", "loop"), v.inA().stream().map(e -> e instanceof MethodCall c ? c.method().name()
                : ((MethodExit) e).method().name()).toList());
        assertEquals(4, d.sameSteps());
    }

    @Test
    void aLeafCallThatHasCalleesInTheOtherRunIsShownFromThatCall() {
        ThreadDiff d = walk(thread(">main", "=f", "<main"), thread(">main", ">f", "=g", "<f", "<main"), 3, false);
        Divergence v = d.first();
        assertEquals(List.of("main", "f"), names(v.stack()));
        assertEquals("A returns from w.W.f() where B calls w.W.g()", v.what());
        assertTrue(v.inA().get(0) instanceof MethodCall); // "= f" on A's side
        assertTrue(v.inB().get(0) instanceof MethodEnter); // "> f" then "= g" on B's
        assertEquals("g", ((MethodCall) v.inB().get(1)).method().name());
        assertEquals(1, v.before().size()); // > main only: f's line is not shared
    }

    /** A leaf call with an argument recorded, in the compact script's world. */
    private static MethodCall call(String name, long t, int depth, long argument) {
        CallValues v = new CallValues(List.of(new Argument("n", "J", Value.ofLong(argument))), null);
        return new MethodCall(T, t, depth, m(name), 1, ExitKind.RETURN, null, v);
    }

    @Test
    void stepsThatNeedACloserLookAreComparedWholeAndTheWalkGoesOnWhereTheyAgree() {
        // values recorded, a frame left by an exception, an exception event: equal in both runs up
        // to the last call's argument; the walk goes past each of them without parting
        ExceptionRef io = new ExceptionRef("java.io.IOException", 0x11);
        ExceptionRef io2 = new ExceptionRef("java.io.IOException", 0x22); // another object, the same type
        List<TraceEvent> a = new ArrayList<>(List.of(new MethodEnter(T, 0, 0, m("main")), call("pay", 1, 1, 250),
                new MethodEnter(T, 2, 1, m("read")), new ExceptionThrown(T, 3, 2, io, "at 3", 0, ThrowKind.THROWN, CodeSite.of(m("read"), 10), null),
                new MethodExit(T, 4, 1, m("read"), 2, ExitKind.EXCEPTION, io), call("pay", 5, 1, 7)));
        List<TraceEvent> b = new ArrayList<>(List.of(new MethodEnter(T, 0, 0, m("main")), call("pay", 1, 1, 250),
                new MethodEnter(T, 2, 1, m("read")), new ExceptionThrown(T, 3, 2, io2, "at 9", 0, ThrowKind.THROWN, CodeSite.of(m("read"), 10), null),
                new MethodExit(T, 4, 1, m("read"), 2, ExitKind.EXCEPTION, io2), call("pay", 5, 1, 8)));
        ThreadDiff d = walk(a, b, 2, false);
        assertEquals("W.pay's argument n: 7 in A, 8 in B", d.first().what());
        assertEquals(List.of("main"), names(d.first().stack()));
        assertEquals(6, d.sameSteps()); // > main, = pay (two halves), > read, the throw, < read
        b.set(5, call("pay", 5, 1, 7));
        assertNull(walk(a, b, 2, false).first());
    }

    @Test
    void aThreadThatCannotBeReadToItsEndStillShowsWhereTheRunsPartBeforeIt() {
        // A's events fail after the 12th (a damaged record): the block read before it comes first
        List<TraceEvent> a = thread(">main", "=f", "=left", "=g", "=h", "=i", "=j", "=k", "=l", "=m", "=n", "=o", "=p", "<main");
        List<TraceEvent> b = thread(">main", "=f", "=right", "=g", "=h", "=i", "=j", "=k", "=l", "=m", "=n", "=o", "=p", "<main");
        Iterable<TraceEvent> damaged = () -> new java.util.Iterator<>() {
            int next;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public TraceEvent next() {
                if (next == 12) throw new IllegalStateException("damaged record");
                return a.get(next++);
            }
        };
        MethodNumbers numbers = new MethodNumbers(Selection.all());
        StepStream sa = new StepStream(ComparedThread.ofEvents(T, damaged, ComparedThread.BLOCK_ROWS, Selection.all(), CALLS, numbers.side()));
        ThreadDiff d = new PairWalk(sa, stream(b, numbers.side(), ComparedThread.BLOCK_ROWS), 3).run(PAIR, false);
        assertEquals("A calls w.W.left() where B calls w.W.right()", d.first().what());
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> new PairWalk(new StepStream(ComparedThread.ofEvents(T, damaged, ComparedThread.BLOCK_ROWS, Selection.all(), CALLS,
                        numbers.side())), stream(a, numbers.side(), ComparedThread.BLOCK_ROWS), 3).run(PAIR, false));
        assertEquals("damaged record", e.getMessage()); // where they are the same up to it, the failure is told
    }

    @Test
    void aThreadThatEndsEarlierDiverges() {
        ThreadDiff d = walk(thread(">main", "=f", "<main"), thread(">main", "=f", "<main", "=late"), 3, false);
        assertEquals("A ends where B calls w.W.late()", d.first().what());
        assertTrue(d.first().inA().isEmpty());
    }

    @Test
    void everyRegionEndsWhereBothLeaveTheFrameTheyPartedIn() {
        // iteration 2 takes another branch (x y in A, z in B); iteration 3 the same again; iteration 4 an extra call in B
        List<TraceEvent> a = thread(">main", ">it", "=p", "<it", ">it", "=p", "=x", "=y", "<it", ">it", "=p", "<it",
                ">it", "=p", "<it", "<main");
        List<TraceEvent> b = thread(">main", ">it", "=p", "<it", ">it", "=p", "=z", "<it", ">it", "=p", "<it",
                ">it", "=p", "=extra", "<it", "<main");
        ThreadDiff d = walk(a, b, 3, true);
        assertEquals(2, d.regions().size());
        Region first = d.regions().get(0);
        assertEquals(List.of("main", "it"), names(first.start().stack()));
        assertEquals(2, first.callsA());
        assertEquals(1, first.callsB());
        assertEquals(Map.of(MethodKey.of(m("x")), 1L, MethodKey.of(m("y")), 1L), first.onlyInA());
        assertEquals(Map.of(MethodKey.of(m("z")), 1L), first.onlyInB());
        Region second = d.regions().get(1);
        assertEquals("A returns from w.W.it() where B calls w.W.extra()", second.start().what());
        assertEquals(Map.of(), second.onlyInA());
        assertEquals(Map.of(MethodKey.of(m("extra")), 1L), second.onlyInB());
        assertTrue(first.aligned() && second.aligned());
    }

    /** Where event {@code number} of B stands in A, walking with every region aligned. */
    private static RecordingDiff.Counterpart inA(List<TraceEvent> a, List<TraceEvent> b, long number) {
        RecordingDiff.Counterpart first = null;
        for (int rows : ROWS) {
            MethodNumbers numbers = new MethodNumbers(Selection.all());
            RecordingDiff.Nearest nearest = new RecordingDiff.Nearest(true, number);
            new PairWalk(stream(a, numbers.side(), rows), stream(b, numbers.side(), rows), 0).align(PAIR, nearest);
            if (first == null) first = nearest.counterpart();
            else assertEquals(first, nearest.counterpart(), "in blocks of " + rows + " rows");
        }
        return first;
    }

    @Test
    void regionsStartAtTheEventNumbersWhereTheRunsPart() {
        List<TraceEvent> a = thread(">main", ">it", "=p", "<it", ">it", "=p", "=x", "=y", "<it", ">it", "=p", "<it",
                ">it", "=p", "<it", "<main");
        List<TraceEvent> b = thread(">main", ">it", "=p", "<it", ">it", "=p", "=z", "<it", ">it", "=p", "<it",
                ">it", "=p", "=extra", "<it", "<main");
        ThreadDiff d = walk(a, b, 3, true);
        assertEquals(6, d.regions().get(0).start().numberA()); // =x
        assertEquals(6, d.regions().get(0).start().numberB()); // =z
        assertEquals(14, d.regions().get(1).start().numberA()); // <it
        assertEquals(13, d.regions().get(1).start().numberB()); // =extra
        ThreadDiff first = walk(a, b, 3, false);
        assertEquals(6, first.first().numberB());
        // a leaf call in one run with callees in the other: both from that call on
        ThreadDiff split = walk(thread(">main", "=f", "<main"), thread(">main", ">f", "=g", "<f", "<main"), 3, false);
        assertEquals(1, split.first().numberA());
        assertEquals(1, split.first().numberB());
        ThreadDiff ended = walk(thread(">main", "=f", "<main"), thread(">main", "=f", "<main", "=late"), 3, false);
        assertEquals(-1, ended.first().numberA());
        assertEquals(3, ended.first().numberB());
    }

    @Test
    void eachEventOfBHasItsCounterpartInA() {
        // A: main it(p x y) it(p) q ; B: main it(p z) it(p) extra q
        List<TraceEvent> a = thread(">main", ">it", "=p", "=x", "=y", "<it", ">it", "=p", "<it", "=q", "<main");
        List<TraceEvent> b = thread(">main", ">it", "=p", "=z", "<it", ">it", "=p", "<it", "=extra", "=q", "<main");
        assertEquals(new RecordingDiff.Counterpart(2, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 2)); // =p
        assertEquals(new RecordingDiff.Counterpart(3, RecordingDiff.Counterpart.Kind.PARTED), inA(a, b, 3)); // =z where A calls x
        assertEquals(new RecordingDiff.Counterpart(5, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 4)); // the region's end: <it
        assertEquals(new RecordingDiff.Counterpart(7, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 6)); // =p of the second it
        assertEquals(new RecordingDiff.Counterpart(9, RecordingDiff.Counterpart.Kind.PARTED), inA(a, b, 8)); // =extra where A calls q
        // q: in the region of extra, lined up with A's q
        assertEquals(new RecordingDiff.Counterpart(9, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 9));
        assertEquals(new RecordingDiff.Counterpart(10, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 10)); // <main
        assertEquals(new RecordingDiff.Counterpart(0, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 0));
    }

    @Test
    void theExitOfACallAlignedInARegionHasItsCounterpart() {
        // A: main it(p x(q)) ; B: main it(p z x(q)): they part at x / z; x and q line up in the region
        List<TraceEvent> a = thread(">main", ">it", "=p", ">x", "=q", "<x", "<it", "<main");
        List<TraceEvent> b = thread(">main", ">it", "=p", "=z", ">x", "=q", "<x", "<it", "<main");
        assertEquals(new RecordingDiff.Counterpart(3, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 4)); // >x
        assertEquals(new RecordingDiff.Counterpart(4, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 5)); // =q
        assertEquals(new RecordingDiff.Counterpart(5, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 6)); // <x: its exit
        assertEquals(new RecordingDiff.Counterpart(6, RecordingDiff.Counterpart.Kind.SAME), inA(a, b, 7)); // <it
        // calls that nest differently: A f(g) ; B f g: f's exit in B comes before g, in A after it;
        // g lines up, f's exit would go back in A and is not a point where the runs line up
        List<TraceEvent> nestedA = thread(">main", "=z", ">f", "=g", "<f", "<main");
        List<TraceEvent> flatB = thread(">main", "=y", ">f", "<f", "=g", "<main");
        assertEquals(new RecordingDiff.Counterpart(2, RecordingDiff.Counterpart.Kind.SAME), inA(nestedA, flatB, 2)); // >f
        assertEquals(new RecordingDiff.Counterpart(2, RecordingDiff.Counterpart.Kind.BEFORE), inA(nestedA, flatB, 3)); // <f
        assertEquals(new RecordingDiff.Counterpart(3, RecordingDiff.Counterpart.Kind.SAME), inA(nestedA, flatB, 4)); // =g
    }
}
