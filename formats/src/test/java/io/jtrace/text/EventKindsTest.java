package io.jtrace.text;

import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionSuppressed;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.ExitKind;
import io.jtrace.model.FinallyEntered;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.ThrowKind;
import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableInfo;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The kind names of the exports are a documented schema: each is spelled out, not derived from a class name. */
class EventKindsTest {
    private static final ThreadInfo T = new ThreadInfo(1, "main", false, 0);
    private static final MethodInfo M = MethodInfo.unknown(1);

    @Test
    void everyKindHasItsDocumentedName() {
        assertEquals("enter", EventKinds.name(new MethodEnter(T, 0, 0, M)));
        assertEquals("exit", EventKinds.name(new MethodExit(T, 0, 0, M, 1, ExitKind.RETURN, null)));
        assertEquals("call", EventKinds.name(new MethodCall(T, 0, 0, M, 1, ExitKind.RETURN, null)));
        assertEquals("lost", EventKinds.name(new RecordsLost(T, 0, 0, 1)));
        assertEquals("exception-thrown", EventKinds.name(new ExceptionThrown(T, 0, 0, null, null, 0, ThrowKind.THROWN, null, null)));
        assertEquals("exception-caught", EventKinds.name(new ExceptionCaught(T, 0, 0, null, null, null)));
        assertEquals("finally-entered", EventKinds.name(new FinallyEntered(T, 0, 0, null, null, false)));
        assertEquals("exception-suppressed", EventKinds.name(new ExceptionSuppressed(T, 0, 0, null, null, null)));
        assertEquals("exception-uncaught", EventKinds.name(new ExceptionUncaught(T, 0, 0, null, null)));
        assertEquals("variable-access", EventKinds.name(new VariableAccess(T, 0, 0, M, VariableInfo.unknown(1), 0, 0, -1, Value.NULL)));
        assertEquals("line-executed", EventKinds.name(new LineExecuted(T, 0, 0, M, 3)));
    }
}
