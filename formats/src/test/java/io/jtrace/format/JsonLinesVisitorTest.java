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

    /** Calls with the values of --args: the visitor reads them from the side channel, the event path from the events. */
    @Test
    void visitorLinesWithValuesEqualEventLines() throws Exception {
        ThreadInfo main = new ThreadInfo(1, "main", false, 0);
        MethodInfo m = new MethodInfo(3, "app.Shop", "buy", "(Ljava/lang/String;JLjava/lang/Object;)Z", "A.java", 10, 1);
        io.jtrace.model.CallValues args = new io.jtrace.model.CallValues(List.of(
                new io.jtrace.model.Argument("item", "Ljava/lang/String;", io.jtrace.model.Value.ofString("äpfel \"x\"\n\u0001")),
                new io.jtrace.model.Argument("n", "J", io.jtrace.model.Value.ofLong(-5)),
                new io.jtrace.model.Argument("password", "Ljava/lang/Object;", io.jtrace.model.Value.REDACTED)), null);
        io.jtrace.model.CallValues withReturn = args.returning(new io.jtrace.model.Argument("return", "Z", io.jtrace.model.Value.ofLong(1)));
        List<TraceEvent> events = List.of(
                new MethodEnter(main, 10, 0, m, args),
                new MethodCall(main, 11, 1, m, 5, ExitKind.RETURN, null, withReturn),
                new MethodCall(main, 12, 1, m, 5, ExitKind.EXCEPTION, new ExceptionRef("x.Y", 3), args),
                new MethodExit(main, 20, 0, m, 10, ExitKind.RETURN, null, withReturn),
                new MethodCall(main, 21, 0, m, 1, ExitKind.RETURN, null));
        RecordingInfo info = new RecordingInfo("x.jfr", 0, List.of(main), events.size());

        StringWriter expected = new StringWriter();
        JsonLinesTraceWriter byEvent = new JsonLinesTraceWriter(expected);
        byEvent.begin(info);
        for (TraceEvent e : events) byEvent.event(e);
        byEvent.end();
        String text = expected.toString();
        org.junit.jupiter.api.Assertions.assertTrue(text.contains("\"args\":[{\"name\":\"item\",\"declaredType\":\"java.lang.String\""), text);
        org.junit.jupiter.api.Assertions.assertTrue(text.contains("\"return\":{\"declaredType\":\"boolean\",\"value\":\"true\",\"valueKind\":\"int\"}"), text);
        org.junit.jupiter.api.Assertions.assertTrue(text.contains("{\"name\":\"password\",\"declaredType\":\"java.lang.Object\",\"value\":\"<redacted>\",\"valueKind\":\"redacted\"}"), text);

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonLinesTraceWriter byVisitor = new JsonLinesTraceWriter(bytes);
        byVisitor.begin(info);
        io.jtrace.model.CallValues[] current = new io.jtrace.model.CallValues[1];
        CallVisitor v = byVisitor.visitor(() -> current[0]);
        for (TraceEvent e : events) {
            current[0] = e instanceof MethodEnter x ? x.values() : e instanceof MethodExit x ? x.values() : ((MethodCall) e).values();
            CallVisitor.dispatch(e, v);
        }
        byVisitor.end();
        assertEquals(text, bytes.toString(StandardCharsets.UTF_8));
    }
}
