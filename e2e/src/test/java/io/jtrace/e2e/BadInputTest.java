package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Every bad input: one line on stderr, 'jtrace <cmd>: ...', exit 2, no stack trace. */
class BadInputTest {
    @TempDir
    static Path dir;

    static Path recording;
    /** The same program with the values of Counter.add(sum, i) recorded. */
    static Path withArgs;

    @BeforeAll
    static void record() {
        recording = dir.resolve("counter.jfr");
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), recording, List.of(), "counter.Counter", "50");
        assertEquals(0, run.exit(), run::toString);
        withArgs = dir.resolve("counter-args.jfr");
        Jtrace.Result args = Jtrace.trace(dir, Jdk.current(), withArgs, List.of("--args", "Counter.add", "--args", "Counter.main"), "counter.Counter", "50");
        assertEquals(0, args.exit(), args::toString);
    }

    /** Runs jtrace, expects exit 2 and exactly one stderr line starting with {@code prefix} and containing {@code parts}. */
    private static Jtrace.Result assertUsageError(String prefix, List<String> parts, String... args) {
        Jtrace.Result r = Jtrace.jtrace(dir, args);
        assertEquals(2, r.exit(), r::toString);
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).startsWith(prefix), r::toString);
        for (String p : parts) assertTrue(lines.get(0).contains(p), () -> "expected '" + p + "' in " + r);
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r::toString);
        return r;
    }

    @Test
    void runWithoutCommand() {
        assertUsageError("jtrace run: ", List.of("no command to run", "after '--'"), "run");
        assertUsageError("jtrace run: ", List.of("no command to run"), "run", "-o", "x.jfr", "--");
    }

    @Test
    void runUnknownOptionSuggestsTheRightOne() {
        assertUsageError("jtrace run: unknown option: '--inclde' (did you mean --include?)", List.of(), "run", "--inclde", "x", "--", "java", "-version");
        // before '--' an unknown option is one, though the command line has a '--' after it
        assertUsageError("jtrace run: unknown option: '--bogus' (see 'jtrace run --help')", List.of(), "run", "-o", "x.jfr", "--bogus", "--", "java", "-version");
    }

    @Test
    void runCommandNotFound() {
        assertUsageError("jtrace run: ", List.of("'no-such-command-here'", "command not found"), "run", "--", "no-such-command-here");
    }

    @Test
    void runBadPatterns() {
        assertUsageError("jtrace run: ", List.of("'a/b'", "'a.b'"), "run", "--include", "a/b", "--", "java", "-version");
        assertUsageError("jtrace run: ", List.of("'x***'", "'**'"), "run", "--include", "x***", "--", "java", "-version");
        assertUsageError("jtrace run: ", List.of("'a..b'"), "run", "--exclude", "a..b", "--", "java", "-version");
    }

    @Test
    void runBadDepth() {
        assertUsageError("jtrace run: ", List.of("--depth", "0"), "run", "--depth", "0", "--", "java", "-version");
        assertUsageError("jtrace run: ", List.of("'deep'"), "run", "--depth", "deep", "--", "java", "-version");
    }

    @Test
    void runOutputInMissingDirectory() {
        assertUsageError("jtrace run: ", List.of("no such directory"), "run", "-o", dir.resolve("nowhere/x.jfr").toString(), "--", "java", "-version");
    }

    /** An output jtrace cannot write is reported before the target starts (it would print on stdout). */
    @Test
    void runUnwritableOutputStopsBeforeTheTargetStarts() {
        String java = Jdk.current().java().toString();
        String cp = Jtrace.examples().toString();
        String[][] cases = {
            {"/proc/x.jfr", "cannot create files in /proc"},
            {dir.resolve("nowhere/x.jfr").toString(), "no such directory"},
            {dir.toString(), "is a directory"},
            {"/dev/null", "not a regular file"},
        };
        for (String[] c : cases) {
            Jtrace.Result r = assertUsageError("jtrace run: cannot write " + c[0] + ": ", List.of(c[1]),
                    "run", "-o", c[0], "--", java, "-cp", cp, "counter.Counter", "3");
            assertEquals("", r.out(), r::toString);
        }
        // a script's JVMs would each write /proc/y-<pid>.jfr
        Jtrace.Result r = assertUsageError("jtrace run: cannot write /proc/y.jfr: ", List.of("/proc"),
                "run", "-o", "/proc/y.jfr", "--", "sh", "-c", java + " -cp " + cp + " counter.Counter 3");
        assertEquals("", r.out(), r::toString);
        assertTrue(Files.exists(Path.of("/dev/null")) && !Files.isRegularFile(Path.of("/dev/null")), "/dev/null left alone");
    }

    /**
     * An existing file the agent could not replace is refused before the command starts (it used to
     * run untraced, exit 0): one made immutable, and another user's in a sticky directory. Needs
     * root (chattr +i; setpriv to run jtrace as nobody), as the CI machine and this VM have.
     */
    @Test
    void runOutputItCannotReplaceStopsBeforeTheTargetStarts() throws Exception {
        assumeTrue("0".equals(Jtrace.exec(dir, List.of("id", "-u"), Map.of()).out().strip()), "needs root");
        String javaBin = Jdk.current().java().toString();
        Path immutable = Files.write(dir.resolve("immutable.jfr"), Files.readAllBytes(recording));
        assumeTrue(Jtrace.exec(dir, List.of("chattr", "+i", immutable.toString()), Map.of()).exit() == 0, "chattr +i refused here");
        try {
            Jtrace.Result r = assertUsageError("jtrace run: cannot write " + immutable + ": operation not permitted", List.of("immutable"),
                    "run", "-o", immutable.toString(), "--", javaBin, "-cp", Jtrace.examples().toString(), "counter.Counter", "3");
            assertEquals("", r.out(), r::toString);
        } finally {
            Jtrace.exec(dir, List.of("chattr", "-i", immutable.toString()), Map.of());
        }
        assertArrayEquals(Files.readAllBytes(recording), Files.readAllBytes(immutable));

        // jtrace as nobody: its executable, a cache and a sticky directory in a tree nobody may enter
        Path open = Files.createTempDirectory("jtrace-sticky-");
        try {
            Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path exe = Files.copy(Jtrace.executable(), open.resolve("jtrace"));
            Path cache = Files.createDirectory(open.resolve("cache"));
            Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxrwxrwx"));
            Path sticky = Files.createDirectory(open.resolve("sticky"));
            Files.setAttribute(sticky, "unix:mode", 01777);
            Path others = Files.write(sticky.resolve("root.jfr"), Files.readAllBytes(recording));
            Files.setPosixFilePermissions(others, PosixFilePermissions.fromString("rw-r--r--"));
            Jtrace.Result r = Jtrace.exec(dir, List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                    "env", "HOME=" + cache, "XDG_CACHE_HOME=" + cache, exe.toString(), "run", "-o", others.toString(), "--", javaBin, "-version"), Map.of());
            assertEquals(2, r.exit(), r::toString);
            assertEquals("jtrace run: cannot write " + others + ": it belongs to root, and only its owner may replace it in " + sticky
                    + " (a sticky directory); give another file name\n", r.err());
            assertArrayEquals(Files.readAllBytes(recording), Files.readAllBytes(others));
        } finally {
            try (java.util.stream.Stream<Path> all = Files.walk(open)) {
                all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * The outputs of export and filter: a file the file system will not create is the user's error
     * naming why (not an internal error), a missing input is said as such even when the output
     * exists already, and parquet's directory is not made under a parent that does not exist.
     */
    @Test
    void exportAndFilterOutputsThatCannotBeWritten() throws IOException {
        String rec = recording.toString();
        assertUsageError("jtrace export: cannot write /proc/x.out: ", List.of("cannot create files in /proc"),
                "export", rec, "--format", "json", "-o", "/proc/x.out");
        assertUsageError("jtrace export: cannot write /proc/x.out: ", List.of("cannot create files in /proc"),
                "export", rec, "--format", "collapsed", "-o", "/proc/x.out");
        assertUsageError("jtrace filter: cannot write /proc/x.jfr: ", List.of("cannot create files in /proc"),
                "filter", rec, "-o", "/proc/x.jfr");
        Path existing = Files.writeString(dir.resolve("existing.out"), "x");
        assertUsageError("jtrace export: ", List.of("no such file", "missing.jfr"),
                "export", "missing.jfr", "--format", "json", "-o", existing.toString());
        assertUsageError("jtrace filter: ", List.of("no such file", "missing.jfr"), "filter", "missing.jfr", "-o", existing.toString());
        assertEquals("x", Files.readString(existing));
        if (Files.isRegularFile(Jtrace.executable().resolveSibling("jtrace-query.jar"))) {
            Path parent = dir.resolve("no-parent");
            assertUsageError("jtrace export: cannot create ", List.of("no such directory " + parent),
                    "export", rec, "--format", "parquet", "-o", parent.resolve("set").toString());
            assertFalse(Files.exists(parent), "made the missing parent");
        }
        assertUsageError("jtrace uninstall: cannot uninstall from ", List.of("not a directory"),
                "uninstall", "--prefix", existing.toString());
    }

    /** Options of another format than the one asked for, and selections that keep nothing, are said, not ignored. */
    @Test
    void optionsThatDoNotApplyAndEmptySelectionsAreSaid() {
        String rec = recording.toString();
        assertUsageError("jtrace export: --value applies to --format collapsed only", List.of(),
                "export", rec, "--format", "json", "--value", "calls", "-o", dir.resolve("v.json").toString());
        assertUsageError("jtrace export: --memory-limit applies to --format parquet only", List.of(),
                "export", rec, "--format", "csv", "--memory-limit", "1GB", "-o", dir.resolve("m.csv").toString());
        Jtrace.Result late = Jtrace.jtrace(dir, "filter", rec, "--from", "10min", "-o", dir.resolve("late.jfr").toString());
        assertEquals(0, late.exit(), late::toString);
        assertTrue(late.err().startsWith("jtrace filter: warning: the selection keeps nothing of " + recording.getFileName()
                + " (its trace runs from 0 to "), late::toString);
        Jtrace.Result none = Jtrace.jtrace(dir, "exceptions", rec, "--type", "NoSuchException", "--summary");
        assertEquals("jtrace exceptions: warning: no exception in " + rec + " matches\n", none.err(), none::toString);
    }

    /** A misspelt method pattern in a reading command: the nearest traced name, as the pattern is written. */
    @Test
    void misspeltMethodPatternsGetTheNearestTracedName() {
        String rec = recording.toString();
        String file = recording.getFileName().toString();
        Jtrace.Result print = Jtrace.jtrace(dir, "print", rec, "--include", "Counter.ad");
        assertEquals(0, print.exit(), print::toString);
        assertEquals("jtrace print: warning: --include Counter.ad matches no traced method in " + file + " (did you mean Counter.add?)\n",
                print.err());
        assertUsageError("jtrace calls: no traced method matches Counter.ad in " + file + " (did you mean Counter.add?)", List.of(),
                "calls", rec, "--method", "Counter.ad");
        Jtrace.Result tree = Jtrace.jtrace(dir, "tree", rec, "--focus", "counter.Countr.add");
        assertEquals("jtrace tree: --focus counter.Countr.add matches no traced method in " + file + " (did you mean counter.Counter.add?)\n",
                tree.err(), tree::toString);
        Jtrace.Result find = Jtrace.jtrace(dir, "explore", rec, "-c", "find call Counter.ad");
        assertTrue(find.err().contains("jtrace explore: find: no traced method matches 'Counter.ad' (did you mean Counter.add?)"), find::toString);
        // a package named without its wildcard: the package, not a class one letter away
        Jtrace.Result run = Jtrace.trace(dir, Jdk.current(), dir.resolve("pkg.jfr"), List.of("--include", "counter"), "counter.Counter", "3");
        assertTrue(run.err().contains("jtrace run: warning: --include counter matches no method of the classes the program loaded"
                + " (did you mean counter.* or counter.**?)"), run::toString);
    }

    /** explore's {@code > FILE} and {@code >> FILE} over a recording the session reads (its own, --against's) write nothing. */
    @Test
    void exploreRedirectOverItsRecordingIsRefused() throws IOException {
        byte[] bytes = Files.readAllBytes(recording);
        Path b = Files.write(dir.resolve("explored.jfr"), bytes);
        Path a = Files.write(dir.resolve("against.jfr"), bytes);
        String[][] cases = {
            {"explore", "explored.jfr", "-c", "summary > explored.jfr"},
            {"explore", "explored.jfr", "-c", "summary >> explored.jfr"},
            {"explore", "explored.jfr", "-c", "summary > ./explored.jfr"},
            {"explore", "explored.jfr", "--against", "against.jfr", "-c", "where > against.jfr"},
        };
        for (String[] c : cases) {
            Jtrace.Result r = Jtrace.jtrace(dir, c);
            String target = c[c.length - 1].substring(c[c.length - 1].lastIndexOf(' ') + 1);
            assertTrue(r.exit() != 0, r::toString);
            assertTrue(r.err().lines().anyMatch(l -> l.equals("jtrace explore: " + c[c.length - 1].split(" ")[0] + ": cannot write " + target
                    + ": it is a recording this session reads; give another file name")), r::toString);
            assertFalse(r.err().contains("Exception"), r::toString);
            assertArrayEquals(bytes, Files.readAllBytes(b), () -> String.join(" ", c));
            assertArrayEquals(bytes, Files.readAllBytes(a), () -> String.join(" ", c));
        }
    }

    /** A recording through a pipe cannot be read (JFR's chunks are read by seeking): one line saying what to do. */
    @Test
    void aRecordingFromAPipeIsOneLine() {
        List<String> cmd = List.of("bash", "-c", "cat \"$1\" | \"$2\" print /dev/stdin", "bash", recording.toString(),
                Jtrace.executable().toString());
        Jtrace.Result piped = Jtrace.exec(dir, cmd, java.util.Map.of());
        assertEquals(2, piped.exit(), piped::toString);
        assertEquals("jtrace print: /dev/stdin is not a regular file (a pipe or a device): a recording is read by seeking in it;"
                + " save it to a file first\n", piped.err());
        assertUsageError("jtrace summary: ", List.of("no such file: -", "not from standard input"), "summary", "-");
    }

    /** The query mistakes whose engine error pointed elsewhere: the SQL taken for a file and the other way round. */
    @Test
    void queryArgumentsMistakenForEachOther() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(Jtrace.executable().resolveSibling("jtrace-query.jar")));
        assertUsageError("jtrace query: ", List.of("no recording given: 'SELECT 1' is not a file"), "query", "SELECT 1");
        assertUsageError("jtrace query: ", List.of("Parser Error", "'counter.jrf' was taken as SQL: there is no such file"),
                "query", recording.toString(), "counter.jrf");
        assertUsageError("jtrace query: ", List.of("--memory-limit must be a size such as 512MB or 2GB, not 'lots'"),
                "query", recording.toString(), "--memory-limit", "lots", "SELECT 1");
        assertUsageError("jtrace query: ", List.of("--memory-limit must be a size such as 512MB or 2GB, not '0'"),
                "query", recording.toString(), "--memory-limit", "0", "SELECT 1");
        for (String size : List.of("4G", "512MB", "1.5GiB", "none")) {
            Jtrace.Result ok = Jtrace.jtrace(dir, "query", recording.toString(), "--memory-limit", size, "SELECT 1");
            assertEquals(0, ok.exit(), () -> size + ": " + ok);
        }
        assertUsageError("jtrace export: ", List.of("--memory-limit must be a size such as 512MB or 2GB, not 'lots'"),
                "export", recording.toString(), "--format", "parquet", "--memory-limit", "lots", "-o", dir.resolve("pq").toString());
    }

    @Test
    void smallerMistakesOnTheCommandLine() {
        String rec = recording.toString();
        assertUsageError("jtrace run: ", List.of("-o needs a file name, not an empty one"), "run", "-o", "", "--", "java", "-version");
        assertUsageError("jtrace filter: ", List.of("-o needs a file name"), "filter", rec, "-o", "");
        assertUsageError("jtrace filter: ", List.of("binary recording", "-o OUT.jfr"), "filter", rec, "-o", "-");
        assertFalse(Files.exists(dir.resolve("-")));
        // an unknown option's value is not an unknown option
        Jtrace.Result r = assertUsageError("jtrace print: ", List.of(), "print", rec, "--thred", "main");
        assertEquals("jtrace print: unknown option: '--thred' (did you mean --thread?)\n", r.err());
        assertUsageError("jtrace print: unexpected argument: '-' ", List.of(), "print", rec, "-");
        assertUsageError("jtrace print: unexpected argument: '-x' ", List.of(), "print", rec, "--", "-x");
        // the Java jtrace runs on is not there: the stub's one line
        Jtrace.Result noJava = Jtrace.jtraceWithEnv(dir, java.util.Map.of("JTRACE_JAVA", "/nonexistent/java"), "print", rec);
        assertEquals(2, noJava.exit(), noJava::toString);
        assertEquals("jtrace: cannot run Java: no '/nonexistent/java' (set JTRACE_JAVA or JAVA_HOME to a Java 17+, or put java on the PATH)\n",
                noJava.err());
    }

    @Test
    void printMissingFile() {
        assertUsageError("jtrace print: ", List.of("no such file", "missing.jfr"), "print", "missing.jfr");
    }

    @Test
    void printDirectory() {
        assertUsageError("jtrace print: ", List.of("is a directory"), "print", dir.toString());
    }

    @Test
    void printTextFile() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.jfr"), "just some text\n");
        assertUsageError("jtrace print: ", List.of("notes.jfr", "not a JFR recording"), "print", text.toString());
    }

    @Test
    void printEmptyFile() throws IOException {
        Path empty = Files.write(dir.resolve("empty.jfr"), new byte[0]);
        assertUsageError("jtrace print: ", List.of("empty.jfr", "is empty"), "print", empty.toString());
    }

    @Test
    void printRecordingWithoutJtraceEvents() {
        Path plain = dir.resolve("plain.jfr");
        List<String> cmd = List.of(Jdk.current().java().toString(), "-XX:StartFlightRecording:filename=" + plain, "-version");
        Jtrace.Result made = Jtrace.exec(dir, cmd, java.util.Map.of());
        assertEquals(0, made.exit(), made::toString);
        assertUsageError("jtrace print: ", List.of("plain.jfr", "has no jtrace events", "jtrace run"), "print", plain.toString());
    }

    @Test
    void printUnknownThreadListsTheThreads() {
        assertUsageError("jtrace print: ", List.of("no thread matches nosuch", "main"), "print", "--thread", "nosuch", recording.toString());
    }

    @Test
    void printBadPatternAndDepth() {
        assertUsageError("jtrace print: ", List.of("'a/b'"), "print", "--include", "a/b", recording.toString());
        assertUsageError("jtrace print: ", List.of("--depth", "-1"), "print", "--depth", "-1", recording.toString());
        assertUsageError("jtrace print: ", List.of("'sometimes'", "auto"), "print", "--color", "sometimes", recording.toString());
    }

    /** jtrace calls: every bad --where is one line naming the bad token; the other bad inputs likewise. */
    @Test
    void callsBadWhereExpressions() {
        String file = withArgs.toString();
        String[][] cases = {
            {"sum >> 3", "bad --where 'sum >> 3': '>>' at 5 is not a comparison"},
            {"sum = 3", "bad --where 'sum = 3': '=' at 5 is not a comparison"},
            {"sum >", "bad --where 'sum >': a value is missing after '>'"},
            {"sum", "bad --where 'sum': a comparison is missing after 'sum'"},
            {"3 < sum", "bad --where '3 < sum': '3' at 1 is not an argument"},
            {"sum > 3 4", "bad --where 'sum > 3 4': unexpected '4' at 9"},
            {"sum > 3 and", "bad --where 'sum > 3 and': a comparison is missing at the end"},
            {"i == \"x", "bad --where 'i == \"x': the string at 6 is not closed"},
            {"sum > many", "bad --where 'sum > many': 'many' at 7 is not a value"},
            {"(sum > 3", "bad --where '(sum > 3': '(' at 1 is not closed"},
            {"ret < true", "bad --where 'ret < true': '<' does not order true"},
            {"sum > 3 ; rm", "bad --where 'sum > 3 ; rm': unexpected ';' at 9"},
            {"", "bad --where '': empty condition"},
            {"total > 3", "bad --where 'total > 3': no argument 'total' in the calls of Counter.add (arguments: sum, i)"},
            {"arg2 > 3", "bad --where 'arg2 > 3': no argument 'arg2'"},
        };
        for (String[] c : cases) {
            assertUsageError("jtrace calls: ", List.of(c[1]), "calls", file, "--method", "Counter.add", "--where", c[0]);
        }
        // ret of a void method: said, not '0 calls'
        assertUsageError("jtrace calls: ", List.of("bad --where 'ret == false': ret: Counter.main returns nothing (void), so no call of"
                + " it has a return value to compare"), "calls", file, "--method", "Counter.main", "--where", "ret == false");
        assertUsageError("jtrace calls: ", List.of("--where needs the values of the calls", "jtrace run --args Counter.add"),
                "calls", recording.toString(), "--method", "Counter.add", "--where", "sum > 3");
        assertUsageError("jtrace calls: ", List.of("no traced method matches Nope.nothing"), "calls", file, "--method", "Nope.nothing");
        assertUsageError("jtrace calls: ", List.of("--method"), "calls", file);
        assertUsageError("jtrace calls: ", List.of("'sideways'", "time, duration"), "calls", file, "--method", "Counter.add", "--sort", "sideways");
        assertUsageError("jtrace calls: ", List.of("--top", "0"), "calls", file, "--method", "Counter.add", "--top", "0");
        assertUsageError("jtrace calls: ", List.of("'a/b'"), "calls", file, "--method", "a/b");
        assertUsageError("jtrace run: ", List.of("'a/b'"), "run", "--args", "a/b", "--", "java", "-version");
        Jtrace.Result ok = Jtrace.jtrace(dir, "calls", file, "--method", "Counter.add", "--where", "i > 48 and sum >= 1128", "--no-times");
        assertEquals(0, ok.exit(), ok::toString);
        assertEquals("""
                2 calls of Counter.add where i > 48 and sum >= 1128
                thread  call
                main    counter.Counter.add(sum=1176, i=49) = 1225
                main    counter.Counter.add(sum=1225, i=50) = 1275
                """, ok.out());
    }

    @Test
    void printWithoutFile() {
        assertUsageError("jtrace print: ", List.of("FILE"), "print");
    }

    @Test
    void unknownSubcommandSuggestsTheRightOne() {
        assertUsageError("jtrace: ", List.of("unknown command 'prnt'", "did you mean print?"), "prnt", recording.toString());
    }

    /** --help does not turn an unknown command into the top-level help (and exit 0). */
    @Test
    void unknownSubcommandWithHelpIsStillAnError() {
        assertUsageError("jtrace: ", List.of("unknown command 'nosuch'", "see 'jtrace --help'"), "nosuch", "--help");
        assertUsageError("jtrace: ", List.of("unknown command 'shell'"), "shell", "--help");
        assertUsageError("jtrace: ", List.of("unknown command 'sumary'", "did you mean summary?"), "sumary", "--help");
    }

    @Test
    void noSubcommand() {
        assertUsageError("jtrace: ", List.of("no command given", "jtrace --help"));
    }

    @Test
    void versionAndHelpWork() {
        Jtrace.Result v = Jtrace.jtrace(dir, "--version");
        assertEquals(0, v.exit(), v::toString);
        assertTrue(v.out().matches("(?s)jtrace \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\nJVM: .*"), v::toString);
        for (String cmd : new String[] {"run", "print"}) {
            Jtrace.Result h = Jtrace.jtrace(dir, cmd, "--help");
            assertEquals(0, h.exit(), h::toString);
            assertTrue(h.out().startsWith("Usage: jtrace " + cmd), h::toString);
            // a subcommand's -V/--version (its help lists it) says what jtrace --version says
            Jtrace.Result sv = Jtrace.jtrace(dir, cmd, "--version");
            assertEquals(0, sv.exit(), sv::toString);
            assertEquals(v.out(), sv.out());
        }
    }
}
