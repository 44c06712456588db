package io.jtrace.cli;

import io.jtrace.cli.JtraceCommand.ColorMode;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When text is coloured (the terminal case itself is driven through tmux in the e2e tests). */
class ColorTest {
    @Test
    void autoColoursOnlyATerminalWithoutNoColor() {
        assertTrue(JtraceCommand.colorOn(ColorMode.auto, true, Map.of()));
        assertFalse(JtraceCommand.colorOn(ColorMode.auto, false, Map.of()), "piped");
        assertFalse(JtraceCommand.colorOn(ColorMode.auto, true, Map.of("NO_COLOR", "1")));
        assertFalse(JtraceCommand.colorOn(ColorMode.auto, true, Map.of("NO_COLOR", "0")), "any non-empty value");
        assertFalse(JtraceCommand.colorOn(ColorMode.auto, true, Map.of("TERM", "dumb")));
    }

    @Test
    void anEmptyNoColorDoesNotCount() {
        // no-color.org: "when present and not an empty string"
        assertTrue(JtraceCommand.colorOn(ColorMode.auto, true, Map.of("NO_COLOR", "")));
    }

    @Test
    void alwaysAndNeverWin() {
        assertTrue(JtraceCommand.colorOn(ColorMode.always, false, Map.of("NO_COLOR", "1")));
        assertFalse(JtraceCommand.colorOn(ColorMode.never, true, Map.of()));
    }
}
