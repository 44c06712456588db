package io.jtrace.compare;

import io.jtrace.model.MethodInfo;

/**
 * A method as two recordings can agree on it: its class, name and descriptor. Ids are handed out
 * per run, in the order classes load, so the same method has different ids in two recordings.
 */
public record MethodKey(String className, String name, String descriptor) {
    // equals and hashCode written out, as the record's own (see ThreadInfo): a key of every diff
    @Override
    public boolean equals(Object o) {
        return o instanceof MethodKey k && java.util.Objects.equals(className, k.className)
                && java.util.Objects.equals(name, k.name) && java.util.Objects.equals(descriptor, k.descriptor);
    }

    @Override
    public int hashCode() {
        int h = java.util.Objects.hashCode(className);
        h = 31 * h + java.util.Objects.hashCode(name);
        return 31 * h + java.util.Objects.hashCode(descriptor);
    }

    public static MethodKey of(MethodInfo m) {
        return new MethodKey(m.className(), m.name(), m.descriptor());
    }

    /** Whether {@code a} of one recording and {@code b} of another are the same method. */
    public static boolean same(MethodInfo a, MethodInfo b) {
        return a == b || (a.name().equals(b.name()) && a.className().equals(b.className())
                && a.descriptor().equals(b.descriptor()));
    }
}
