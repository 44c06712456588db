package io.jtrace.read;

import io.jtrace.model.MethodInfo;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SymbolTableTest {

    private static MethodInfo method(int id) {
        return new MethodInfo(id, "a.B", "m" + id, "()V", "B.java", 1, 0);
    }

    @Test
    void denseIdsAreFoundThroughTheArray() {
        SymbolTable symbols = new SymbolTable();
        for (int id = 1; id <= 1000; id++) symbols.addMethod(method(id));
        assertTrue(symbols.methodsById().length > 1000);
        assertEquals("m537", symbols.method(537).name());
    }

    /** An id first kept in the map (far beyond the few known then) stays found once the array grew past it. */
    @Test
    void anIdKeptInTheMapIsFoundAfterTheArrayGrewPastIt() {
        SymbolTable symbols = new SymbolTable();
        MethodInfo early = method(70_000);
        symbols.addMethod(early);
        for (int id = 1; id < 3000; id++) symbols.addMethod(method(id));
        symbols.addMethod(method(75_000));
        assertTrue(symbols.methodsById().length > 75_000);
        assertSame(early, symbols.methodsById()[70_000]);
        assertSame(early, symbols.method(70_000));
        assertSame(early, symbols.definedOrUnknown(70_000));
    }

    /** A damaged record (fuzz: one flipped byte) once asked for an array of 2^31 methods. */
    @Test
    void aHugeIdFromADamagedRecordIsKeptOutOfTheDenseArray() {
        SymbolTable symbols = new SymbolTable();
        symbols.addMethod(method(1));
        MethodInfo far = method(Integer.MAX_VALUE - 3);
        symbols.addMethod(far);
        assertTrue(symbols.methodsById().length < 1 << 20, "dense array stays small");
        assertSame(far, symbols.method(Integer.MAX_VALUE - 3));
        assertSame(far, symbols.definedOrUnknown(Integer.MAX_VALUE - 3));
        MethodInfo missing = symbols.method(2_000_000_000);
        assertEquals("method#2000000000", missing.name());
        assertSame(missing, symbols.method(2_000_000_000), "one stand-in per missing id");
        assertTrue(symbols.methodsById().length < 1 << 20);
    }
}
