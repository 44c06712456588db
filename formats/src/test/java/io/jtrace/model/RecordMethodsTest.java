package io.jtrace.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The records whose equals and hashCode are written out (to spare every command the generated
 * ones' start-up) behave as the generated ones would: the same equality and the same hash as a
 * record of the same components, so maps keyed by them iterate, and commands print, as before.
 */
class RecordMethodsTest {
    record SameAsThreadInfo(long id, String name, boolean virtual, int ordinal) {}

    record SameAsMethodKey(String className, String name, String descriptor) {}

    record SameAsMethodInfo(int id, String className, String name, String descriptor, String sourceFile, int line, int modifiers) {}

    @Test
    void threadInfo() {
        for (ThreadInfo t : new ThreadInfo[] {new ThreadInfo(1, "main", false, 0), new ThreadInfo(-7L << 40, null, true, 3),
            new ThreadInfo(42, "", false, -1)}) {
            assertEquals(new SameAsThreadInfo(t.id(), t.name(), t.virtual(), t.ordinal()).hashCode(), t.hashCode(), t::toString);
            assertEquals(t, new ThreadInfo(t.id(), t.name(), t.virtual(), t.ordinal()));
            assertNotEquals(t, new ThreadInfo(t.id(), t.name(), t.virtual(), t.ordinal() + 1));
            assertNotEquals(t, new ThreadInfo(t.id(), "other", t.virtual(), t.ordinal()));
            assertNotEquals(t, new ThreadInfo(t.id(), t.name(), !t.virtual(), t.ordinal()));
            assertNotEquals(t, new ThreadInfo(t.id() + 1, t.name(), t.virtual(), t.ordinal()));
        }
    }

    @Test
    void methodInfo() {
        for (MethodInfo m : new MethodInfo[] {new MethodInfo(1, "a.B", "m", "()V", "B.java", 12, 9), MethodInfo.unknown(77),
            new MethodInfo(-3, null, null, null, null, -1, 0)}) {
            assertEquals(new SameAsMethodInfo(m.id(), m.className(), m.name(), m.descriptor(), m.sourceFile(), m.line(), m.modifiers()).hashCode(),
                    m.hashCode(), m::toString);
            assertEquals(m, new MethodInfo(m.id(), m.className(), m.name(), m.descriptor(), m.sourceFile(), m.line(), m.modifiers()));
            assertNotEquals(m, new MethodInfo(m.id(), m.className(), m.name(), m.descriptor(), "Other.java", m.line(), m.modifiers()));
            assertNotEquals(m, new MethodInfo(m.id(), m.className(), m.name(), "(I)V", m.sourceFile(), m.line(), m.modifiers()));
            assertNotEquals(m, new MethodInfo(m.id(), m.className(), m.name(), m.descriptor(), m.sourceFile(), m.line() + 1, m.modifiers()));
            assertNotEquals(m, new MethodInfo(m.id(), m.className(), m.name(), m.descriptor(), m.sourceFile(), m.line(), m.modifiers() + 1));
            assertNotEquals(m, new MethodInfo(m.id() + 1, m.className(), m.name(), m.descriptor(), m.sourceFile(), m.line(), m.modifiers()));
            assertNotEquals(m, new MethodInfo(m.id(), "x.Y", m.name(), m.descriptor(), m.sourceFile(), m.line(), m.modifiers()));
            assertNotEquals(m, new MethodInfo(m.id(), m.className(), "n", m.descriptor(), m.sourceFile(), m.line(), m.modifiers()));
        }
    }

    @Test
    void methodKey() {
        for (io.jtrace.compare.MethodKey k : new io.jtrace.compare.MethodKey[] {new io.jtrace.compare.MethodKey("a.B", "m", "()V"),
            new io.jtrace.compare.MethodKey(null, null, null)}) {
            assertEquals(new SameAsMethodKey(k.className(), k.name(), k.descriptor()).hashCode(), k.hashCode(), k::toString);
            assertEquals(k, new io.jtrace.compare.MethodKey(k.className(), k.name(), k.descriptor()));
            assertNotEquals(k, new io.jtrace.compare.MethodKey("x.Y", k.name(), k.descriptor()));
            assertNotEquals(k, new io.jtrace.compare.MethodKey(k.className(), "n", k.descriptor()));
            assertNotEquals(k, new io.jtrace.compare.MethodKey(k.className(), k.name(), "(I)V"));
        }
    }
}
