package io.jtrace.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;

/**
 * Reads what a record says about an exception without running application code.
 *
 * <p>{@code getMessage()}, {@code getCause()} and {@code getStackTrace()} are not final: an
 * application's exception may override them, and the tracer must never call application code.
 * So for an exception whose class is the JDK's own we call those methods (JDK code; this is also
 * how helpful NullPointerException messages and InvocationTargetException causes are found),
 * and for any other class we read Throwable's private fields {@code detailMessage} and
 * {@code cause} and call its private {@code getOurStackTrace()}: the agent opens
 * {@code java.lang} to the runtime for that. If it could not, such exceptions are recorded
 * without message, cause or site.
 */
final class ExceptionFields {
    private ExceptionFields() {}

    private static final MethodHandles.Lookup THROWABLE = privateLookup();
    private static final VarHandle MESSAGE = field("detailMessage", String.class);
    private static final VarHandle CAUSE = field("cause", Throwable.class);
    private static final MethodHandle STACK = stackTraceHandle();
    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

    private static MethodHandles.Lookup privateLookup() {
        try {
            return MethodHandles.privateLookupIn(Throwable.class, MethodHandles.lookup());
        } catch (Throwable e) {
            return null; // java.lang not opened to us: JDK exceptions only
        }
    }

    private static VarHandle field(String name, Class<?> type) {
        try {
            return THROWABLE == null ? null : THROWABLE.findVarHandle(Throwable.class, name, type);
        } catch (Throwable e) {
            return null;
        }
    }

    private static MethodHandle stackTraceHandle() {
        try {
            return THROWABLE == null ? null : THROWABLE.findVirtual(Throwable.class, "getOurStackTrace",
                    MethodType.methodType(StackTraceElement[].class));
        } catch (Throwable e) {
            return null;
        }
    }

    /** True if the private fields can be read (java.lang was opened to the runtime). */
    static boolean deepAccess() {
        return MESSAGE != null && CAUSE != null && STACK != null;
    }

    static boolean isJdkClass(Class<?> c) {
        ClassLoader l = c.getClassLoader();
        return l == null || l == PLATFORM;
    }

    static String message(Throwable t) {
        if (isJdkClass(t.getClass())) return t.getMessage();
        return fieldMessage(t);
    }

    private static String fieldMessage(Throwable t) {
        return MESSAGE == null ? null : (String) MESSAGE.get(t);
    }

    static Throwable cause(Throwable t) {
        if (isJdkClass(t.getClass())) return t.getCause();
        return fieldCause(t);
    }

    private static Throwable fieldCause(Throwable t) {
        if (CAUSE == null) return null;
        Throwable c = (Throwable) CAUSE.get(t);
        return c == t ? null : c; // 'cause == this' means not initialized
    }

    /**
     * Links the handles' call sites now, while the stack is shallow: the first call links an
     * invoker, and doing that deep inside a program's StackOverflowError fails (and loads
     * classes there, which the JDK's instrument library reports as assertion failures).
     */
    static void prepare() throws Throwable {
        RuntimeException probe = new RuntimeException("probe", new IllegalStateException());
        message(probe);
        fieldMessage(probe);
        cause(probe);
        fieldCause(probe);
        stackTrace(probe);
    }

    /** The exception's stack trace, not copied; null if unknown. Never modify it. */
    static StackTraceElement[] stackTrace(Throwable t) throws Throwable {
        if (STACK != null) return (StackTraceElement[]) STACK.invokeExact(t);
        return isJdkClass(t.getClass()) ? t.getStackTrace() : null;
    }
}
