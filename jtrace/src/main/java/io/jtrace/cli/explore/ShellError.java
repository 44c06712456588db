package io.jtrace.cli.explore;

/** A command could not do what was asked: one line, printed as {@code <command>: <message>}. */
final class ShellError extends RuntimeException {
    ShellError(String message) {
        super(message, null, false, false);
    }
}
