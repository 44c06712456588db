package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The explore shell driven as a person drives it, in a real terminal (tmux send-keys and
 * capture-pane): the bank's recording opened, threads listed, one picked, a method name completed
 * with Tab, a transfer stepped into and finished, the stack, the refused transfer's exception
 * followed to its catch, Ctrl-C on a long search and at the prompt, quit; the history there in
 * the next shell.
 */
class ExploreTerminalTest {
    @TempDir
    static Path dir;
    static Path bank;
    static Path big;

    /**
     * The tmux server's socket: a new one for each session, since a server asked to exit may still
     * be going when the next session starts on its socket ("server exited unexpectedly").
     */
    private String socket;
    private final List<String> sockets = new ArrayList<>();

    @BeforeAll
    static void record() {
        Jtrace.Result version = Jtrace.exec(dir, List.of("tmux", "-V"), Map.of());
        assertEquals(0, version.exit(), "these tests drive a terminal through tmux: install it (apt-get install tmux)");
        bank = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), bank, List.of(), "bank.Main");
        assertEquals(0, run.exit(), run::toString);
        big = dir.resolve("counter.jfr");
        Jtrace.Result counter = Jtrace.trace(dir, Jdk.current(), big, List.of(), "counter.Counter", "1000000", "30");
        assertEquals(0, counter.exit(), counter::toString);
    }

    @AfterEach
    void killServers() {
        for (String each : sockets) Jtrace.exec(dir, List.of("tmux", "-L", each, "kill-server"), Map.of());
    }

    private void killServer() {
        Jtrace.exec(dir, List.of("tmux", "-L", socket, "kill-server"), Map.of());
    }

    private String tmux(String... args) {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket, "-f", "/dev/null"));
        cmd.addAll(List.of(args));
        Jtrace.Result r = Jtrace.exec(dir, cmd, Map.of());
        assertEquals(0, r.exit(), () -> String.join(" ", cmd) + ": " + r);
        return r.out();
    }

    /** Starts the shell on {@code recording} in a 160x50 terminal, HOME in the test's directory (for the history). */
    private void open(Path recording) {
        open(recording, "");
    }

    /** As {@link #open(Path)}, with {@code options} before the recording. */
    private void open(Path recording, String options) {
        socket = "jtrace-explore-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        sockets.add(socket);
        tmux("new-session", "-d", "-x", "160", "-y", "50", "-s", "t",
                "env -u NO_COLOR TERM=xterm-256color HOME=" + dir + " " + Jtrace.executable() + " explore " + options + " " + recording
                        + "; echo \"shell exited with $?\"; sleep 600");
    }

    /** --history FILE: the commands typed go there (and come back with Up in the next shell), the default history is left alone. */
    @Test
    void historyFileGivenKeepsTheCommands() throws Exception {
        Path history = dir.resolve("given/explore-history");
        Files.createDirectories(history.getParent());
        Path standard = dir.resolve(".jtrace/history");
        String standardBefore = Files.exists(standard) ? Files.readString(standard) : null;
        open(bank, "--history " + history);
        waitFor("[main #1 d0 bank.Main.main]>");
        command("threads", "]>");
        type("quit");
        press("Enter");
        waitFor("shell exited with 0");
        String kept = Files.readString(history);
        assertTrue(kept.contains("threads") && kept.contains("quit"), kept);
        assertEquals(standardBefore, Files.exists(standard) ? Files.readString(standard) : null, "the default history is not written");

        killServer();
        open(bank, "--history " + history);
        waitFor("[main #1 d0 bank.Main.main]>");
        press("Up");
        waitFor("]> quit");
        press("Up");
        waitFor("]> threads");
        press("C-u");
        press("C-d");
        waitFor("shell exited with 0");
    }

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /**
     * 'find throw' + Tab offers the exception types this recording threw (simple and full names),
     * not every type the symbol table knows (values recorded by --vars: PrintStream, Thread, Object).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("jdks")
    void findThrowOffersTheTypesThrown(Jdk jdk) throws Exception {
        Path rec = dir.resolve("journeys-vars-" + jdk.major() + ".jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--vars", "exceptions.**"), "exceptions.Journeys");
        assertEquals(0, run.exit(), run::toString);
        // the truth: every throw, found by walking them
        Jtrace.Result walk = Jtrace.jtrace(dir, "explore", rec.toString(), "--no-times", "-c", "find throw | head 1" + "; fn | head 1".repeat(100));
        java.util.Set<String> thrown = new java.util.TreeSet<>();
        java.util.regex.Pattern throwLine = java.util.regex.Pattern.compile(".* \\* (?:throw|rethrow|raised by the JVM|thrown in untraced code) ([^ :]+).*");
        for (String line : walk.outLines()) {
            java.util.regex.Matcher m = throwLine.matcher(line);
            assertTrue(m.matches(), line);
            thrown.add(m.group(1));
        }
        assertTrue(thrown.contains("exceptions.Wrapping$WrappedException") && thrown.size() >= 5, walk::toString);

        open(rec);
        waitFor("[main #1 d0 exceptions.Journeys.main]>");
        command("threads", "]>"); // every thread indexed: what Tab offers no longer grows
        type("find throw ");
        press("Tab");
        press("Tab");
        String s = waitFor("exceptions.Wrapping$WrappedException");
        String offered = s.substring(s.lastIndexOf("]> find throw"));
        for (String type : thrown) {
            assertTrue(offered.contains(type), "offers " + type + ":\n" + offered);
            String simple = type.substring(type.lastIndexOf('.') + 1);
            assertTrue(offered.matches("(?s).*\\b" + java.util.regex.Pattern.quote(simple.substring(simple.lastIndexOf('$') + 1)) + "\\b.*"),
                    "offers the simple name of " + type + ":\n" + offered);
        }
        for (String notThrown : List.of("java.io.PrintStream", "java.lang.ThreadGroup", "java.lang.Object", "CompletableFuture")) {
            assertFalse(offered.contains(notThrown), "offers " + notThrown + ", which was never thrown:\n" + offered);
        }
        press("C-u");
        type("quit");
        press("Enter");
        waitFor("shell exited with 0");
    }

    private void type(String keys) {
        tmux("send-keys", "-t", "t", "-l", keys);
    }

    private void press(String... keys) {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", "t"));
        args.addAll(List.of(keys));
        tmux(args.toArray(new String[0]));
    }

    private String screen() {
        return tmux("capture-pane", "-p", "-t", "t", "-S", "-2000");
    }

    /** Waits until the screen shows {@code text} (at most 60 s; capture-pane drops spaces at line ends); returns the screen. */
    private String waitFor(String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            String s = screen();
            if (s.contains(text)) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("no '" + text + "' on the screen within a minute:\n" + s);
            Thread.sleep(50);
        }
    }

    /** Types a command and Enter, then waits for the prompt after it. */
    private String command(String line, String promptAfter) throws InterruptedException {
        int before = count(screen(), "]>");
        type(line);
        press("Enter");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            String s = screen();
            // and the shell waits at a fresh prompt (the last line; a redraw of the old one also counts a
            // ']>'), the one expected: a move's new prompt, not the old one still on screen under load
            if (count(s, "]>") > before && lastLine(s).contains(promptAfter) && lastLine(s).endsWith("]>")) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("no prompt '" + promptAfter + "' after '" + line + "':\n" + s);
            Thread.sleep(50);
        }
    }

    private static String lastLine(String screen) {
        return Tmux.lastLine(screen);
    }

    /** The line a move printed: the last non-blank line before the prompt. */
    private static String lineBeforePrompt(String screen) {
        List<String> lines = screen.lines().filter(l -> !l.isBlank()).toList();
        return lines.size() < 2 ? "" : lines.get(lines.size() - 2);
    }

    private static int count(String s, String what) {
        return Tmux.count(s, what);
    }

    /** The last prompt on the screen. */
    private static String lastPrompt(String screen) {
        List<String> prompts = screen.lines().filter(l -> l.startsWith("[") && l.contains("]>")).toList();
        String last = prompts.get(prompts.size() - 1);
        return last.substring(0, last.indexOf("]>") + 2);
    }

    @Test
    void aSessionOnTheBank() throws Exception {
        open(bank);
        waitFor("[main #1 d0 bank.Main.main]>");
        String s = command("threads", "[main #1 ");
        assertTrue(s.contains("customer-2"), s);
        s = command("thread customer-2", "[customer-2 #1 d0 bank.Customer.run]>");

        type("find call Bank.tran");
        press("Tab");
        waitFor("find call Bank.transfer");
        s = command("", "bank.Bank.transfer]>");
        assertTrue(lastPrompt(s).matches("\\[customer-2 #\\d+ d1 bank\\.Bank\\.transfer]>"), lastPrompt(s));
        assertTrue(s.contains("d0  bank.Customer.run()"), "the match is shown with its stack:\n" + s);

        s = command("step", " d2 bank.Account.");
        assertTrue(lastPrompt(s).contains(" d2 bank.Account."), "stepped into the transfer: " + lastPrompt(s));
        // The bank's threads share accounts: whether this withdrawal returned at once (a leaf call, one
        // '=' line, which is already its own exit) or threw (an enter, then its exit) depends on how they
        // ran. From the enter, finish goes to the withdrawal's own exit first (docs/explore.md).
        if (!lineBeforePrompt(s).contains("= bank.Account.")) {
            s = command("finish", " d2 bank.Account.");
            assertTrue(s.contains("! bank.Account.") || s.contains("< bank.Account."), "at the withdrawal's exit:\n" + s);
        }
        s = command("finish", " d1 bank.Bank.transfer]>");
        assertTrue(lastPrompt(s).contains(" d1 bank.Bank.transfer]"), "finished back at the transfer's exit: " + lastPrompt(s));
        assertTrue(s.contains("< bank.Bank.transfer") || s.contains("! bank.Bank.transfer"), s);
        s = command("where", "]>");
        assertTrue(s.contains("d1  bank.Bank.transfer(Account, Account, long)"), s);
        assertTrue(s.contains("d0  bank.Customer.run()"), s);

        // Tab after an option that takes a value offers its values, not the report's options
        type("summary --sort ");
        press("Tab");
        press("Tab");
        s = waitFor("average");
        assertFalse(s.substring(s.lastIndexOf("summary --sort")).contains("--color"), s);
        press("C-u");

        s = command("exc 1", "]>");
        assertTrue(s.contains("exception #1: bank.InsufficientFundsException"), s);
        assertTrue(s.contains("* throw bank.InsufficientFundsException"), s);
        // Enter on an empty line after 'exc' steps along the exception (not the 'finish' before it)
        for (int i = 0; i < 12 && !screen().contains("* catch bank.InsufficientFundsException"); i++) command("", "]>");
        s = waitFor("* catch bank.InsufficientFundsException");
        assertTrue(s.contains("! bank.Account.withdraw(long)"), "the journey passed the unwound frame:\n" + s);

        type("garbage that Ctrl-C clears");
        waitFor("]> garbage that Ctrl-C clears");
        int prompts = count(screen(), "]>");
        press("C-c");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (count(screen(), "]>") == prompts) { // a fresh prompt after Ctrl-C
            assertTrue(System.nanoTime() < deadline, "no new prompt after Ctrl-C:\n" + screen());
            Thread.sleep(50);
        }
        s = command("where", "]>");
        assertFalse(s.contains("unknown command"), "Ctrl-C at the prompt did not clear the line:\n" + s);

        type("quit");
        press("Enter");
        waitFor("shell exited with 0");
        String history = Files.readString(dir.resolve(".jtrace/history"));
        assertTrue(history.contains("exc 1"), history);

        killServer();
        open(bank);
        waitFor("[main #1 d0 bank.Main.main]>");
        press("Up");
        waitFor("]> quit");
        press("C-u");
        press("C-r");
        type("exc");
        waitFor("exc 1");
        press("Enter");
        waitFor("exception #1: bank.InsufficientFundsException");
        // keys typed while a command runs are the command's (Ctrl-C stops it): wait for the shell's prompt
        long promptBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!lastLine(screen()).endsWith("]>")) {
            assertTrue(System.nanoTime() < promptBy, "no prompt after 'exc 1':\n" + screen());
            Thread.sleep(50);
        }
        press("C-d");
        waitFor("shell exited with 0");
    }

    @Test
    void ctrlCStopsALongSearchAndKeepsTheShell() throws Exception {
        open(big);
        waitFor("[main #1 d0 counter.Counter.main]>");
        String find = "find call Counter.add --min 10min";
        type(find);
        waitFor("]> " + find); // the shell has read every key (Ctrl-C now would clear the line it is still reading)
        press("Enter");
        // the line accepted: the cursor on the empty line after it, no prompt yet (the search runs)
        long accepted = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            List<String> rows = tmux("capture-pane", "-p", "-t", "t").lines().toList();
            int y = Integer.parseInt(tmux("display-message", "-p", "-t", "t", "#{cursor_y}").strip());
            if (y > 0 && y < rows.size() && rows.get(y).isBlank() && rows.get(y - 1).endsWith("]> " + find)) break;
            assertFalse(screen().contains("find: no "), "the search ended on its own:\n" + screen());
            assertTrue(System.nanoTime() < accepted, "the shell did not take the line within a minute:\n" + screen());
            Thread.sleep(50);
        }
        // Ctrl-C until the search says it stopped: one in the moment between the line and the
        // search's start finds nothing to stop yet
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!screen().contains("find: cancelled")) {
            assertTrue(System.nanoTime() < deadline, "no 'find: cancelled' within a minute of Ctrl-C:\n" + screen());
            assertFalse(screen().contains("find: no "), "the search ended before Ctrl-C:\n" + screen());
            press("C-c");
            Thread.sleep(100);
        }
        String s = waitFor("find: cancelled");
        s = command("step", "[main #2 ");
        assertTrue(s.contains("= counter.Counter.add(int, int)"), s);
        press("C-d");
        waitFor("shell exited with 0");
    }
}
