package io.jtrace.cli;

/**
 * A problem with what the user gave us (a file, an option, a command): reported as one line,
 * {@code jtrace <cmd>: <message>}, with exit code 2 and no stack trace.
 */
public final class UserException extends RuntimeException {
    private final int exitCode;

    public UserException(String message) {
        this(message, 2);
    }

    public UserException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
