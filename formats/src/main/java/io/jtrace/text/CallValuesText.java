package io.jtrace.text;

import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.MethodInfo;

/**
 * How a call with the values {@code run --args} recorded reads in text:
 * {@code bank.Bank.transfer(from=bank.Account@1b6d3586, to=bank.Account@4f3a2c1e, amount=250)} at
 * its enter, {@code bank.Bank.transfer(...) = true} at its exit, both at once for a call with no
 * traced callees. Each value as {@link VariableText#value} writes it.
 */
public final class CallValuesText {
    private CallValuesText() {}

    /** {@code from=bank.Account@1b6d3586, amount=250}. */
    public static String arguments(CallValues values) {
        return arguments(values, ObjectIds.HASHES);
    }

    /** {@link #arguments(CallValues)} with objects named by {@code ids}. */
    public static String arguments(CallValues values, ObjectIds ids) {
        StringBuilder s = new StringBuilder();
        for (Argument a : values.arguments()) {
            if (s.length() > 0) s.append(", ");
            s.append(a.name()).append('=').append(value(a, ids));
        }
        return s.toString();
    }

    /** An argument's or the return value's value: {@code 250}, {@code "text"}, {@code <redacted>}. */
    public static String value(Argument a) {
        return value(a, ObjectIds.HASHES);
    }

    public static String value(Argument a, ObjectIds ids) {
        return VariableText.value(a.value(), a.type(), ids);
    }

    /**
     * The method with its arguments, {@code pkg.Class.method(a=1, b="x")}; {@code elided}: with
     * {@code (...)} in their place (an exit line, whose enter showed them), {@code ()} if it has none.
     */
    public static String call(MethodInfo method, CallValues values, boolean elided) {
        return call(method, values, elided, ObjectIds.HASHES);
    }

    public static String call(MethodInfo method, CallValues values, boolean elided, ObjectIds ids) {
        String args = elided ? (values.arguments().isEmpty() ? "" : "...") : arguments(values, ids);
        return method.qualifiedName() + "(" + args + ")";
    }

    /** {@code " = true"} for a call that returned a recorded value; empty otherwise. */
    public static String returned(CallValues values) {
        return returned(values, ObjectIds.HASHES);
    }

    public static String returned(CallValues values, ObjectIds ids) {
        return values == null || values.returned() == null ? "" : " = " + value(values.returned(), ids);
    }
}
