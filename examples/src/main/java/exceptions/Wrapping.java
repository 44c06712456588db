package exceptions;

/** Catch and rethrow the same exception; catch and wrap it in a new one with the old as cause. */
final class Wrapping {
    private Wrapping() {}

    static final class WrappedException extends Exception {
        WrappedException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static void rethrow() {
        try {
            fail("rethrow me");
        } catch (IllegalStateException e) {
            throw e;
        }
    }

    static void wrap() throws WrappedException {
        try {
            fail("wrap me");
        } catch (IllegalStateException e) {
            throw new WrappedException("wrapped failure", e);
        }
    }

    static void fail(String message) {
        throw new IllegalStateException(message);
    }
}
