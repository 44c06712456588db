package io.jtrace.cli;

import io.jtrace.format.Ansi;
import picocli.CommandLine.Option;

/** {@code --color} for every command that writes text for a person to read. */
final class ColorOption {
    @Option(names = "--color", paramLabel = "WHEN", defaultValue = "auto",
            description = "Colour: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}; a non-empty NO_COLOR turns auto off).")
    JtraceCommand.ColorMode color;

    Ansi ansi() {
        return JtraceCommand.ansi(color);
    }
}
