package io.jtrace.compare;

import io.jtrace.model.MethodInfo;

/**
 * A method as two recordings can agree on it: its class, name and descriptor. Ids are handed out
 * per run, in the order classes load, so the same method has different ids in two recordings.
 */
public record MethodKey(String className, String name, String descriptor) {
    public static MethodKey of(MethodInfo m) {
        return new MethodKey(m.className(), m.name(), m.descriptor());
    }

    /** Whether {@code a} of one recording and {@code b} of another are the same method. */
    public static boolean same(MethodInfo a, MethodInfo b) {
        return a == b || (a.name().equals(b.name()) && a.className().equals(b.className())
                && a.descriptor().equals(b.descriptor()));
    }
}
