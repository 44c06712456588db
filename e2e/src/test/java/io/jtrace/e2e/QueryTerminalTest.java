package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SQL prompt of {@code jtrace query} driven in a real terminal (tmux send-keys and
 * capture-pane): a statement over two lines, a table name and a column name completed with Tab, a
 * statement DuckDB refuses (one line, the prompt goes on), help, quit; the history there in the
 * next session.
 */
class QueryTerminalTest {
    @TempDir
    Path dir;

    /**
     * The tmux server's socket: a new one for each session, since a server asked to exit may still
     * be going when the next session starts on its socket ("server exited unexpectedly").
     */
    private String socket;
    private final List<String> sockets = new ArrayList<>();

    @AfterEach
    void killServer() {
        for (String s : sockets) Jtrace.exec(dir, List.of("tmux", "-L", s, "kill-server"), Map.of());
    }

    private String tmux(String... args) {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket, "-f", "/dev/null"));
        cmd.addAll(List.of(args));
        Jtrace.Result r = Jtrace.exec(dir, cmd, Map.of());
        assertEquals(0, r.exit(), () -> String.join(" ", cmd) + ": " + r);
        return r.out();
    }

    private void open(Path recording) {
        socket = "jtrace-query-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        sockets.add(socket);
        tmux("new-session", "-d", "-x", "160", "-y", "50", "-s", "t",
                "env -u NO_COLOR TERM=xterm-256color HOME=" + dir + " " + Jtrace.executable() + " query " + recording
                        + "; echo \"query exited with $?\"; sleep 600");
    }

    private void type(String keys) {
        tmux("send-keys", "-t", "t", "-l", keys);
    }

    private void press(String... keys) {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", "t"));
        args.addAll(List.of(keys));
        tmux(args.toArray(new String[0]));
    }

    /** Ends a statement: ';' sent by its code (tmux takes a ';' ending an argument as its own command separator). */
    private void semicolonAndEnter() {
        tmux("send-keys", "-t", "t", "-H", "3b");
        press("Enter");
    }

    private String screen() {
        return tmux("capture-pane", "-p", "-t", "t", "-S", "-2000");
    }

    /** Waits until the screen shows {@code text} {@code times} times (at most 60 s); returns the screen. */
    private String waitFor(String text, int times) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            String s = screen();
            if (count(s, text) >= times) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("no '" + text + "' x" + times + " on the screen within a minute:\n" + s);
            Thread.sleep(50);
        }
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }

    @Test
    void aSessionAtThePrompt() throws Exception {
        Jtrace.Result version = Jtrace.exec(dir, List.of("tmux", "-V"), Map.of());
        assertEquals(0, version.exit(), "this test drives a terminal through tmux: install it (apt-get install tmux)");
        Path bank = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), bank, List.of(), "bank.Main", "2", "10");
        assertEquals(0, run.exit(), run::toString);
        Jtrace.Result expected = Jtrace.jtrace(dir, "query", bank.toString(),
                "SELECT method, count(*) AS n FROM calls WHERE class = 'bank.Account' GROUP BY method ORDER BY method");

        open(bank);
        waitFor("sql>", 1); // capture-pane drops the spaces that end a line
        // a statement over two lines; a column and a table completed with Tab
        type("SELECT method, count(*) AS n FROM calls");
        press("Enter");
        waitFor("...>", 1);
        type("WHERE cla");
        press("Tab");
        waitFor("WHERE class", 1);
        type(" = 'bank.Account' GROUP BY method ORDER BY method");
        semicolonAndEnter();
        String s = waitFor("sql>", 2);
        for (String line : expected.outLines()) assertTrue(s.contains(line.stripTrailing()), "'" + line + "' missing:\n" + s);

        type("SELECT count(*) AS vars FROM variab");
        press("Tab");
        waitFor("FROM variables", 1);
        semicolonAndEnter();
        s = waitFor("sql>", 3);
        assertTrue(s.contains("vars\n----\n   0\n(1 row)"), s);

        type("SELECT nosuch FROM calls");
        semicolonAndEnter();
        s = waitFor("sql>", 4);
        assertTrue(s.contains("Binder Error: Referenced column \"nosuch\" not found"), s);

        type("help");
        press("Enter");
        s = waitFor("sql>", 5);
        assertTrue(s.contains("calls(recording, thread, thread_id, call_id, parent_id, depth, class, method"), s);

        type("quit");
        press("Enter");
        waitFor("query exited with 0", 1);

        Path history = dir.resolve(".jtrace/sql-history");
        assertTrue(Files.readString(history).contains("SELECT nosuch FROM calls;"), Files.readString(history));
        tmux("kill-server");
        open(bank);
        waitFor("sql>", 1);
        press("Up");
        waitFor("sql> quit", 1);
        press("Up");
        waitFor("sql> help", 1);
        press("C-c");
        waitFor("sql>", 2); // the line is gone, a new prompt
        press("C-d");
        waitFor("query exited with 0", 1);
    }
}
