package exceptions;

/** An exception leaving a synchronized block: javac's monitor-release handler is not a finally. */
final class Locks {
    private Locks() {}

    private static final Object LOCK = new Object();

    static void failWhileLocked() {
        synchronized (LOCK) {
            throw new IllegalStateException("failed while holding the lock");
        }
    }
}
