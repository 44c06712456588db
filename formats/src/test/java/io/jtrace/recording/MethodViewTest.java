package io.jtrace.recording;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Print-time filtering: hidden frames do not indent, depth counts shown frames only. */
class MethodViewTest {
    private static final ThreadInfo T1 = new ThreadInfo(1, "main", false, 0);
    private static final ThreadInfo T2 = new ThreadInfo(2, "worker", false, 1);

    private static MethodInfo m(String cls, String name) {
        return new MethodInfo(cls.hashCode() ^ name.hashCode(), cls, name, "()V", null, 0, 0);
    }

    private static final MethodInfo MAIN = m("app.Main", "main");
    private static final MethodInfo SERVICE = m("app.Service", "handle");
    private static final MethodInfo HELPER = m("app.util.Helper", "help");
    private static final MethodInfo LEAF = m("app.Service", "leaf");

    /** main > handle > help > leaf, unwinding, on two threads interleaved. */
    private static List<TraceEvent> trace() {
        return List.of(
            new MethodEnter(T1, 1, 0, MAIN),
            new MethodEnter(T1, 2, 1, SERVICE),
            new MethodEnter(T2, 3, 0, HELPER),
            new MethodEnter(T1, 4, 2, HELPER),
            new MethodCall(T1, 5, 3, LEAF, 1, ExitKind.RETURN, null),
            new MethodCall(T2, 6, 1, LEAF, 1, ExitKind.RETURN, null),
            new MethodExit(T1, 7, 2, HELPER, 3, ExitKind.RETURN, null),
            new MethodExit(T2, 8, 0, HELPER, 5, ExitKind.RETURN, null),
            new MethodExit(T1, 9, 1, SERVICE, 7, ExitKind.EXCEPTION, null),
            new MethodExit(T1, 10, 0, MAIN, 9, ExitKind.RETURN, null));
    }

    private static List<String> view(MethodView v, List<TraceEvent> events) {
        List<TraceEvent> passed = new ArrayList<>();
        io.jtrace.analysis.CallVisitor in = v.in(new io.jtrace.analysis.EventBuilder(passed::add));
        for (TraceEvent e : events) io.jtrace.analysis.CallVisitor.dispatch(e, in);
        List<String> shown = new ArrayList<>();
        for (TraceEvent s : passed) {
            String name = s instanceof MethodEnter x ? ">" + x.method().name() : s instanceof MethodExit x ? "<" + x.method().name()
                    : s instanceof MethodCall x ? "=" + x.method().name() : "~lost";
            shown.add(s.thread().id() + ":" + s.depth() + name);
        }
        return shown;
    }

    @Test
    void identityViewIsNoStepAtAll() {
        MethodView v = new MethodView(MethodFilter.all(), 0);
        io.jtrace.analysis.CallVisitor next = new io.jtrace.analysis.EventBuilder(e -> { });
        assertSame(next, v.in(next));
    }

    @Test
    void excludedFramesDoNotIndent() {
        MethodView v = new MethodView(MethodFilter.parse(List.of(), List.of("app.util.**")), 0);
        assertEquals(List.of("1:0>main", "1:1>handle", "1:2=leaf", "2:0=leaf", "1:1<handle", "1:0<main"), view(v, trace()));
    }

    @Test
    void includeShowsOnlyMatchingFramesAtTheirShownDepth() {
        MethodView v = new MethodView(MethodFilter.parse(List.of("Service.leaf", "Main"), List.of()), 0);
        assertEquals(List.of("1:0>main", "1:1=leaf", "2:0=leaf", "1:0<main"), view(v, trace()));
    }

    @Test
    void depthCutsOffDeeperFrames() {
        MethodView v = new MethodView(MethodFilter.all(), 2);
        assertEquals(List.of("1:0>main", "1:1>handle", "2:0>help", "2:1=leaf", "2:0<help", "1:1<handle", "1:0<main"),
                view(v, trace()));
    }

    @Test
    void depthCountsShownFramesOnly() {
        MethodView v = new MethodView(MethodFilter.parse(List.of(), List.of("Service.handle")), 2);
        assertEquals(List.of("1:0>main", "2:0>help", "1:1>help", "2:1=leaf", "1:1<help", "2:0<help", "1:0<main"), view(v, trace()));
    }

    @Test
    void lostRecordsResetTheStackToTheGapDepth() {
        MethodView v = new MethodView(MethodFilter.parse(List.of(), List.of("app.util.**")), 0);
        List<TraceEvent> events = List.of(
            new MethodEnter(T1, 1, 0, MAIN),
            new MethodEnter(T1, 2, 1, HELPER),
            new RecordsLost(T1, 3, 2, 1),
            new MethodCall(T1, 4, 2, LEAF, 1, ExitKind.RETURN, null),
            new MethodExit(T1, 5, 1, MethodInfo.unknown(0), 1, ExitKind.RETURN, null),
            new MethodExit(T1, 6, 0, MethodInfo.unknown(0), 1, ExitKind.RETURN, null));
        // the frames below the gap count as shown: what follows keeps the depth the recording gives it
        assertEquals(List.of("1:0>main", "1:2~lost", "1:2=leaf", "1:1<method#0", "1:0<method#0"), view(v, events));
    }
}
