package io.jtrace.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.IOException;

/** {@code jtrace exceptions FILE}: every exception's whole journey, or a summary. */
@Command(name = "exceptions", mixinStandardHelpOptions = true,
        description = {"Report every exception's journey, in the order they were thrown.",
            "Where it was thrown (or raised by the JVM, or came out of untraced code), each frame it unwound and finally block it ran, and how it ended: caught (where, as what), uncaught (the thread died), wrapped into a new exception (#n), suppressed, or left the traced code."})
final class ExceptionsCommand extends RecordingCommand {
    @Mixin
    ExceptionsOptions report;

    @Override
    public Integer call() throws IOException {
        return runReport(report);
    }
}
