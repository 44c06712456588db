package io.jtrace.format;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The JSON Lines visitor (lines put together from cached pieces) writes exactly what the event path writes. */
class JsonLinesVisitorTest {
    @Test
    void visitorLinesEqualEventLines() throws Exception {
        ThreadInfo main = new ThreadInfo(1, "main", false, 0);
        ThreadInfo odd = new ThreadInfo(7, "wörker \"7\"\n\u001b[31m", true, 1);
        MethodInfo m = new MethodInfo(3, "app.Ünïcode$Inner", "run\u00e9", "(Ljava/lang/String;)V", "A.java", 10, 1);
        MethodInfo other = new MethodInfo(4, "app.B", "<init>", "()V", "B.java", 1, 1);
        List<TraceEvent> events = List.of(
                new MethodEnter(main, 10, 0, m),
                new MethodCall(odd, 11, 0, other, 5, ExitKind.RETURN, null),
                new MethodCall(main, 12, 1, other, 7, ExitKind.EXCEPTION, new ExceptionRef("java.lang.Illegal\"State\"Exception", 42)),
                new MethodCall(main, 13, 1, other, 7, ExitKind.EXCEPTION, null),
                new MethodCall(main, 14, 1, other, 7, ExitKind.EXCEPTION, new ExceptionRef(null, 5)),
                new RecordsLost(main, 15, 1, 2),
                new MethodExit(main, 20, 0, m, 10, ExitKind.UNFINISHED, null),
                new MethodExit(odd, Long.MAX_VALUE, 0, m, 0, ExitKind.RETURN, null));
        RecordingInfo info = new RecordingInfo("x.jfr", 0, List.of(main, odd), events.size());

        StringWriter expected = new StringWriter();
        JsonLinesTraceWriter byEvent = new JsonLinesTraceWriter(expected);
        byEvent.begin(info);
        for (TraceEvent e : events) byEvent.event(e);
        byEvent.end();

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonLinesTraceWriter byVisitor = new JsonLinesTraceWriter(bytes);
        byVisitor.begin(info);
        CallVisitor v = byVisitor.visitor();
        for (TraceEvent e : events) CallVisitor.dispatch(e, v);
        byVisitor.end();
        assertEquals(expected.toString(), bytes.toString(StandardCharsets.UTF_8));

        StringWriter chars = new StringWriter();
        JsonLinesTraceWriter byVisitorToChars = new JsonLinesTraceWriter(chars);
        byVisitorToChars.begin(info);
        CallVisitor w = byVisitorToChars.visitor();
        for (TraceEvent e : events) CallVisitor.dispatch(e, w);
        byVisitorToChars.end();
        assertEquals(expected.toString(), chars.toString());
    }
}
