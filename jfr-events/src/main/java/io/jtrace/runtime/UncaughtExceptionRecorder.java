package io.jtrace.runtime;

/**
 * The default uncaught exception handler while tracing: records that the thread dies of the
 * exception, then does exactly what would have happened without it: the previous default
 * handler runs, or, if there was none, the JDK's own message ({@code ThreadGroup.uncaughtException}).
 *
 * <p>Limits: a thread with its own handler ({@code Thread.setUncaughtExceptionHandler}), or an
 * application that later replaces the default handler, bypasses this one; such deaths show as an
 * exception that left the thread's outermost traced frame.
 */
final class UncaughtExceptionRecorder implements Thread.UncaughtExceptionHandler {
    private final Thread.UncaughtExceptionHandler previous;

    private UncaughtExceptionRecorder(Thread.UncaughtExceptionHandler previous) {
        this.previous = previous;
    }

    static void install() {
        Thread.UncaughtExceptionHandler current = Thread.getDefaultUncaughtExceptionHandler();
        if (current instanceof UncaughtExceptionRecorder) return;
        Thread.setDefaultUncaughtExceptionHandler(new UncaughtExceptionRecorder(current));
    }

    @Override
    public void uncaughtException(Thread thread, Throwable e) {
        // Someone may call a default handler for another thread (a pool reporting a worker's failure):
        // only the dying thread itself knows its stack, so only then is it recorded.
        if (thread == Thread.currentThread()) Tracer.uncaught(e);
        if (previous != null) {
            previous.uncaughtException(thread, e);
        } else if (!(isThreadDeath(e) && Runtime.version().feature() < 20)) {
            // ThreadGroup.uncaughtException with no default handler (JDK 20+ no longer skips ThreadDeath)
            System.err.print("Exception in thread \"" + thread.getName() + "\" ");
            e.printStackTrace(System.err);
        }
    }

    private static boolean isThreadDeath(Throwable e) {
        for (Class<?> c = e.getClass(); c != null; c = c.getSuperclass()) {
            if (c.getName().equals("java.lang.ThreadDeath")) return true;
        }
        return false;
    }
}
