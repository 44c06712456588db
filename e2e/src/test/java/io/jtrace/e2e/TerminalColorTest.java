package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Colour as a person sees it: 'jtrace print' in a real terminal (tmux), captured with its escape
 * codes (capture-pane -e). On the terminal: colour; piped, or with NO_COLOR set: none; an empty
 * NO_COLOR does not count (no-color.org).
 */
class TerminalColorTest {
    @TempDir
    static Path dir;
    static Path rec;

    private final String socket = "jtrace-color-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    private int commands;

    @BeforeAll
    static void record() {
        Jtrace.Result version = Jtrace.exec(dir, List.of("tmux", "-V"), Map.of());
        assertEquals(0, version.exit(), "these tests drive a terminal through tmux: install it (apt-get install tmux)");
        rec = dir.resolve("counter.jfr");
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), rec, List.of(), "counter.Counter", "3");
        assertEquals(0, run.exit(), run::toString);
    }

    @AfterEach
    void killServer() {
        Jtrace.exec(dir, List.of("tmux", "-L", socket, "kill-server"), Map.of());
    }

    /** Runs {@code shellCommand} in a fresh 200x50 tmux terminal; returns the screen with escape codes. */
    private String onTerminal(String shellCommand) throws Exception {
        killServer();
        // A plain sh with an uncoloured prompt and no NO_COLOR inherited from whoever runs the tests.
        tmux("new-session", "-d", "-x", "200", "-y", "50", "-s", "t", "env -u NO_COLOR TERM=xterm-256color PS1='$ ' sh");
        String done = "__done_" + (++commands) + "__";
        // The marker is split in the typed line, so only the command's own echo matches it.
        tmux("send-keys", "-t", "t", "-l", shellCommand + "; echo \"__done_\"\"" + commands + "__\"");
        tmux("send-keys", "-t", "t", "Enter");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            String screen = tmux("capture-pane", "-p", "-e", "-t", "t", "-S", "-100");
            if (screen.contains(done)) return screen.substring(screen.indexOf('\n') + 1, screen.indexOf(done));
            if (System.nanoTime() > deadline) throw new AssertionError("no " + done + " within a minute:\n" + screen);
            Thread.sleep(100);
        }
    }

    private String tmux(String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of("tmux", "-L", socket, "-f", "/dev/null"));
        cmd.addAll(List.of(args));
        Jtrace.Result r = Jtrace.exec(dir, cmd, Map.of());
        assertEquals(0, r.exit(), () -> String.join(" ", cmd) + ": " + r);
        return r.out();
    }

    private String print() {
        return Jtrace.executable() + " print " + rec + " --thread main";
    }

    @Test
    void colourOnATerminal() throws Exception {
        String screen = onTerminal(print());
        assertTrue(screen.contains("counter.Counter.main"), screen);
        assertTrue(screen.contains("\u001b["), "no colour on a terminal:\n" + screen);
    }

    @Test
    void noColourWhenPiped() throws Exception {
        String screen = onTerminal(print() + " | cat");
        assertTrue(screen.contains("counter.Counter.main"), screen);
        assertFalse(screen.contains("\u001b["), "colour into a pipe:\n" + screen);
    }

    @Test
    void noColourWithNoColor() throws Exception {
        String screen = onTerminal("NO_COLOR=1 " + print());
        assertTrue(screen.contains("counter.Counter.main"), screen);
        assertFalse(screen.contains("\u001b["), "colour with NO_COLOR=1:\n" + screen);
    }

    @Test
    void anEmptyNoColorDoesNotTurnColourOff() throws Exception {
        String screen = onTerminal("NO_COLOR= " + print());
        assertTrue(screen.contains("counter.Counter.main"), screen);
        assertTrue(screen.contains("\u001b["), "NO_COLOR= (empty) turned colour off:\n" + screen);
    }

    @Test
    void colourAlwaysEvenIntoAPipe() throws Exception {
        String screen = onTerminal("NO_COLOR=1 " + print() + " --color always | cat");
        assertTrue(screen.contains("\u001b["), "--color always:\n" + screen);
    }
}
