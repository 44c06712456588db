package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.model.LineExecuted;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableKind;
import io.jtrace.text.VariableText;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code run --vars/--lines}, {@code vars} and {@code print} on vars.History and vars.Values, on every JDK found. */
class VariablesTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** Line numbers of the "// @name" markers in vars/History.java. */
    static Map<String, Integer> markers() throws Exception {
        List<String> lines = Files.readAllLines(Jtrace.root().resolve("examples/src/main/java/vars/History.java"));
        Map<String, Integer> m = new HashMap<>();
        Pattern p = Pattern.compile("// @([a-z-]+)");
        for (int i = 0; i < lines.size(); i++) {
            Matcher x = p.matcher(lines.get(i));
            if (x.find()) m.put(x.group(1), i + 1);
        }
        return m;
    }

    /** One access as the tests compare it: 'w 3 @17'. */
    static String brief(VariableAccess a) {
        String target = a.variable().kind() == VariableKind.ARRAY ? "[" + a.index() + "]=" : "";
        return (a.variable().write() ? "w " : "r ") + target + VariableText.value(a.value(), a.variable().type()) + " @" + a.variable().line();
    }

    static List<VariableAccess> accesses(List<TraceEvent> events, String method, String name) {
        return events.stream().filter(e -> e instanceof VariableAccess).map(e -> (VariableAccess) e)
                .filter(a -> a.method().name().equals(method) && a.variable().name().equals(name))
                .collect(Collectors.toList());
    }

    static List<String> history(List<TraceEvent> events, String method, String name) {
        return accesses(events, method, name).stream().map(VariableAccessBrief::of).collect(Collectors.toList());
    }

    /** Indirection so the lambda above reads well. */
    static final class VariableAccessBrief {
        static String of(VariableAccess a) {
            return brief(a);
        }
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void historyIsExactlyWhatTheProgramDid(Jdk jdk) throws Exception {
        Map<String, Integer> at = markers();
        int perThread = 2000;
        Path rec = dir.resolve("history.jfr");
        Jtrace.Result plain = Jtrace.plain(dir, jdk, "vars.History", String.valueOf(perThread));
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--vars", "vars.**", "--redact", "user"), "vars.History", String.valueOf(perThread));
        assertEquals(plain.exit(), run.exit(), run::toString);
        assertEquals(plain.out(), run.out());
        assertFalse(run.err().contains("jtrace agent:"), run::toString);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(rec)), "recordings are owner-only");

        Recording r = Recording.read(rec);
        List<TraceEvent> main = r.thread("main");
        int init = at.get("acc-init"), add = at.get("acc-add"), ret = at.get("acc-return"), loop = at.get("loop");
        assertEquals(List.of("w 0 @" + init, "r 0 @" + add, "w 1 @" + add, "r 1 @" + add, "w 3 @" + add, "r 3 @" + add,
                "w 6 @" + add, "r 6 @" + add, "w 10 @" + add, "r 10 @" + ret), history(main, "accumulate", "acc"));
        assertEquals(List.of("w 1 @" + loop, "w 2 @" + loop, "w 3 @" + loop, "w 4 @" + loop, "w 5 @" + loop),
                history(main, "accumulate", "k").stream().filter(s -> s.startsWith("w")).toList(), "k++ is an iinc");
        assertEquals(List.of("r 0 @" + at.get("calls"), "w 1 @" + at.get("calls"), "r 1 @" + at.get("calls-main"),
                "w 11 @" + at.get("calls-main"), "r 11 @" + (at.get("calls-main") + 1)),
                accesses(main, "accumulate", "calls").isEmpty() ? List.of() : allOf(main, "calls"));

        int t = at.get("swap-t"), sa = at.get("swap-a"), sb = at.get("swap-b"), sr = at.get("swap-return");
        assertEquals(List.of("r 1 @" + t, "w 2 @" + sa, "r 2 @" + sr), history(main, "swap", "a"));
        assertEquals(List.of("r 2 @" + sa, "w 1 @" + sb, "r 1 @" + sr), history(main, "swap", "b"));
        assertEquals(List.of("w 1 @" + t, "r 1 @" + sb), history(main, "swap", "t"));
        assertEquals(VariableKind.PARAM, accesses(main, "swap", "a").get(0).variable().kind());
        assertEquals(VariableKind.LOCAL, accesses(main, "swap", "t").get(0).variable().kind());

        int sq = at.get("squares");
        List<VariableAccess> stores = accesses(main, "squares", "values[]");
        assertEquals(List.of("w [0]=0 @" + sq, "w [1]=1 @" + sq, "w [2]=4 @" + sq, "w [3]=9 @" + sq),
                stores.stream().map(VariablesTest::brief).toList());
        assertEquals("I", stores.get(0).variable().type());
        assertEquals(1, stores.stream().map(VariableAccess::array).distinct().count(), "one array");

        assertEquals(List.of("r 3000000000 @" + at.get("wide-long")), history(main, "wide", "big"));
        assertEquals(List.of("w 6000000000 @" + at.get("wide-long"), "r 6000000000 @" + at.get("wide-double")), history(main, "wide", "scaled"));
        assertEquals(List.of("r 0.5 @" + at.get("wide-double")), history(main, "wide", "ratio"));
        assertEquals("w 3.0E9 @" + at.get("wide-double"), history(main, "wide", "result").get(0));
        assertEquals("J", accesses(main, "wide", "scaled").get(0).variable().type());
        assertEquals("D", accesses(main, "wide", "result").get(0).variable().type());

        List<VariableAccess> first = accesses(main, "reuse", "first");
        List<VariableAccess> second = accesses(main, "reuse", "second");
        assertEquals(List.of("w 7 @" + at.get("reuse-first"), "r 7 @" + (at.get("reuse-first") + 1)), first.stream().map(VariablesTest::brief).toList());
        assertEquals(List.of("w 8 @" + at.get("reuse-second"), "r 8 @" + (at.get("reuse-second") + 1)), second.stream().map(VariablesTest::brief).toList());
        assertEquals(first.get(0).variable().slot(), second.get(0).variable().slot(), "the same slot, two names");

        // The counter field, written by two threads under a lock: in time order, exactly 1..2N on one object.
        List<VariableAccess> counts = new ArrayList<>();
        for (List<TraceEvent> events : r.threads.values()) {
            for (TraceEvent e : events) {
                if (e instanceof VariableAccess a && a.variable().name().equals("count") && a.variable().write()) counts.add(a);
            }
        }
        counts.sort(java.util.Comparator.comparingLong(VariableAccess::nanos));
        assertEquals(2 * perThread, counts.size());
        for (int i = 0; i < counts.size(); i++) assertEquals(i + 1, counts.get(i).value().bits(), "write #" + i);
        assertEquals(1, counts.stream().map(VariableAccess::owner).distinct().count());
        assertTrue(counts.get(0).owner() != 0);
        assertEquals(Set.of("adder-1", "adder-2"), counts.stream().map(a -> a.thread().label()).collect(Collectors.toSet()));

        // Secrets: the default list and --redact, decided by name; the value is nowhere in the recording.
        for (String secret : List.of("password", "token", "user")) {
            List<VariableAccess> s = accesses(main, "login", secret);
            assertFalse(s.isEmpty(), secret);
            assertTrue(s.stream().allMatch(a -> a.value().kind() == Value.Kind.REDACTED && a.variable().redacted()), secret);
        }
        assertTrue(r.all().stream().noneMatch(e -> e instanceof VariableAccess a && a.value().text() != null
                && a.value().text().contains("hunter2")), "the password leaked");
    }

    private static List<String> allOf(List<TraceEvent> events, String name) {
        return events.stream().filter(e -> e instanceof VariableAccess a && a.variable().name().equals(name))
                .map(e -> brief((VariableAccess) e)).toList();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void lineEventsFollowTheSourceLinesExecuted(Jdk jdk) throws Exception {
        Map<String, Integer> at = markers();
        Path rec = dir.resolve("lines.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--include", "vars.History.main", "--lines", "History.accumulate"),
                "vars.History", "5");
        assertEquals(0, run.exit(), run::toString);
        List<TraceEvent> main = Recording.read(rec).thread("main");
        List<Integer> lines = main.stream().filter(e -> e instanceof LineExecuted l && l.method().name().equals("accumulate"))
                .map(e -> ((LineExecuted) e).line()).toList();
        int loop = at.get("loop"), add = at.get("acc-add");
        // javac gives the for statement one line entry for init+condition and one for the update.
        assertEquals(List.of(at.get("calls"), at.get("acc-init"), loop, add, loop, add, loop, add, loop, add, loop, at.get("acc-return")), lines);
        assertTrue(main.stream().noneMatch(e -> e instanceof VariableAccess), "--lines alone records no variables");
        assertTrue(main.stream().noneMatch(e -> e instanceof LineExecuted l && !l.method().name().equals("accumulate")));

        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--no-times", "--thread", "main", rec.toString());
        assertEquals(0, print.exit(), print::toString);
        assertTrue(print.out().contains("main    > vars.History.accumulate(int)\nmain      . line " + at.get("calls") + "\n"), print::out);
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void classesWithoutDebugInfoTraceWithSlotNames(Jdk jdk) throws Exception {
        Path classes = dir.resolve("nodebug");
        Files.createDirectories(classes);
        Path javac = Jdk.current().home().resolve("bin/javac");
        Jtrace.Result compile = Jtrace.exec(dir, List.of(javac.toString(), "-g:none", "-d", classes.toString(),
                Jtrace.root().resolve("examples/src/main/java/vars/History.java").toString()), Map.of());
        assertEquals(0, compile.exit(), compile::toString);

        Path rec = dir.resolve("nodebug.jfr");
        List<String> program = List.of(jdk.java().toString(), "-cp", classes.toString(), "vars.History", "10");
        Jtrace.Result plain = Jtrace.exec(dir, program, Map.of());
        List<String> cmd = new ArrayList<>(List.of("run", "-o", rec.toString(), "--vars", "vars.**", "--"));
        cmd.addAll(program);
        Jtrace.Result run = Jtrace.jtrace(dir, cmd.toArray(String[]::new));
        assertEquals(plain.out(), run.out());
        assertEquals(plain.exit(), run.exit(), run::toString);
        long told = run.err().lines().filter(l -> l.contains("vars.History has no local variable names")).count();
        assertEquals(1, told, run::toString);

        List<TraceEvent> main = Recording.read(rec).thread("main");
        assertEquals(List.of("w 0 @0", "r 0 @0", "w 1 @0", "r 1 @0", "w 3 @0", "r 3 @0", "w 6 @0", "r 6 @0", "w 10 @0", "r 10 @0"),
                history(main, "accumulate", "local1"));
        assertEquals(5, accesses(main, "accumulate", "arg0").size(), "n read at each loop test");
        assertEquals(List.of("r 1 @0", "w 2 @0", "r 2 @0"), history(main, "swap", "arg0"));
        assertTrue(accesses(main, "login", "password").isEmpty() && !accesses(main, "login", "arg1").isEmpty());
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void referencesAreIdentityByDefaultAndToStringOnlyWhenAsked(Jdk jdk) throws Exception {
        Jtrace.Result plain = Jtrace.plain(dir, jdk, "vars.Values");
        Path identity = dir.resolve("identity.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, identity, List.of("--vars", "vars.Values.main", "--string-length", "20"), "vars.Values");
        assertEquals(plain.out(), run.out());
        Map<String, Value> written = writes(Recording.read(identity).thread("main"));
        assertEquals(Value.Kind.OBJECT, written.get("point").kind());
        assertEquals("vars.Values$Point", written.get("point").type());
        assertEquals(Value.Kind.OBJECT, written.get("angry").kind());
        assertEquals("GREEN", written.get("color").text());
        assertEquals("42", written.get("boxed").text());
        assertEquals("x".repeat(20), written.get("text").text());
        assertEquals(300, written.get("text").fullLength());
        assertEquals(Value.Kind.NULL, written.get("nothing").kind());

        Path tostring = dir.resolve("tostring.jfr");
        run = Jtrace.trace(dir, jdk, tostring, List.of("--vars", "vars.**", "--values", "tostring"), "vars.Values");
        assertEquals(plain.out(), run.out());
        assertEquals(plain.exit(), run.exit(), run::toString);
        assertFalse(run.err().contains("internal error"), run::toString);
        Recording r = Recording.read(tostring);
        assertEquals(0, r.index.internalErrors());
        written = writes(r.thread("main"));
        assertEquals("Point[x=1, y=2]", written.get("point").text());
        assertEquals("<toString threw java.lang.IllegalStateException>", written.get("angry").text());
        assertEquals("<toString threw java.lang.StackOverflowError>", written.get("cycle").text());
        assertEquals(Value.Kind.TEXT, written.get("cycle").kind());
    }

    private static Map<String, Value> writes(List<TraceEvent> events) {
        Map<String, Value> m = new HashMap<>();
        for (TraceEvent e : events) {
            if (e instanceof VariableAccess a && a.variable().write() && a.method().name().equals("main")) m.put(a.variable().name(), a.value());
        }
        return m;
    }

    /** 'jtrace vars' prints each history in order: parse its lines back and compare with the recording. */
    @ParameterizedTest
    @MethodSource("jdks")
    void varsCommandPrintsEachHistory(Jdk jdk) throws Exception {
        Path rec = dir.resolve("vars.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--vars", "vars.**"), "vars.History", "50");
        assertEquals(0, run.exit(), run::toString);
        Recording r = Recording.read(rec);

        Jtrace.Result vars = Jtrace.jtrace(dir, "vars", rec.toString(), "--var", "acc", "--var", "values", "--method", "History.*");
        assertEquals(0, vars.exit(), vars::toString);
        List<String> out = vars.outLines();
        assertEquals("local int acc in vars.History.accumulate(int)  (5 writes, 5 reads)", out.get(0));
        Pattern line = Pattern.compile("\\s+([0-9.]+)\\s+(\\S+)\\s+([rw])\\s+(?:\\[(\\d+)\\] = )?(.+?)  line (\\d+)(?:  in .*)?");
        List<String> printed = new ArrayList<>();
        for (String l : out.subList(1, 11)) {
            Matcher m = line.matcher(l);
            assertTrue(m.matches(), l);
            printed.add(m.group(3) + " " + m.group(5) + " @" + m.group(6));
        }
        assertEquals(history(r.thread("main"), "accumulate", "acc"), printed);
        int arrayHeader = out.indexOf(out.stream().filter(l -> l.startsWith("array int[] values@")).findFirst().orElseThrow());
        assertTrue(out.get(arrayHeader).endsWith("(4 writes, 0 reads)"), out.get(arrayHeader));
        Matcher m = line.matcher(out.get(arrayHeader + 3));
        assertTrue(m.matches());
        assertEquals("2", m.group(4));
        assertEquals("4", m.group(5));

        Jtrace.Result byThread = Jtrace.jtrace(dir, "vars", rec.toString(), "--var", "count", "--thread", "adder-1", "--no-times");
        assertEquals(0, byThread.exit(), byThread::toString);
        assertTrue(byThread.outLines().get(0).matches("field int count of vars\\.History@[0-9a-f]+  \\(50 writes, 50 reads\\)"), byThread::out);
        assertTrue(byThread.outLines().stream().skip(1).allMatch(l -> l.startsWith("  adder-1  ")), byThread::out);

        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--no-times", "--thread", "main", rec.toString());
        assertTrue(print.out().contains("main      w acc = 10  (local int, line " + markers().get("acc-add") + ")\n"), print::out);
        assertTrue(print.out().contains("main      r password = <redacted>  (param java.lang.String, line " + markers().get("token") + ")\n"), print::out);

        Jtrace.Result noThread = Jtrace.jtrace(dir, "vars", rec.toString(), "--thread", "nosuch");
        assertEquals(2, noThread.exit());
        assertTrue(noThread.err().startsWith("jtrace vars: no thread matches nosuch"), noThread::toString);
    }

    /**
     * vars.ArrayAliases reaches each array by its variable, its initializer, a compound assignment
     * and a call's result: 'jtrace vars' shows one section per array, named after its variable and
     * typed as declared (String[], boolean[]), never "(array)" or Object[].
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void varsCommandShowsOneSectionPerArray(Jdk jdk) throws Exception {
        Path rec = dir.resolve("arrays.jfr");
        Jtrace.Result plain = Jtrace.plain(dir, jdk, "vars.ArrayAliases");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--vars", "vars.**"), "vars.ArrayAliases");
        assertEquals(plain.out(), run.out(), run::toString);
        assertEquals(0, run.exit(), run::toString);

        Jtrace.Result vars = Jtrace.jtrace(dir, "vars", "--no-times", rec.toString());
        assertEquals(0, vars.exit(), vars::toString);
        List<String> headers = vars.outLines().stream().filter(l -> l.startsWith("array ")).toList();
        String local = vars.outLines().stream().filter(l -> l.matches("  main  w  int\\[]@[0-9a-f]+  line \\d+")).findFirst().orElseThrow();
        String ar = local.substring(local.indexOf('@') + 1, local.indexOf("  line"));
        assertEquals(1, headers.stream().filter(h -> h.startsWith("array int[] ")).count(), vars::out);
        assertTrue(headers.contains("array int[] ar@" + ar + "  (5 writes, 4 reads)"), vars::out);
        assertEquals(1, headers.stream().filter(h -> h.startsWith("array java.lang.String[] ss@") && h.endsWith("(2 writes, 2 reads)")).count(), vars::out);
        assertEquals(1, headers.stream().filter(h -> h.startsWith("array boolean[] flags@") && h.endsWith("(3 writes, 3 reads)")).count(), vars::out);
        assertEquals(1, headers.stream().filter(h -> h.startsWith("array char[] password@")).count(), vars::out);
        assertFalse(vars.out().contains("(array)") || vars.out().contains("Object[]") || vars.out().contains("byte[]"), vars::out);

        List<String> arLines = section(vars.outLines(), "array int[] ar@");
        assertEquals(List.of("w [0] = 1", "w [1] = 2", "w [2] = 3", "r [2] = 3", "r [1] = 2", "w [2] = 5", "w [0] = 7", "r [0] = 7", "r [2] = 5"),
                arLines.stream().map(l -> l.replaceAll("^  main  ([rw])  (\\[\\d+] = \\S+)  line .*", "$1 $2")).toList());
        List<String> flagLines = section(vars.outLines(), "array boolean[] flags@");
        assertTrue(flagLines.stream().allMatch(l -> l.contains("] = true  ") || l.contains("] = false  ")), flagLines::toString);
        List<String> secret = section(vars.outLines(), "array char[] password@");
        assertEquals(2, secret.size(), vars::out);
        assertTrue(secret.stream().allMatch(l -> l.contains("] = <redacted>  ")), "a compound assignment leaked a secret: " + secret);

        // --var selects an array by any of its names: the whole section, initializer and call result included.
        Jtrace.Result one = Jtrace.jtrace(dir, "vars", "--no-times", rec.toString(), "--var", "ar");
        assertEquals(0, one.exit(), one::toString);
        assertEquals(List.of("array int[] ar@" + ar + "  (5 writes, 4 reads)"), one.outLines().stream().filter(l -> l.startsWith("array ")).toList(), one::out);
        assertEquals(arLines, section(one.outLines(), "array int[] ar@"));
    }

    /** The lines of the section whose header starts with {@code header}. */
    private static List<String> section(List<String> out, String header) {
        int at = out.indexOf(out.stream().filter(l -> l.startsWith(header)).findFirst().orElseThrow(() -> new AssertionError("no " + header + " in " + out)));
        List<String> lines = new ArrayList<>();
        for (int i = at + 1; i < out.size() && out.get(i).startsWith("  "); i++) lines.add(out.get(i));
        return lines;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void varsCommandExplainsARecordingWithoutVariables(Jdk jdk) throws Exception {
        Path rec = dir.resolve("calls.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of(), "counter.Counter", "3").exit());
        Jtrace.Result vars = Jtrace.jtrace(dir, "vars", rec.toString());
        assertEquals(2, vars.exit());
        assertEquals("jtrace vars: " + rec + " has no variable records: record them with 'jtrace run --vars PATTERN -o calls.jfr -- java ...'",
                vars.err().strip());
        Jtrace.Result missing = Jtrace.jtrace(dir, "vars", dir.resolve("nope.jfr").toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().startsWith("jtrace vars: no such file"), missing::toString);
    }
}
