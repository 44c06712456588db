package io.jtrace.text;

import io.jtrace.model.ExceptionRef;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Names of event kinds as the exports spell them, and a generic view of any event's fields, so
 * that a writer handles an event kind added after it was written (it shows up under its own
 * kind name with its record components as fields) instead of failing.
 */
public final class EventKinds {
    private EventKinds() {}

    public static final String ENTER = "enter";
    public static final String EXIT = "exit";
    public static final String CALL = "call";
    public static final String LOST = "lost";

    public static final String EXCEPTION_THROWN = "exception-thrown";
    public static final String EXCEPTION_CAUGHT = "exception-caught";
    public static final String FINALLY_ENTERED = "finally-entered";
    public static final String EXCEPTION_SUPPRESSED = "exception-suppressed";
    public static final String EXCEPTION_UNCAUGHT = "exception-uncaught";
    public static final String VARIABLE_ACCESS = "variable-access";
    public static final String LINE_EXECUTED = "line-executed";

    /**
     * The kind's name in the exports (a documented schema: renaming a class must not change it).
     * A kind added later and not named here yet shows up as its class name in kebab case.
     */
    public static String name(TraceEvent e) {
        if (e instanceof MethodEnter) return ENTER;
        if (e instanceof MethodExit) return EXIT;
        if (e instanceof MethodCall) return CALL;
        if (e instanceof RecordsLost) return LOST;
        if (e instanceof io.jtrace.model.ExceptionThrown) return EXCEPTION_THROWN;
        if (e instanceof io.jtrace.model.ExceptionCaught) return EXCEPTION_CAUGHT;
        if (e instanceof io.jtrace.model.FinallyEntered) return FINALLY_ENTERED;
        if (e instanceof io.jtrace.model.ExceptionSuppressed) return EXCEPTION_SUPPRESSED;
        if (e instanceof io.jtrace.model.ExceptionUncaught) return EXCEPTION_UNCAUGHT;
        if (e instanceof io.jtrace.model.VariableAccess) return VARIABLE_ACCESS;
        if (e instanceof io.jtrace.model.LineExecuted) return LINE_EXECUTED;
        return kebab(e.getClass().getSimpleName());
    }

    static String kebab(String camel) {
        StringBuilder sb = new StringBuilder(camel.length() + 4);
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (Character.isUpperCase(c) && i > 0) sb.append('-');
            sb.append(Character.toLowerCase(c));
        }
        return sb.toString();
    }

    /**
     * The fields of an event other than thread, time and depth, by record component name, as
     * strings, numbers or booleans (methods by display name, exceptions by type). For kinds a
     * writer does not know.
     */
    public static Map<String, Object> otherFields(TraceEvent e) {
        Map<String, Object> fields = new LinkedHashMap<>();
        RecordComponent[] components = e.getClass().getRecordComponents();
        if (components == null) {
            fields.put("value", e.toString());
            return fields;
        }
        for (RecordComponent c : components) {
            String n = c.getName();
            if (n.equals("thread") || n.equals("nanos") || n.equals("depth")) continue;
            if (n.equals("kind")) n = "subkind"; // "kind" names the event itself
            Object v;
            try {
                v = c.getAccessor().invoke(e);
            } catch (ReflectiveOperationException | RuntimeException ex) {
                v = "?";
            }
            fields.put(n, simple(v));
        }
        return fields;
    }

    private static Object simple(Object v) {
        if (v == null || v instanceof Number || v instanceof Boolean || v instanceof String) return v;
        if (v instanceof MethodInfo m) return m.displayName();
        if (v instanceof ExceptionRef x) return x.type();
        if (v instanceof ThreadInfo t) return t.label();
        if (v instanceof Enum<?> en) return en.name().toLowerCase(Locale.ROOT);
        if (v instanceof io.jtrace.model.CodeSite site) return site.displayName();
        if (v instanceof io.jtrace.model.VariableInfo var) return var.name();
        if (v instanceof io.jtrace.model.Value val) return VariableText.value(val, null);
        return v.toString();
    }

    /** A value of an enum (how, outcome, kind...) as the exports spell it: {@code RAISED_BY_JVM} is {@code raised-by-jvm}. */
    public static String value(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** How a call ended, as the exports spell it: {@code return}, {@code exception}, {@code unfinished}. */
    public static String outcome(io.jtrace.model.ExitKind kind) {
        if (kind == io.jtrace.model.ExitKind.RETURN_UNTIMED) return "return"; // its missing duration says it was untimed
        return kind.name().toLowerCase(Locale.ROOT);
    }
}
