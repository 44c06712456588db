package io.jtrace.cli;

import io.jtrace.format.Ansi;
import picocli.CommandLine.Option;

/** {@code --color} for every command that writes text for a person to read. */
final class ColorOption {
    @Option(names = "--color", paramLabel = "WHEN", defaultValue = "auto",
            description = "Colour: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}; a non-empty NO_COLOR turns auto off).")
    JtraceCommand.ColorMode color;

    /** The session's colour, where --color was not given (the scope's colour is null if it was). */
    void add(ReportOptions.SessionScope scope) {
        if (scope.colour() != null) color = scope.colour() ? JtraceCommand.ColorMode.always : JtraceCommand.ColorMode.never;
    }

    Ansi ansi() {
        return JtraceCommand.ansi(color);
    }
}
