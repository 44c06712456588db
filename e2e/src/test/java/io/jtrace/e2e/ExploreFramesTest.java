package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Frame selection in {@code jtrace explore} without moving in time: at the deepest of four
 * recursive calls of {@code vars.TwoOwners.nest}, {@code up/down/frame} choose a frame and
 * {@code locals}, {@code args}, {@code ret} and {@code where} answer for it (each frame has its own
 * {@code depth} and {@code level}, which the program sets to depth * 10); a move selects the
 * cursor's own frame again.
 */
class ExploreFramesTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void framesAreChosenWithoutMovingInTime(Jdk jdk) {
        Path rec = dir.resolve("two.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of("--vars", "vars.TwoOwners*"), "vars.TwoOwners").exit());
        Jtrace.Result r = Jtrace.jtrace(dir, "explore", rec.toString(), "--no-times", "-c",
                "find call TwoOwners.nest > /dev/null; find read level --by-name > /dev/null; up; locals; args; ret; up 2; where | grep '=>';"
                + " locals | grep level; frame 2; locals | grep level; down; down; down; step > /dev/null; locals | grep level; where | grep '=>';"
                + " frame d9; up 9");
        List<String> out = r.outLines().stream().map(l -> l.replaceAll(" +#\\d+", " #N")).toList();
        assertEquals(List.of(
                "=>  d3  vars.TwoOwners.nest(int)  (TwoOwners.java:30)",
                "  depth = 1  (param int, line 31), read",
                "  level = 10  (local int, line 30), written",
                "  depth = 1  (param int, line 30), its first value in this call",
                " #N        < vars.TwoOwners.nest(int)",
                "=>  d1  vars.TwoOwners.nest(int)  (TwoOwners.java:30)",
                "=> #N            r level = 0  (local int, line 32)", // where: the cursor has not moved
                "=>  d1  vars.TwoOwners.nest(int)  (TwoOwners.java:30)",
                "  level = 30  (local int, line 30), written",
                "=>  d2  vars.TwoOwners.nest(int)  (TwoOwners.java:30)",
                "  level = 20  (local int, line 30), written",
                "=>  d3  vars.TwoOwners.nest(int)  (TwoOwners.java:30)",
                "=>  d4  vars.TwoOwners.nest(int)  (TwoOwners.java:30)",
                "  level = 0  (local int, line 32), read", // stepped: the cursor's own frame again
                "=> #N          < vars.TwoOwners.nest(int)"), out, r::toString); // and where marks no other frame
        assertEquals(List.of(
                "jtrace explore: down: the cursor's own frame (d4) is the innermost",
                "jtrace explore: frame: no frame d9: the stack at the cursor has d0 to d4",
                "jtrace explore: up: no traced caller: d0 is the outermost frame"), r.err().lines().toList(), r::toString);

        // numbers too large for a long: one line each, no internal error
        Jtrace.Result big = Jtrace.jtrace(dir, "explore", rec.toString(), "--no-times", "-c",
                "goto 9999999999999999999999; goto +99999999999999999999; goto -99999999999999999999; exc 99999999999999999999; step 99999999999999999999");
        List<String> errors = big.err().lines().toList();
        assertEquals(5, errors.size(), big::toString);
        for (int i = 0; i < 3; i++) assertEquals(true, errors.get(i).startsWith("jtrace explore: goto: no event there: thread main has events #1 to #"), big::toString);
        assertEquals("jtrace explore: exc: exc takes an exception number, e.g. exc 3", errors.get(3));
        assertEquals("jtrace explore: step: step takes a count, e.g. step 5, not '99999999999999999999'", errors.get(4));
    }
}
