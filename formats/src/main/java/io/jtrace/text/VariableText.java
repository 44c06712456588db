package io.jtrace.text;

import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;

/**
 * How variable accesses read in text: {@code sum = 55  (local int, line 12)},
 * {@code count = 3  (field int of vars.Tally@1b6d3586, line 20)}, {@code values[2] = 7  (int[]@6d06d69c, line 9)}.
 * Values read like source: {@code 42}, {@code true}, {@code 'x'}, {@code "text"}, {@code null},
 * {@code vars.Point@1b6d3586} (type and identity), {@code java.lang.Integer@5e2de80c {42}}
 * (a text rendering), {@code <redacted>}.
 */
public final class VariableText {
    private VariableText() {}

    public static final String REDACTED = "<redacted>";

    /** {@code target = value  (context)}. */
    public static String access(VariableAccess a) {
        return access(a, ObjectIds.HASHES);
    }

    /** {@link #access(VariableAccess)} with objects named by {@code ids}. */
    public static String access(VariableAccess a, ObjectIds ids) {
        return target(a) + " = " + value(a.value(), a.variable().type(), ids) + "  " + context(a, ids);
    }

    /** What was accessed: {@code sum}, {@code count}, {@code Tally.total}, {@code values[2]}. */
    public static String target(VariableAccess a) {
        VariableInfo v = a.variable();
        switch (v.kind()) {
            case STATIC:
                return v.simpleOwner() + "." + v.name();
            case ARRAY:
                return arrayName(v) + "[" + a.index() + "]";
            default:
                return v.name();
        }
    }

    /**
     * The variable itself, owner included: {@code balance of bank.Account@21282ed8},
     * {@code values[2] of int[]@6d06d69c}, {@code Tally.total}, {@code local acc of this call of m(int)}.
     */
    public static String variable(VariableAccess a) {
        VariableInfo v = a.variable();
        return switch (v.kind()) {
            case LOCAL, PARAM -> v.kind().label() + " " + v.name() + " of this call of " + a.method().displayName();
            case FIELD -> v.name() + " of " + v.ownerClass() + (a.owner() != 0 ? "@" + identity(a.owner()) : " (before its constructor's super())");
            case STATIC -> v.simpleOwner() + "." + v.name();
            case ARRAY -> target(a) + " of " + v.typeName() + "[]@" + identity(a.array());
            case UNKNOWN, ARGUMENT, RETURN -> target(a);
        };
    }

    /** {@code values} for the site {@code values[]}; {@code (array)} if the array had no name. */
    public static String arrayName(VariableInfo v) {
        String n = v.name().endsWith("[]") ? v.name().substring(0, v.name().length() - 2) : v.name();
        return n.isEmpty() ? "(array)" : n;
    }

    /** {@code (local int, line 12)}: kind, declared type, owner or array, line. */
    public static String context(VariableAccess a) {
        return context(a, ObjectIds.HASHES);
    }

    /** {@link #context(VariableAccess)} with objects named by {@code ids}. */
    public static String context(VariableAccess a, ObjectIds ids) {
        VariableInfo v = a.variable();
        StringBuilder s = new StringBuilder("(");
        if (v.kind() == VariableKind.ARRAY) {
            s.append(v.typeName()).append("[]").append(ids.suffix(a.array()));
        } else {
            s.append(v.kind().label()).append(' ').append(v.typeName());
            if (v.kind() == VariableKind.FIELD) {
                s.append(" of ").append(v.ownerClass());
                if (a.owner() != 0) s.append(ids.suffix(a.owner()));
            }
        }
        if (v.line() > 0) s.append(", line ").append(v.line());
        return s.append(')').toString();
    }

    /** The value as source code would write it; {@code declared} is the declared type's descriptor. */
    public static String value(Value v, String declared) {
        return value(v, declared, ObjectIds.HASHES);
    }

    /** {@link #value(Value, String)} with objects named by {@code ids}. */
    public static String value(Value v, String declared, ObjectIds ids) {
        switch (v.kind()) {
            case INT: {
                char d = declared == null || declared.isEmpty() ? 'I' : declared.charAt(0);
                if (d == 'Z') return v.bits() != 0 ? "true" : "false";
                if (d == 'C') return charLiteral((char) v.bits());
                return Long.toString(v.bits());
            }
            case FLOAT:
                return Float.toString(Float.intBitsToFloat((int) v.bits()));
            case DOUBLE:
                return Double.toString(Double.longBitsToDouble(v.bits()));
            case NULL:
                return "null";
            case STRING:
                return quote(v.text()) + truncation(v);
            case OBJECT:
                return typeName(v.type()) + ids.suffix(v.identity());
            case TEXT:
                return typeName(v.type()) + ids.suffix(v.identity()) + " {" + Printable.text(v.text()) + "}" + truncation(v);
            case REDACTED:
                return REDACTED;
            default:
                return "?";
        }
    }

    private static String truncation(Value v) {
        return v.truncated() ? "... (" + v.fullLength() + " chars)" : "";
    }

    /** A runtime class name as source writes it: {@code [Ljava.lang.String;} becomes {@code java.lang.String[]}. */
    public static String typeName(String runtimeName) {
        if (runtimeName == null) return "?";
        return runtimeName.startsWith("[") ? io.jtrace.model.Descriptors.typeName(runtimeName.replace('.', '/')).replace('/', '.') : runtimeName;
    }

    public static String identity(long id) {
        return Long.toHexString(id);
    }

    /** A Java string literal: quotes, backslashes and control characters escaped. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) escape(b, s.charAt(i), '"');
        return b.append('"').toString();
    }

    private static String charLiteral(char c) {
        StringBuilder b = new StringBuilder("'");
        escape(b, c, '\'');
        return b.append('\'').toString();
    }

    private static void escape(StringBuilder b, char c, char quote) {
        switch (c) {
            case '\n': b.append("\\n"); break;
            case '\r': b.append("\\r"); break;
            case '\t': b.append("\\t"); break;
            case '\\': b.append("\\\\"); break;
            default:
                if (c == quote) b.append('\\').append(c);
                else Printable.append(b, c);
        }
    }
}
