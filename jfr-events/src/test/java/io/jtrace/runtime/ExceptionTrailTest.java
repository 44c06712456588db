package io.jtrace.runtime;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExceptionTrailTest {
    @Test
    void findsByReferenceNotByEquality() {
        ExceptionTrail trail = new ExceptionTrail();
        RuntimeException a = new RuntimeException("same") {
            @Override
            public boolean equals(Object o) {
                return true; // application code the trail must not rely on
            }
        };
        RuntimeException b = new RuntimeException("same");
        int slot = trail.add(a, ExceptionTrail.THROWN, 3, true);
        assertEquals(slot, trail.find(a));
        assertEquals(-1, trail.find(b));
        assertTrue(trail.recorded(slot));
    }

    @Test
    void forgetsExceptionsOfFramesThatAreGone() {
        ExceptionTrail trail = new ExceptionTrail();
        Throwable caughtInCaller = new Error();
        Throwable inCallee = new Error();
        trail.add(caughtInCaller, ExceptionTrail.CAUGHT, 2, true);
        trail.add(inCallee, ExceptionTrail.THROWN, 4, true);
        trail.dropAbove(3);
        assertEquals(-1, trail.find(inCallee));
        assertTrue(trail.find(caughtInCaller) >= 0);
        trail.dropAbove(1);
        assertEquals(0, trail.count);
    }

    @Test
    void keepsTheMostRecentWhenFull() {
        ExceptionTrail trail = new ExceptionTrail();
        Throwable[] all = new Throwable[ExceptionTrail.SIZE + 2];
        for (int i = 0; i < all.length; i++) {
            all[i] = new Error();
            trail.add(all[i], ExceptionTrail.THROWN, 1, false);
        }
        assertEquals(ExceptionTrail.SIZE, trail.count);
        assertEquals(-1, trail.find(all[0]));
        assertEquals(-1, trail.find(all[1]));
        for (int i = 2; i < all.length; i++) assertTrue(trail.find(all[i]) >= 0);
        assertFalse(trail.recorded(trail.find(all[2])));
    }
}
