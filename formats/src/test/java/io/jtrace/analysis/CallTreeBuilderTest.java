package io.jtrace.analysis;

import io.jtrace.model.ExitKind;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CallTreeBuilderTest {
    /** main(0..100) { a(10..30) { b(12..20) }, a(40..50), c(60..90) { a(61..70) } } */
    static List<TraceEvent> main() {
        return new Events(1, "main")
                .enter("p.Main.main", 0)
                .enter("p.A.a", 10).enter("p.B.b", 12).exit(20).exit(30)
                .enter("p.A.a", 40).exit(50)
                .enter("p.C.c", 60).enter("p.A.a", 61).exit(70, ExitKind.EXCEPTION).exit(90)
                .exit(100).list();
    }

    static CallTree build(CallTreeBuilder.Options o, List<TraceEvent> events) {
        CallTreeBuilder b = new CallTreeBuilder(o);
        events.forEach(b::accept);
        return b.build();
    }

    static String shape(CallTree.Node n) {
        StringBuilder sb = new StringBuilder();
        shape(n, sb);
        return sb.toString();
    }

    private static void shape(CallTree.Node n, StringBuilder sb) {
        sb.append(n.method() == null ? n.label() : n.method().name()).append(' ').append(n.calls()).append(' ')
                .append(n.totalNanos()).append('/').append(n.selfNanos());
        List<CallTree.Node> c = n.children();
        if (!c.isEmpty()) sb.append(c.stream().map(CallTreeBuilderTest::shape).collect(Collectors.joining(", ", " [", "]")));
    }

    @Test
    void mergesIdenticalPathsWithCallsTotalAndSelf() {
        CallTree t = build(CallTreeBuilder.Options.DEFAULT, main());
        assertEquals(1, t.roots().size());
        assertEquals("main 1 100/0 [main 1 100/40 [a 2 30/22 [b 1 8/8], c 1 30/21 [a 1 9/9]]]", shape(t.roots().get(0)));
        assertEquals(5, t.nodeCount());
        assertConsistent(t.roots().get(0));
        CallTree.Node c = t.roots().get(0).children().get(0).children().get(1);
        assertEquals(0.3, c.shareOfParent(), 1e-9);
        assertEquals(1, c.children().get(0).exceptionalExits());
    }

    @Test
    void aDamagedRecordsHugeMethodIdIsKeptWithoutAnArrayUpToIt() {
        io.jtrace.model.ThreadInfo thread = new io.jtrace.model.ThreadInfo(1, "main", false, 0);
        io.jtrace.model.MethodInfo main = new io.jtrace.model.MethodInfo(1, "p.Main", "main", "()V", null, 0, 0);
        io.jtrace.model.MethodInfo damaged = io.jtrace.model.MethodInfo.unknown(Integer.MAX_VALUE - 8);
        CallTreeBuilder b = new CallTreeBuilder(CallTreeBuilder.Options.DEFAULT);
        CallVisitor v = b.visitor();
        v.enter(thread, 0, 0, main);
        v.call(thread, 10, 1, damaged, 5, ExitKind.RETURN, null); // a dense array up to this id: 16 GB
        v.exit(thread, 20, 0, main, 20, ExitKind.RETURN, null);
        assertEquals("main 1 20/0 [main 1 20/15 [method#" + (Integer.MAX_VALUE - 8) + " 1 5/5]]", shape(b.build().roots().get(0)));
    }

    /**
     * An id first kept in the map (far beyond the few methods known then) and later inside the
     * dense array grown for a nearer one: its method is still found, and children sort by name.
     */
    @Test
    void anIdKeptInTheMapIsFoundAfterTheArrayGrewPastIt() {
        io.jtrace.model.ThreadInfo thread = new io.jtrace.model.ThreadInfo(1, "main", false, 0);
        io.jtrace.model.MethodInfo main = new io.jtrace.model.MethodInfo(1, "p.Main", "main", "()V", null, 0, 0);
        io.jtrace.model.MethodInfo early = new io.jtrace.model.MethodInfo(70_000, "p.Z", "early", "()V", null, 0, 0);
        CallTreeBuilder b = new CallTreeBuilder(CallTreeBuilder.Options.DEFAULT);
        CallVisitor v = b.visitor();
        v.enter(thread, 0, 0, main);
        v.call(thread, 0, 1, early, 0, ExitKind.RETURN, null); // 70,000 > 2^16 + 4 known: the map
        for (int id = 2; id < 3000; id++) {
            v.call(thread, 0, 1, new io.jtrace.model.MethodInfo(id, "p.A", "m" + id, "()V", null, 0, 0), 0, ExitKind.RETURN, null);
        }
        // dense now (2^16 + 4 * 3000 > 75,000): the array grows past 70,000
        v.call(thread, 0, 1, new io.jtrace.model.MethodInfo(75_000, "p.B", "late", "()V", null, 0, 0), 0, ExitKind.RETURN, null);
        v.exit(thread, 0, 0, main, 0, ExitKind.RETURN, null);
        List<CallTree.Node> children = b.build().roots().get(0).children().get(0).children();
        assertEquals(3000, children.size());
        assertEquals("p.B.late()", children.get(2998).method().displayName());
        assertEquals("p.Z.early()", children.get(2999).method().displayName(), "all tie on time: by name, p.Z last");
    }

    @Test
    void aChildOfAParentWithoutTimeHasNoShareOfIt() {
        io.jtrace.model.ThreadInfo thread = new io.jtrace.model.ThreadInfo(1, "main", false, 0);
        io.jtrace.model.MethodInfo main = new io.jtrace.model.MethodInfo(1, "p.Main", "main", "()V", null, 0, 0);
        io.jtrace.model.MethodInfo a = new io.jtrace.model.MethodInfo(2, "p.A", "a", "()V", null, 0, 0);
        io.jtrace.model.MethodInfo b = new io.jtrace.model.MethodInfo(3, "p.B", "b", "()V", null, 0, 0);
        CallTreeBuilder builder = new CallTreeBuilder(CallTreeBuilder.Options.DEFAULT);
        CallVisitor v = builder.visitor();
        v.enter(thread, 0, 0, main);
        v.enter(thread, 5, 1, a);
        v.call(thread, 5, 2, b, 0, ExitKind.RETURN_UNTIMED, null);
        v.exit(thread, 5, 1, a, 0, ExitKind.RETURN_UNTIMED, null);
        v.exit(thread, 20, 0, main, 20, ExitKind.RETURN, null);
        CallTree.Node mainNode = builder.build().roots().get(0).children().get(0);
        CallTree.Node aNode = mainNode.children().get(0);
        assertEquals(1.0, mainNode.shareOfParent());
        assertEquals(0.0, aNode.shareOfParent());
        assertEquals(0.0, aNode.children().get(0).shareOfParent(), "a parent without time: 0, not NaN");
    }

    /** self <= total everywhere, and the children's totals never exceed their parent's. */
    static void assertConsistent(CallTree.Node n) {
        assertTrue(n.selfNanos() <= n.totalNanos(), n::toString);
        long children = 0;
        for (CallTree.Node c : n.children()) {
            children += c.totalNanos();
            assertConsistent(c);
        }
        assertTrue(children <= n.totalNanos(), () -> "children exceed parent at " + n.path());
        if (!n.isRoot()) assertEquals(n.totalNanos(), n.selfNanos() + children, () -> "self + children != total at " + n.path());
    }

    @Test
    void depthLimitKeepsSelfTimeHonest() {
        CallTree t = build(new CallTreeBuilder.Options(false, 2, null), main());
        // a's self time excludes b although b has no node below the cut.
        assertEquals("main 1 100/0 [main 1 100/40 [a 2 30/22, c 1 30/21]]", shape(t.roots().get(0)));
    }

    @Test
    void focusRootsTheTreeAtTheMethod() {
        CallTree t = build(new CallTreeBuilder.Options(false, 0, m -> m.name().equals("a")), main());
        assertEquals("main 3 39/0 [a 3 39/31 [b 1 8/8]]", shape(t.roots().get(0)));
    }

    @Test
    void threadsAreSeparateOrMerged() {
        List<TraceEvent> other = new Events(2, "worker").enter("p.Main.main", 0).enter("p.A.a", 1).exit(5).exit(10).list();
        List<TraceEvent> both = new java.util.ArrayList<>(main());
        both.addAll(other);
        CallTree separate = build(CallTreeBuilder.Options.DEFAULT, both);
        assertEquals(2, separate.roots().size());
        assertEquals("worker 1 10/0 [main 1 10/6 [a 1 4/4]]", shape(separate.roots().get(1)));
        CallTree merged = build(new CallTreeBuilder.Options(true, 0, null), both);
        assertEquals(1, merged.roots().size());
        assertEquals("all threads 2 110/0 [main 2 110/46 [a 3 34/26 [b 1 8/8], c 1 30/21 [a 1 9/9]]]", shape(merged.roots().get(0)));
    }

    @Test
    void framesBelowAGapHangUnderAPlaceholder() {
        List<TraceEvent> events = new Events(1, "main").enter("p.Main.main", 0).enter("p.A.a", 1).exit(2).exit(3)
                .lost(10, 1, 2).list();
        List<TraceEvent> all = new java.util.ArrayList<>(events);
        // after the gap: a call at depth 1 under the unknown frame, then the unknown frame's exit
        all.add(new io.jtrace.model.MethodCall(events.get(0).thread(), 11, 1, Events.method("p.B.b"), 4, ExitKind.RETURN, null));
        all.add(new io.jtrace.model.MethodExit(events.get(0).thread(), 20, 0, io.jtrace.model.MethodInfo.unknown(0), 10, ExitKind.RETURN, null));
        CallTree t = build(CallTreeBuilder.Options.DEFAULT, all);
        assertEquals("main 2 13/0 [(frames before lost records) 1 10/6 [b 1 4/4], main 1 3/2 [a 1 1/1]]", shape(t.roots().get(0)));
    }

    /**
     * A path with more callees than are found by walking siblings (they are then hashed): every
     * callee keeps its own node, counts and callees, in call order, whichever way it is found.
     */
    @Test
    void wideAndDeepPathsKeepEveryNode() {
        Events e = new Events(1, "main").enter("p.Main.main", 0);
        long t = 1;
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 40; i++) {
                e.enter("p.W.w" + i, t++);
                if (i % 2 == 0) e.enter("p.Leaf.leaf", t++).exit(t++);
                e.exit(t++);
            }
        }
        for (int d = 0; d < 1000; d++) e.enter("p.R.r", t++); // a deep recursion
        for (int d = 0; d < 1000; d++) e.exit(t++);
        CallTree tree = build(CallTreeBuilder.Options.DEFAULT, e.exit(t++).list());
        CallTree.Node main = tree.roots().get(0).children().get(0);
        List<CallTree.Node> callees = main.childrenInCallOrder();
        assertEquals(41, callees.size());
        for (int i = 0; i < 40; i++) {
            CallTree.Node w = callees.get(i);
            assertEquals("w" + i, w.method().name());
            assertEquals(3, w.calls());
            assertEquals(i % 2 == 0 ? 1 : 0, w.children().size());
            if (i % 2 == 0) assertEquals(3, w.children().get(0).calls());
            assertEquals(main, w.parent());
            assertEquals(2, w.depth());
        }
        CallTree.Node r = callees.get(40);
        for (int d = 1; d < 1000; d++) r = r.children().get(0);
        assertEquals(1001, r.depth());
        assertTrue(r.children().isEmpty());
        assertEquals(1 + 40 + 20 + 1000, tree.nodeCount());
        assertConsistent(tree.roots().get(0));
    }
}
