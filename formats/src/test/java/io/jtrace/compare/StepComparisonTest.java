package io.jtrace.compare;

import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.Value;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What counts as the same step in two runs: methods by name (not id), no times, no identity hashes. */
class StepComparisonTest {
    private static final ThreadInfo MAIN = new ThreadInfo(1, "main", false, 0);
    /** The same method with different ids, as two runs number them. */
    private static final MethodInfo PAY_A = new MethodInfo(3, "shop.Till", "pay", "(J)Z", "Till.java", 10, 0);
    private static final MethodInfo PAY_B = new MethodInfo(9, "shop.Till", "pay", "(J)Z", "Till.java", 10, 0);
    private static final MethodInfo PAY_INT = new MethodInfo(4, "shop.Till", "pay", "(I)Z", "Till.java", 12, 0);

    /** A step as a walk makes it: methods numbered by class, name and descriptor (both pays are 1, the int overload 2). */
    private static Step whole(Object e) {
        return step((io.jtrace.model.TraceEvent) e, Step.Part.WHOLE);
    }

    private static Step step(io.jtrace.model.TraceEvent e, Step.Part part) {
        MethodNumbers numbers = new MethodNumbers(io.jtrace.recording.Selection.all());
        MethodNumbers.Side side = numbers.side();
        side.number(PAY_A);
        side.number(PAY_INT);
        MethodInfo m = e instanceof MethodEnter x ? x.method() : e instanceof MethodExit x ? x.method()
                : e instanceof MethodCall x ? x.method() : null;
        return new Step(e, part, m == null ? -1 : side.number(m.descriptor().equals("(I)Z") ? PAY_INT : PAY_A));
    }

    private static CallValues args(Value v) {
        return new CallValues(List.of(new Argument("cents", "J", v)), null);
    }

    @Test
    void methodsMatchByClassNameAndDescriptorNotIdOrTime() {
        assertTrue(StepComparison.same(whole(new MethodEnter(MAIN, 5, 1, PAY_A)), whole(new MethodEnter(MAIN, 900, 1, PAY_B))));
        assertFalse(StepComparison.same(whole(new MethodEnter(MAIN, 5, 1, PAY_A)), whole(new MethodEnter(MAIN, 5, 1, PAY_INT))));
    }

    @Test
    void aLeafCallAgreesWithAnEnterUpToItsFirstCallee() {
        MethodCall leaf = new MethodCall(MAIN, 5, 1, PAY_A, 100, ExitKind.RETURN, null);
        assertTrue(StepComparison.same(step(leaf, Step.Part.CALL_ENTER), whole(new MethodEnter(MAIN, 7, 1, PAY_B))));
        assertTrue(StepComparison.same(step(leaf, Step.Part.CALL_EXIT),
                whole(new MethodExit(MAIN, 9, 1, PAY_B, 3, ExitKind.RETURN_UNTIMED, null))));
        assertEquals("A returns from shop.Till.pay(long) where B calls shop.Till.pay(int)",
                StepComparison.difference(step(leaf, Step.Part.CALL_EXIT), whole(new MethodEnter(MAIN, 7, 2, PAY_INT))));
    }

    @Test
    void exitsCompareByOutcomeAndExceptionTypeNotIdentity() {
        MethodExit threwA = new MethodExit(MAIN, 5, 1, PAY_A, 1, ExitKind.EXCEPTION, new ExceptionRef("java.io.IOException", 0x1234));
        MethodExit threwB = new MethodExit(MAIN, 6, 1, PAY_B, 2, ExitKind.EXCEPTION, new ExceptionRef("java.io.IOException", 0x9999));
        MethodExit other = new MethodExit(MAIN, 6, 1, PAY_B, 2, ExitKind.EXCEPTION, new ExceptionRef("java.lang.Error", 0x1234));
        MethodExit returned = new MethodExit(MAIN, 6, 1, PAY_B, 2, ExitKind.RETURN, null);
        assertTrue(StepComparison.same(whole(threwA), whole(threwB)));
        assertFalse(StepComparison.same(whole(threwA), whole(other)));
        assertFalse(StepComparison.same(whole(threwA), whole(returned)));
    }

    @Test
    void valuesCountWhereBothRecordedThemAndObjectsByTypeOnly() {
        MethodEnter a = new MethodEnter(MAIN, 5, 1, PAY_A, args(Value.ofLong(250)));
        MethodEnter b = new MethodEnter(MAIN, 5, 1, PAY_B, args(Value.ofLong(300)));
        MethodEnter unrecorded = new MethodEnter(MAIN, 5, 1, PAY_B, null);
        assertFalse(StepComparison.same(whole(a), whole(b)));
        assertEquals("Till.pay's argument cents: 250 in A, 300 in B", StepComparison.difference(whole(a), whole(b)));
        assertTrue(StepComparison.same(whole(a), whole(unrecorded)));
        Value objectA = new Value(Value.Kind.OBJECT, 0, null, 0, "shop.Cart", 0x1111);
        Value objectB = new Value(Value.Kind.OBJECT, 0, null, 0, "shop.Cart", 0x2222);
        Value other = new Value(Value.Kind.OBJECT, 0, null, 0, "shop.Basket", 0x1111);
        assertTrue(StepComparison.sameValue(objectA, objectB));
        assertFalse(StepComparison.sameValue(objectA, other));
        assertFalse(StepComparison.sameValue(Value.ofString("cups"), Value.ofString("mugs")));
    }
}
