package io.jtrace.analysis;

import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.Value;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code jtrace calls --where}: the parser, its errors, and how each kind of value compares. */
class CallConditionTest {
    private static Value intValue(long v) {
        return Value.ofLong(v);
    }

    private static Value doubleValue(double v) {
        return new Value(Value.Kind.DOUBLE, Double.doubleToRawLongBits(v), null, 0, null, 0);
    }

    private static Value floatValue(float v) {
        return new Value(Value.Kind.FLOAT, Float.floatToRawIntBits(v) & 0xffffffffL, null, 0, null, 0);
    }

    /** transfer(from=Account@1b6d, to=null, amount=250, note="rent", ok=true, c='x', rate=0.1, pin=<redacted>, boxed=Integer {42}) = false */
    private static final CallValues TRANSFER = new CallValues(List.of(
            new Argument("from", "Lbank/Account;", new Value(Value.Kind.OBJECT, 0, null, 0, "bank.Account", 0x1b6d)),
            new Argument("to", "Lbank/Account;", Value.NULL),
            new Argument("amount", "J", intValue(250)),
            new Argument("note", "Ljava/lang/String;", Value.ofString("rent")),
            new Argument("ok", "Z", intValue(1)),
            new Argument("c", "C", intValue('x')),
            new Argument("rate", "D", doubleValue(0.1)),
            new Argument("pin", "Ljava/lang/String;", Value.REDACTED),
            new Argument("boxed", "Ljava/lang/Object;", new Value(Value.Kind.TEXT, 0, "42", 2, "java.lang.Integer", 7)),
            new Argument("f", "F", floatValue(0.1f))),
            new Argument("return", "Z", intValue(0)));

    private static boolean holds(String where) {
        return CallCondition.parse(where).test(TRANSFER);
    }

    @Test
    void comparesEachKindOfValue() {
        assertTrue(holds("amount > 100"));
        assertTrue(holds("amount == 250 and amount >= 250 and amount <= 250 and amount != 251 and amount < 251"));
        assertFalse(holds("amount > 250"));
        assertTrue(holds("amount == 250.0"), "integers compare exactly with any number");
        assertFalse(holds("amount == 250.5"));
        assertTrue(holds("ret == false") && holds("return != true"));
        assertTrue(holds("ok == true") && !holds("ok == false"));
        assertTrue(holds("note == \"rent\"") && holds("note == 'rent'") && holds("note > \"a\"") && !holds("note == \"Rent\""));
        assertTrue(holds("c == 'x'") && holds("c == 120") && !holds("c == 'xy'"));
        assertTrue(holds("rate == 0.1") && holds("rate < 0.2"), "a double with the literal as a double");
        assertTrue(holds("f == 0.1") && holds("f > 0.09"), "a float with the literal as a float");
        assertTrue(holds("to == null") && !holds("to != null"));
        assertTrue(holds("from != null") && !holds("from == null"));
        assertTrue(holds("from == \"bank.Account@1b6d\""), "another object: its text as print shows it");
        assertTrue(holds("boxed == 42") && holds("boxed > 41.5"), "a boxed number by its text");
        assertTrue(holds("arg2 == 250") && holds("arg0 != null"), "by position");
    }

    @Test
    void unknownRedactedAndMismatchedValuesMatchNothing() {
        assertFalse(holds("pin == \"1234\""));
        assertFalse(holds("pin != \"1234\""), "a redacted value matches no comparison, not even !=");
        assertFalse(holds("pin != null"));
        assertFalse(holds("nosuch == 1") || holds("nosuch != 1"));
        assertFalse(holds("arg10 == 1"));
        assertFalse(holds("note == 1") || holds("amount == \"250\""), "a string is not a number");
        assertFalse(CallCondition.parse("amount > 0").test(null), "a call without recorded values");
        assertFalse(CallCondition.parse("ret == false").test(TRANSFER.returning(null)), "no return value recorded");
    }

    @Test
    void andBindsTighterThanOrAndParenthesesGroup() {
        assertTrue(holds("amount > 1000 or amount == 250 and note == \"rent\""));
        assertFalse(holds("(amount > 1000 or amount == 250) and note == \"other\""));
        assertTrue(holds("amount > 1000 || (ok == true && c == 'x')"));
        assertTrue(holds("AMOUNT_UNKNOWN == 1 OR amount == 250"), "and/or in any case");
        assertEquals(Set.of("amount", "note", "ret"), CallCondition.parse("amount > 1 and (note == 'x' or ret == true)").names());
    }

    @Test
    void positionsAndReturnNames() {
        assertEquals(0, CallCondition.position("arg0"));
        assertEquals(12, CallCondition.position("arg12"));
        assertEquals(-1, CallCondition.position("args"));
        assertEquals(-1, CallCondition.position("arg"));
        assertTrue(CallCondition.isReturn("ret") && CallCondition.isReturn("return") && !CallCondition.isReturn("result"));
    }

    /** Each bad expression: one message naming the bad token. */
    @Test
    void badExpressionsNameTheBadToken() {
        assertBad("", "empty condition");
        assertBad("   ", "empty condition");
        assertBad("amount >> 100", "'>>' at 8 is not a comparison");
        assertBad("amount = 100", "'=' at 8 is not a comparison");
        assertBad("amount >", "a value is missing after '>'");
        assertBad("amount", "a comparison is missing after 'amount'");
        assertBad("amount 100", "expected a comparison (==, !=, <, <=, >, >=) after 'amount', not '100'");
        assertBad("100 < amount", "'100' at 1 is not an argument");
        assertBad("amount > 100 200", "unexpected '200' at 14");
        assertBad("amount > 100 and", "a comparison is missing at the end");
        assertBad("note == \"rent", "the string at 9 is not closed");
        assertBad("amount > lots", "'lots' at 10 is not a value");
        assertBad("amount > (1)", "expected a value after '>' at 10, not '('");
        assertBad("ok < true", "'<' does not order true");
        assertBad("to > null", "'>' does not order null");
        assertBad("(amount > 1", "'(' at 1 is not closed");
        assertBad("amount > 1)", "unmatched ')' at 11");
        assertBad("amount > 1 ; drop", "unexpected ';' at 12");
        assertBad("amount > 1.2.3", "'1.2.3' at 10 is not a number");
    }

    private static void assertBad(String where, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CallCondition.parse(where), where);
        assertTrue(e.getMessage().startsWith(message), where + ": " + e.getMessage());
        assertTrue(Character.isLowerCase(e.getMessage().charAt(0)) || e.getMessage().charAt(0) == '\'', e.getMessage());
    }
}
