package io.jtrace.replay;

import java.util.concurrent.CancellationException;
import java.util.function.Supplier;

/**
 * A way to stop a replay from another thread (Ctrl-C in the explore shell): replays running
 * {@link #run within} a cancellation check it before each batch and stop with a
 * {@link CancellationException}. Not a thread interrupt: an interrupt during a read would close
 * the recording's file channel for every later read.
 */
public final class Cancellation {
    private static final ThreadLocal<Cancellation> CURRENT = new ThreadLocal<>();
    private volatile boolean cancelled;

    public void cancel() {
        cancelled = true;
    }

    public boolean cancelled() {
        return cancelled;
    }

    /** Runs {@code task} on this thread with this cancellation in force. */
    public <T> T run(Supplier<T> task) {
        Cancellation outer = CURRENT.get();
        CURRENT.set(this);
        try {
            return task.get();
        } finally {
            CURRENT.set(outer);
        }
    }

    /** The cancellation in force on this thread, or null. */
    static Cancellation current() {
        return CURRENT.get();
    }

    /** Stops the calling replay if its cancellation was cancelled. */
    public static void check() {
        Cancellation c = CURRENT.get();
        if (c != null && c.cancelled) throw new CancellationException("cancelled");
    }
}
