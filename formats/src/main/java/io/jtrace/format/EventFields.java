package io.jtrace.format;

import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.CodeSite;
import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionSuppressed;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.FinallyEntered;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;
import io.jtrace.text.EventKinds;
import io.jtrace.text.VariableText;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields that the exports (JSON Lines, CSV details, Chrome instant events) give exception,
 * variable and line events, by their documented names (docs/export.md, "JSON Lines schema"). Values are
 * strings, numbers, booleans or null. A kind added later and not listed here falls back to its
 * record components ({@link EventKinds#otherFields}), so exports never fail on it.
 */
public final class EventFields {
    private EventFields() {}

    /** Fields of an event other than kind, thread, time and depth; calls and gaps are written by each writer. */
    public static Map<String, Object> of(TraceEvent e) {
        Map<String, Object> f = new LinkedHashMap<>();
        if (e instanceof ExceptionThrown t) {
            exception(f, t.exception());
            f.put("how", lower(t.kind()));
            f.put("message", t.message());
            f.put("causeId", t.causeIdentity());
            f.put("site", site(t.site()));
            f.put("surfacedAt", site(t.surfacedAt()));
        } else if (e instanceof ExceptionCaught c) {
            exception(f, c.exception());
            f.put("site", site(c.site()));
            f.put("declaredType", c.declaredType());
        } else if (e instanceof FinallyEntered fe) {
            exception(f, fe.exception());
            f.put("site", site(fe.site()));
            f.put("resourceClose", fe.resourceClose());
        } else if (e instanceof ExceptionSuppressed s) {
            exception(f, s.exception());
            f.put("primary", s.primary().type());
            f.put("primaryId", s.primary().identity());
            f.put("site", site(s.site()));
        } else if (e instanceof ExceptionUncaught u) {
            exception(f, u.exception());
            if (u.handler() != null) f.put("handler", u.handler());
        } else if (e instanceof VariableAccess a) {
            variable(f, a);
        } else if (e instanceof LineExecuted l) {
            f.put("method", l.method().displayName());
            f.put("line", l.line());
        } else {
            return EventKinds.otherFields(e);
        }
        return f;
    }

    private static void exception(Map<String, Object> f, ExceptionRef x) {
        f.put("exception", x == null ? null : x.type());
        f.put("exceptionId", x == null ? 0 : x.identity());
    }

    /** {@code exceptions.Unwinding.level3():27}; null when unknown. */
    private static String site(CodeSite s) {
        return s == null ? null : s.displayName();
    }

    private static void variable(Map<String, Object> f, VariableAccess a) {
        VariableInfo v = a.variable();
        f.put("method", a.method().displayName());
        f.put("access", v.write() ? "write" : "read");
        f.put("variableKind", v.kind().label());
        f.put("variable", v.kind() == VariableKind.ARRAY ? VariableText.arrayName(v) : v.name());
        f.put("declaredType", v.typeName());
        f.put("line", v.line());
        if (v.kind() == VariableKind.FIELD || v.kind() == VariableKind.STATIC) f.put("ownerClass", v.ownerClass());
        if (v.kind() == VariableKind.FIELD) f.put("ownerId", a.owner());
        if (v.kind() == VariableKind.ARRAY) {
            f.put("arrayId", a.array());
            f.put("index", a.index());
        }
        value(f, a.value(), v.type());
    }

    /** {@code value}, {@code valueKind} and, as they apply, {@code valueType}, {@code valueId}, {@code valueLength}. */
    private static void value(Map<String, Object> f, Value value, String declared) {
        f.put("value", VariableText.value(value, declared));
        f.put("valueKind", lower(value.kind()));
        if (value.kind() == Value.Kind.OBJECT || value.kind() == Value.Kind.TEXT) {
            f.put("valueType", VariableText.typeName(value.type()));
            f.put("valueId", value.identity());
        }
        if (value.kind() == Value.Kind.STRING || value.kind() == Value.Kind.TEXT) f.put("valueLength", value.fullLength());
    }

    /**
     * The {@code args} of a call (a list: per argument {@code name}, {@code declaredType} and the
     * value fields of a variable access) and its {@code return} (the same without {@code name}), as
     * far as {@code run --args} recorded them; empty if it recorded none.
     */
    public static Map<String, Object> callValues(CallValues values) {
        Map<String, Object> f = new LinkedHashMap<>();
        if (values == null) return f;
        java.util.List<Object> args = new java.util.ArrayList<>(values.arguments().size());
        for (Argument a : values.arguments()) args.add(argument(a, true));
        f.put("args", args);
        if (values.returned() != null) f.put("return", argument(values.returned(), false));
        return f;
    }

    private static Map<String, Object> argument(Argument a, boolean named) {
        Map<String, Object> f = new LinkedHashMap<>();
        if (named) f.put("name", a.name());
        f.put("declaredType", a.typeName());
        value(f, a.value(), a.type());
        return f;
    }

    private static String lower(Enum<?> e) {
        return EventKinds.value(e);
    }
}
