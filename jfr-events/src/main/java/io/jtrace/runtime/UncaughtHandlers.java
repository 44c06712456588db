package io.jtrace.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Which handler the JDK hands a dying thread's exception to, found the way
 * {@code Thread.dispatchUncaughtException} and {@code ThreadGroup.uncaughtException} find it,
 * without running application code: the thread's own handler (read from Thread's private field,
 * not through {@code getUncaughtExceptionHandler()}, which a Thread subclass may override); else
 * the first thread group, from the thread's own up to the root, whose class overrides
 * {@code uncaughtException}; else the default handler; else {@code java.lang.ThreadGroup}, the
 * JDK's own "Exception in thread ..." message.
 */
final class UncaughtHandlers {
    private UncaughtHandlers() {}

    private static final VarHandle OWN = ownHandlerField();

    private static VarHandle ownHandlerField() {
        try {
            return MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup())
                    .findVarHandle(Thread.class, "uncaughtExceptionHandler", Thread.UncaughtExceptionHandler.class);
        } catch (Throwable e) {
            return null; // java.lang not opened to us: the handler is not named
        }
    }

    /** The class name of the handler that will handle {@code thread}'s uncaught exception; null if unknown. */
    static String of(Thread thread) {
        if (OWN == null) return null;
        Object own = OWN.getVolatile(thread);
        if (own != null) return name(own.getClass());
        for (ThreadGroup g = thread.getThreadGroup(); g != null; g = g.getParent()) {
            if (overridesUncaughtException(g.getClass())) return name(g.getClass());
        }
        Thread.UncaughtExceptionHandler d = Thread.getDefaultUncaughtExceptionHandler();
        return name(d != null ? d.getClass() : ThreadGroup.class);
    }

    private static boolean overridesUncaughtException(Class<?> c) {
        for (; c != null && c != ThreadGroup.class; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod("uncaughtException", Thread.class, Throwable.class);
                return true;
            } catch (NoSuchMethodException e) {
                // look at its superclass
            }
        }
        return false;
    }

    /**
     * A lambda's hidden class ({@code app.Main$$Lambda$14/0x0000000800c03000} on JDK 17,
     * {@code app.Main$$Lambda/0x...} on 21+) is named by its stable part, {@code app.Main$$Lambda}.
     */
    static String name(Class<?> c) {
        String n = c.getName();
        int lambda = n.indexOf("$$Lambda");
        return lambda < 0 ? n : n.substring(0, lambda + "$$Lambda".length());
    }
}
