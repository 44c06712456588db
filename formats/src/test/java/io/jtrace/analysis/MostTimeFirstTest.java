package io.jtrace.analysis;

import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MostTimeFirstTest {
    /** What the JDK's stable sort makes of the rule: the order children() must give. */
    private static final Comparator<CallTree.Node> RULE = Comparator.comparingLong(CallTree.Node::totalNanos).reversed()
            .thenComparing(n -> n.method().displayName());

    @Test
    void childrenComeInTheOrderOfAStableSortByTimeThenName() {
        Random random = new Random(42);
        ThreadInfo thread = new ThreadInfo(1, "main", false, 0);
        MethodInfo main = new MethodInfo(1, "p.Main", "main", "()V", null, 0, 0);
        for (int round = 0; round < 300; round++) {
            int children = 1 + random.nextInt(round < 100 ? 20 : 200); // both sides of the insertion sort's limit
            int names = 1 + random.nextInt(children);
            List<MethodInfo> methods = new ArrayList<>();
            for (int i = 0; i < children; i++) {
                // several ids may share a display name (overloads shown alike, a damaged record): then call order decides
                methods.add(new MethodInfo(2 + i, "p.C" + random.nextInt(names), "m", "()V", null, 0, 0));
            }
            CallTreeBuilder b = new CallTreeBuilder(CallTreeBuilder.Options.DEFAULT);
            CallVisitor v = b.visitor();
            v.enter(thread, 0, 0, main);
            long t = 0;
            for (int call = 0; call < children * 2; call++) {
                MethodInfo m = methods.get(call < children ? call : random.nextInt(children));
                long d = random.nextInt(4) * 10L; // few distinct times: many ties
                v.call(thread, t, 1, m, d, ExitKind.RETURN, null);
                t += d;
            }
            v.exit(thread, t, 0, main, t, ExitKind.RETURN, null);
            CallTree.Node parent = b.build().roots().get(0).children().get(0);

            List<CallTree.Node> expected = new ArrayList<>(parent.childrenInCallOrder());
            expected.sort(RULE);
            assertEquals(names(expected), names(parent.children()), "round " + round);
        }
    }

    /** Children that tie on time come in the order of their display names, however alike those are. */
    @Test
    void tiesComeInTheOrderOfTheirDisplayNames() {
        String[][] methods = {
                {"p.A", "m", "()V"}, {"p.A", "m", "(I)V"}, {"p.A", "m", "(Ljava/lang/String;)V"}, {"p.A", "mm", "()V"},
                {"p.A", "m1", "()V"}, {"p.A$B", "m", "()V"}, {"p.A.B", "m", "()V"}, {"p.AB", "m", "()V"},
                {"p.A", "", "()V"}, {"p", "A", "()V"}, {"p.A", "<init>", "()V"}, {"q", "m", "([[J)V"}, {"p.A", "m(", "()V"},
                {"", "m", "()V"}, {"p.\u00e9", "m", "()V"}, {"p.A", "m", "(II)V"}, {"p.A", "m", "()I"},
        };
        ThreadInfo thread = new ThreadInfo(1, "main", false, 0);
        MethodInfo main = new MethodInfo(1, "p.Main", "main", "()V", null, 0, 0);
        for (int round = 0; round < 20; round++) {
            List<MethodInfo> all = new ArrayList<>();
            for (int i = 0; i < methods.length; i++) all.add(new MethodInfo(i + 2, methods[i][0], methods[i][1], methods[i][2], null, 0, 0));
            java.util.Collections.shuffle(all, new Random(round));
            CallTreeBuilder b = new CallTreeBuilder(CallTreeBuilder.Options.DEFAULT);
            CallVisitor v = b.visitor();
            v.enter(thread, 0, 0, main);
            for (MethodInfo m : all) v.call(thread, 0, 1, m, 7, ExitKind.RETURN, null);
            v.exit(thread, 0, 0, main, 7L * all.size(), ExitKind.RETURN, null);
            CallTree.Node parent = b.build().roots().get(0).children().get(0);
            List<CallTree.Node> expected = new ArrayList<>(parent.childrenInCallOrder());
            expected.sort(RULE);
            assertEquals(names(expected), names(parent.children()), "round " + round);
        }
    }

    private static List<String> names(List<CallTree.Node> nodes) {
        List<String> s = new ArrayList<>();
        for (CallTree.Node n : nodes) s.add(n.method().id() + ":" + n.method().displayName() + "=" + n.totalNanos());
        return s;
    }
}
