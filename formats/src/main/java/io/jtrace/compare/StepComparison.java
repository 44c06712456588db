package io.jtrace.compare;

import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.CodeSite;
import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionSuppressed;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.ExitKind;
import io.jtrace.model.FinallyEntered;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodExit;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.text.CallValuesText;
import io.jtrace.text.VariableText;

import java.util.List;
import java.util.Objects;

/**
 * The rule of what counts as the same step in two runs. Methods by class, name and descriptor;
 * exits by how they ended and the exception's type; exception events by kind, type and the
 * method they happened in; values ({@code --args}, {@code --vars}) where both runs recorded them.
 * Never times, durations, identity hashes or exception messages (they carry hashes and times).
 */
final class StepComparison {
    private StepComparison() {}

    static boolean same(Step a, Step b) {
        if (a.entersFrame()) return b.entersFrame() && sameEnter(a.method(), a.values(), b.method(), b.values());
        if (a.leavesFrame()) {
            return b.leavesFrame() && sameExit(a.method(), exitKind(a), exception(a), a.values(),
                    b.method(), exitKind(b), exception(b), b.values());
        }
        return sameEvent(a.event(), b.event());
    }

    /** Two enters (of method numbers {@code m} and {@code n}, with their recorded values): the same step. */
    static boolean sameEnter(int m, CallValues v, int n, CallValues w) {
        return m == n && sameArguments(v, w);
    }

    /** Two exits, each by its method number, way out, exception and recorded values: the same step. */
    static boolean sameExit(int m, ExitKind x, ExceptionRef xe, CallValues v, int n, ExitKind y, ExceptionRef ye, CallValues w) {
        return m == n && sameOutcome(x, xe, y, ye) && sameValue(returned(v), returned(w));
    }

    /** The same event other than a frame's enter or exit (an exception event, a value written, a line). */
    static boolean sameEvent(TraceEvent x, TraceEvent y) {
        if (x instanceof RecordsLost || y instanceof RecordsLost) return false; // nothing to compare past a gap
        if (x.getClass() != y.getClass()) return false;
        if (x instanceof ExceptionThrown t && y instanceof ExceptionThrown u) {
            return t.kind() == u.kind() && sameType(t.exception(), u.exception()) && sameMethod(t.site(), u.site());
        }
        if (x instanceof ExceptionCaught c && y instanceof ExceptionCaught d) {
            return sameType(c.exception(), d.exception()) && sameMethod(c.site(), d.site());
        }
        if (x instanceof FinallyEntered f && y instanceof FinallyEntered g) {
            return f.resourceClose() == g.resourceClose() && sameType(f.exception(), g.exception()) && sameMethod(f.site(), g.site());
        }
        if (x instanceof ExceptionSuppressed s && y instanceof ExceptionSuppressed t) {
            return sameType(s.exception(), t.exception()) && sameType(s.primary(), t.primary());
        }
        if (x instanceof ExceptionUncaught u && y instanceof ExceptionUncaught v) {
            return sameType(u.exception(), v.exception());
        }
        if (x instanceof VariableAccess v && y instanceof VariableAccess w) {
            return v.variable().name().equals(w.variable().name()) && v.variable().kind() == w.variable().kind()
                    && v.variable().ownerClass().equals(w.variable().ownerClass()) && v.index() == w.index()
                    && MethodKey.same(v.method(), w.method()) && sameValue(v.value(), w.value());
        }
        if (x instanceof LineExecuted l && y instanceof LineExecuted m) {
            return l.line() == m.line() && MethodKey.same(l.method(), m.method());
        }
        return false;
    }

    /** The same way out of the frame: {@link #outcome} without building its text (once per exit). */
    private static boolean sameOutcome(ExitKind x, ExceptionRef xe, ExitKind y, ExceptionRef ye) {
        if (x.returned() || y.returned()) return x.returned() && y.returned();
        if (x != y) return false;
        return x == ExitKind.UNFINISHED || thrownType(xe).equals(thrownType(ye));
    }

    private static ExitKind exitKind(Step s) {
        return s.event() instanceof MethodExit e ? e.kind() : ((MethodCall) s.event()).kind();
    }

    private static ExceptionRef exception(Step s) {
        return s.event() instanceof MethodExit e ? e.exception() : ((MethodCall) s.event()).exception();
    }

    private static String thrownType(ExceptionRef x) {
        return x == null || x.type() == null ? "?" : x.type();
    }

    /** Returned, threw (which type), or still running. Timed or not is the tracer's choice, not the program's. */
    private static String outcome(Step s) {
        ExitKind kind = exitKind(s);
        if (kind.returned()) return "return";
        if (kind == ExitKind.UNFINISHED) return "unfinished";
        return "threw " + thrownType(exception(s));
    }

    private static boolean sameType(ExceptionRef a, ExceptionRef b) {
        return Objects.equals(a == null ? null : a.type(), b == null ? null : b.type());
    }

    private static boolean sameMethod(CodeSite a, CodeSite b) {
        if (a == null || b == null) return a == b;
        return a.className().equals(b.className()) && a.methodName().equals(b.methodName())
                && Objects.equals(a.descriptor(), b.descriptor());
    }

    /** Arguments compare where both runs recorded them, one by one. */
    static boolean sameArguments(CallValues a, CallValues b) {
        if (a == null || b == null) return true;
        List<Argument> x = a.arguments();
        List<Argument> y = b.arguments();
        if (x.size() != y.size()) return true; // recorded with other --args settings: not comparable
        for (int i = 0; i < x.size(); i++) if (!sameValue(x.get(i).value(), y.get(i).value())) return false;
        return true;
    }

    static Value returned(CallValues v) {
        return v == null || v.returned() == null ? null : v.returned().value();
    }

    /**
     * Values compare by what they are, not which object: a primitive by its bits, a string by its
     * text, another reference by its runtime type (its identity hash differs between runs). Null
     * on either side: not recorded there.
     */
    static boolean sameValue(Value a, Value b) {
        if (a == null || b == null) return true;
        if (a.kind() != b.kind()) return false;
        return switch (a.kind()) {
            case INT, FLOAT, DOUBLE -> a.bits() == b.bits();
            case STRING, TEXT -> Objects.equals(a.text(), b.text()) && a.fullLength() == b.fullLength()
                    && Objects.equals(a.type(), b.type());
            case OBJECT -> Objects.equals(a.type(), b.type());
            case NULL, REDACTED -> true;
        };
    }

    /**
     * What differs between two steps, in words: {@code A calls X where B calls Y},
     * {@code Bank.transfer's argument amount: 250 in A, 300 in B}. {@code b} or {@code a} may be
     * null: that run's thread ended there.
     */
    static String difference(Step a, Step b) {
        if (a != null && b != null) {
            if (a.entersFrame() && b.entersFrame() && a.method() == b.method()) {
                List<Argument> x = a.values().arguments();
                List<Argument> y = b.values().arguments();
                for (int i = 0; i < x.size(); i++) {
                    if (!sameValue(x.get(i).value(), y.get(i).value())) {
                        return a.methodInfo().simpleClassName() + "." + a.methodInfo().name() + "'s argument " + x.get(i).name() + ": "
                                + CallValuesText.value(x.get(i)) + " in A, " + CallValuesText.value(y.get(i)) + " in B";
                    }
                }
            }
            if (a.leavesFrame() && b.leavesFrame() && a.method() == b.method()
                    && sameOutcome(exitKind(a), exception(a), exitKind(b), exception(b))) {
                return a.methodInfo().simpleClassName() + "." + a.methodInfo().name() + " returned "
                        + CallValuesText.value(a.values().returned()) + " in A, " + CallValuesText.value(b.values().returned()) + " in B";
            }
            if (a.event() instanceof VariableAccess v && b.event() instanceof VariableAccess w
                    && v.variable().name().equals(w.variable().name())) {
                return VariableText.target(v) + " = " + VariableText.value(v.value(), v.variable().type()) + " in A, "
                        + VariableText.value(w.value(), w.variable().type()) + " in B";
            }
        }
        return "A " + what(a) + " where B " + what(b);
    }

    /** What a step does, in words. */
    static String what(Step s) {
        if (s == null) return "ends";
        if (s.entersFrame()) return "calls " + s.methodInfo().displayName();
        if (s.leavesFrame()) {
            String o = outcome(s);
            String name = s.methodInfo().displayName();
            return o.equals("return") ? "returns from " + name
                    : o.equals("unfinished") ? "is still in " + name + " at the end"
                    : "leaves " + name + " by " + o.substring("threw ".length());
        }
        TraceEvent e = s.event();
        if (e instanceof ExceptionThrown t) return (t.kind() == io.jtrace.model.ThrowKind.RETHROWN ? "rethrows " : "throws ") + type(t);
        if (e instanceof ExceptionCaught c) return "catches " + type(c);
        if (e instanceof FinallyEntered f) return "runs a finally block for " + type(f);
        if (e instanceof ExceptionSuppressed x) return "suppresses " + type(x);
        if (e instanceof ExceptionUncaught u) return "does not catch " + type(u);
        if (e instanceof VariableAccess v) return "writes " + VariableText.target(v) + " = " + VariableText.value(v.value(), v.variable().type());
        if (e instanceof LineExecuted l) return "runs line " + l.line() + " of " + l.method().displayName();
        if (e instanceof RecordsLost) return "lost records (the rest of this thread cannot be compared)";
        return e.getClass().getSimpleName();
    }

    private static String type(ExceptionEvent e) {
        return e.exception() == null || e.exception().type() == null ? "an exception" : e.exception().type();
    }
}
