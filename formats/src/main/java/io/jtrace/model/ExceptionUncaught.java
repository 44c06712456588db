package io.jtrace.model;

/**
 * Nothing in its thread caught the exception: it ended the thread (or a ForkJoinPool task), and
 * the JDK handed it to the thread's uncaught exception handler,
 * of class {@code handler} (the thread's own, its group's, the default one, or
 * {@code java.lang.ThreadGroup} when there is none; null if the recording does not say).
 */
public record ExceptionUncaught(ThreadInfo thread, long nanos, int depth, ExceptionRef exception, String handler)
        implements ExceptionEvent {
    @Override
    public ExceptionUncaught atDepth(int d) {
        return new ExceptionUncaught(thread, nanos, d, exception, handler);
    }

    /** {@code handled by com.acme.Pool$Handler}, {@code handled by no handler (the JDK prints it)}; empty if unknown. */
    public static String handledBy(String handler) {
        if (handler == null) return "";
        return ", handled by " + (handler.equals("java.lang.ThreadGroup") ? "no handler (the JDK prints it)" : handler);
    }
}
