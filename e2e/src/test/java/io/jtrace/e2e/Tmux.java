package io.jtrace.e2e;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A real terminal for a shell under test: a tmux session (160x50, its own server socket) that
 * keys are sent to and whose screen is read, as a person would type and look. Close it to stop
 * the server.
 */
final class Tmux implements AutoCloseable {
    private final Path dir;
    /** A new server per session: a server asked to exit may still be going when the next starts on its socket. */
    private final String socket = "jtrace-tmux-" + ProcessHandle.current().pid() + "-" + System.nanoTime();

    /** Runs {@code command} (a shell command line) in a new session; after it ends the pane says "shell exited with N". */
    Tmux(Path dir, String command) {
        this.dir = dir;
        Jtrace.Result version = Jtrace.exec(dir, List.of("tmux", "-V"), Map.of());
        assertEquals(0, version.exit(), "these tests drive a terminal through tmux: install it (apt-get install tmux)");
        tmux("new-session", "-d", "-x", "160", "-y", "50", "-s", "t",
                "env -u NO_COLOR TERM=xterm-256color HOME=" + dir + " " + command + "; echo \"shell exited with $?\"; sleep 600");
    }

    private String tmux(String... args) {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket, "-f", "/dev/null"));
        cmd.addAll(List.of(args));
        Jtrace.Result r = Jtrace.exec(dir, cmd, Map.of());
        assertEquals(0, r.exit(), () -> String.join(" ", cmd) + ": " + r);
        return r.out();
    }

    void type(String keys) {
        tmux("send-keys", "-t", "t", "-l", keys);
    }

    void press(String... keys) {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", "t"));
        args.addAll(List.of(keys));
        tmux(args.toArray(new String[0]));
    }

    /** The screen and its scroll-back. */
    String screen() {
        return tmux("capture-pane", "-p", "-t", "t", "-S", "-2000");
    }

    /** Waits until the screen shows {@code text} (at most 60 s); returns the screen. */
    String waitFor(String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            String s = screen();
            if (s.contains(text)) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("no '" + text + "' on the screen within a minute:\n" + s);
            Thread.sleep(50);
        }
    }

    /**
     * Types {@code line} and Enter, waits for a new prompt (ending in {@code ]>}) as the screen's
     * last line, and returns what appeared after the line typed: the command's output and that prompt.
     */
    String command(String line) throws InterruptedException {
        String before = screen();
        int prompts = count(before, "]>");
        type(line);
        press("Enter");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            String s = screen();
            if (count(s, "]>") > prompts && lastLine(s).endsWith("]>")) {
                int typed = s.lastIndexOf("]> " + line);
                return typed < 0 ? s : s.substring(s.indexOf('\n', typed) + 1);
            }
            if (System.nanoTime() > deadline) throw new AssertionError("no prompt after '" + line + "':\n" + s);
            Thread.sleep(50);
        }
    }

    static String lastLine(String screen) {
        List<String> lines = screen.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1).stripTrailing();
    }

    static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }

    @Override
    public void close() {
        Jtrace.exec(dir, List.of("tmux", "-L", socket, "kill-server"), Map.of());
    }
}
