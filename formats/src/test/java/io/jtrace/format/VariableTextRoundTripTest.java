package io.jtrace.format;

import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;
import io.jtrace.text.VariableText;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Variable and line events printed by TextTraceWriter parse back into what they were. */
class VariableTextRoundTripTest {
    private static final ThreadInfo MAIN = new ThreadInfo(1, "main", false, 0);
    private static final MethodInfo METHOD = new MethodInfo(1, "vars.History", "run", "(I)V", "History.java", 10, 0);

    private static VariableAccess access(VariableKind kind, String name, String type, boolean write, long owner, long array, int index, Value v) {
        VariableInfo info = new VariableInfo(7, 1, kind, name, type, kind == VariableKind.LOCAL ? 3 : -1,
                kind == VariableKind.FIELD || kind == VariableKind.STATIC ? "vars.History" : "", 12, write, v.kind() == Value.Kind.REDACTED);
        return new VariableAccess(MAIN, 1000, 1, METHOD, info, owner, array, index, v);
    }

    @Test
    void everyKindOfValueRoundTrips() throws Exception {
        List<VariableAccess> events = List.of(
                access(VariableKind.LOCAL, "sum", "I", true, 0, 0, -1, Value.ofLong(-55)),
                access(VariableKind.LOCAL, "big", "J", false, 0, 0, -1, Value.ofLong(Long.MIN_VALUE)),
                access(VariableKind.PARAM, "flag", "Z", false, 0, 0, -1, Value.ofLong(1)),
                access(VariableKind.PARAM, "c", "C", false, 0, 0, -1, Value.ofLong('\'')),
                access(VariableKind.LOCAL, "f", "F", true, 0, 0, -1, new Value(Value.Kind.FLOAT, Float.floatToRawIntBits(-1.25f), null, 0, null, 0)),
                access(VariableKind.LOCAL, "d", "D", true, 0, 0, -1, new Value(Value.Kind.DOUBLE, Double.doubleToRawLongBits(Double.NaN), null, 0, null, 0)),
                access(VariableKind.LOCAL, "s", "Ljava/lang/String;", true, 0, 0, -1, Value.ofString("a \"quoted\"\n\\ line")),
                access(VariableKind.LOCAL, "cut", "Ljava/lang/String;", true, 0, 0, -1, new Value(Value.Kind.STRING, 0, "abc", 300, null, 0)),
                access(VariableKind.FIELD, "count", "I", true, 0x1b6d3586L, 0, -1, Value.ofLong(3)),
                access(VariableKind.STATIC, "calls", "I", false, 0, 0, -1, Value.ofLong(11)),
                access(VariableKind.ARRAY, "values[]", "I", true, 0, 0x6d06d69cL, 2, Value.ofLong(4)),
                access(VariableKind.LOCAL, "p", "Ljava/lang/Object;", true, 0, 0, -1, new Value(Value.Kind.OBJECT, 0, null, 0, "vars.Point", 0xabcL)),
                access(VariableKind.LOCAL, "a", "Ljava/lang/Object;", true, 0, 0, -1, new Value(Value.Kind.OBJECT, 0, null, 0, "[Ljava.lang.String;", 0x12L)),
                access(VariableKind.LOCAL, "n", "Ljava/lang/Integer;", true, 0, 0, -1, new Value(Value.Kind.TEXT, 0, "42", 2, "java.lang.Integer", 0x7L)),
                access(VariableKind.LOCAL, "nothing", "Ljava/lang/Object;", true, 0, 0, -1, Value.NULL),
                access(VariableKind.PARAM, "password", "Ljava/lang/String;", false, 0, 0, -1, Value.REDACTED));
        StringWriter sw = new StringWriter();
        try (TextTraceWriter w = new TextTraceWriter(new PrintWriter(sw), new TextTraceWriter.Options(false, false, false, new Ansi(false)))) {
            for (TraceEvent e : events) w.event(e);
            w.event(new LineExecuted(MAIN, 1000, 1, METHOD, 42));
            w.end();
        }
        List<String> lines = sw.toString().lines().toList();
        assertEquals(events.size() + 1, lines.size());
        Pattern p = Pattern.compile("  ([rw]) (.+?) = (.*)  \\((.*)\\)");
        for (int i = 0; i < events.size(); i++) {
            VariableAccess e = events.get(i);
            Matcher m = p.matcher(lines.get(i));
            assertTrue(m.matches(), lines.get(i));
            assertEquals(e.variable().write() ? "w" : "r", m.group(1));
            assertEquals(VariableText.target(e), m.group(2));
            assertEquals(e.value(), parse(m.group(3), e.variable().type()), lines.get(i));
            assertTrue(m.group(4).endsWith(", line 12"), m.group(4));
        }
        assertEquals("  . line 42", lines.get(events.size()));
        assertTrue(lines.get(8).contains("(field int of vars.History@1b6d3586, line 12)"), lines.get(8));
        assertTrue(lines.get(10).contains("values[2] = 4  (int[]@6d06d69c, line 12)"), lines.get(10));
    }

    /** The inverse of {@link VariableText#value}. */
    static Value parse(String s, String declared) {
        if (s.equals("null")) return Value.NULL;
        if (s.equals(VariableText.REDACTED)) return Value.REDACTED;
        if (s.startsWith("\"")) {
            Matcher cut = Pattern.compile("(\".*\")\\.\\.\\. \\((\\d+) chars\\)").matcher(s);
            if (cut.matches()) return new Value(Value.Kind.STRING, 0, unquote(cut.group(1)), Long.parseLong(cut.group(2)), null, 0);
            return Value.ofString(unquote(s));
        }
        Matcher ref = Pattern.compile("([^@ ]+)@([0-9a-f]+)(?: \\{(.*)\\})?").matcher(s);
        if (ref.matches()) {
            String type = ref.group(1).endsWith("[]") ? "[L" + ref.group(1).substring(0, ref.group(1).length() - 2) + ";" : ref.group(1);
            long id = Long.parseLong(ref.group(2), 16);
            return ref.group(3) == null ? new Value(Value.Kind.OBJECT, 0, null, 0, type, id)
                    : new Value(Value.Kind.TEXT, 0, ref.group(3), ref.group(3).length(), type, id);
        }
        switch (declared.charAt(0)) {
            case 'Z': return Value.ofLong(s.equals("true") ? 1 : 0);
            case 'C': return Value.ofLong(unquote(s).charAt(0));
            case 'F': return new Value(Value.Kind.FLOAT, Float.floatToRawIntBits(Float.parseFloat(s)), null, 0, null, 0);
            case 'D': return new Value(Value.Kind.DOUBLE, Double.doubleToRawLongBits(Double.parseDouble(s)), null, 0, null, 0);
            default: return Value.ofLong(Long.parseLong(s));
        }
    }

    private static String unquote(String q) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i < q.length() - 1; i++) {
            char c = q.charAt(i);
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char n = q.charAt(++i);
            switch (n) {
                case 'n': b.append('\n'); break;
                case 'r': b.append('\r'); break;
                case 't': b.append('\t'); break;
                case 'u': b.append((char) Integer.parseInt(q.substring(i + 1, i + 5), 16)); i += 4; break;
                default: b.append(n);
            }
        }
        return b.toString();
    }
}
