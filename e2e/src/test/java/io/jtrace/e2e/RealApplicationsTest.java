package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real applications from Maven Central, traced whole with the default scope (every class not
 * from the JDK): a JSON binder (Gson), a Java parser (JavaParser), an SQL database (H2) and a web
 * server answering HTTP requests on its own threads (Jetty). Each
 * must print exactly what it prints untraced, exit the same way, with no VerifyError and no class
 * left untraced, and record balanced calls across a large share of the library's methods; and
 * again with the arguments and return values of every method recorded ({@code --args '**'}).
 */
@ReadsLargeRecordings // whole traces of Gson and JavaParser
class RealApplicationsTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** main class, library package, least number of distinct library methods called, args. */
    private static final String[][] APPS = {
        {"realapps.GsonOrders", "com.google.gson.", "150", "200", "2"},
        {"realapps.JavaSources", "com.github.javaparser.", "1500", "examples/src/main/java/bank", "1"},
        {"realapps.SqlDatabase", "org.h2.", "1500", "500"},
        {"realapps.WebRequests", "org.eclipse.jetty.", "500", "200", "2"},
    };

    @ParameterizedTest
    @MethodSource("jdks")
    void tracedWholeTheyBehaveExactlyAsUntraced(Jdk jdk) throws Exception {
        for (String[] app : APPS) {
            String main = app[0];
            String[] args = argv(app);
            Jtrace.Result plain = Jtrace.plain(dir, jdk, main, args);
            assertEquals(0, plain.exit(), plain::toString);
            Path rec = dir.resolve(main + ".jfr");
            Jtrace.Result traced = Jtrace.trace(dir, jdk, rec, List.of(), main, args);
            assertEquals(plain.exit(), traced.exit(), main + ": " + traced);
            assertEquals(plain.out(), traced.out(), main);
            assertEquals(plain.err().strip(), Jtrace.targetStderr(traced.err()).strip(), main);
            assertFalse(traced.err().contains("VerifyError"), traced::toString);
            assertFalse(traced.err().contains("jtrace agent:"), () -> main + ": the agent complained: " + traced.err());

            Recording r = Recording.read(rec);
            Set<String> libraryMethods = new HashSet<>();
            for (Map.Entry<ThreadInfo, List<TraceEvent>> t : r.threads.entrySet()) {
                RunAndPrintTest.assertBalanced(t.getKey(), t.getValue());
                for (TraceEvent e : t.getValue()) {
                    String m = e instanceof MethodEnter en ? en.method().displayName()
                            : e instanceof MethodCall c ? c.method().displayName() : null;
                    if (m != null && m.startsWith(app[1])) libraryMethods.add(m);
                }
            }
            int least = Integer.parseInt(app[2]);
            assertTrue(libraryMethods.size() >= least, () -> main + ": only " + libraryMethods.size() + " methods of " + app[1]);
            assertEquals(0, r.index.internalErrors(), main);
            assertEquals(0, r.index.classesFailed(), main);
            // a property of the reader, not of the JDK that recorded: checked on one JDK's recordings
            // (4-6 jtrace commands per application; the e2e suite's time, docs/testing.md)
            if (jdk.equals(Jdk.current())) sameTreeInTwoPartsAsInOne(rec);

            Path withArgs = dir.resolve(main + "-args.jfr");
            Jtrace.Result valued = Jtrace.trace(dir, jdk, withArgs, List.of("--args", "**"), main, args);
            assertEquals(plain.exit(), valued.exit(), main + " --args: " + valued);
            assertEquals(plain.out(), valued.out(), main + " --args");
            assertEquals(plain.err().strip(), Jtrace.targetStderr(valued.err()).strip(), main + " --args");
            assertFalse(valued.err().contains("VerifyError"), valued::toString);
            // the one line an agent may say here: H2 is compiled without parameter names
            assertEquals(List.of(), valued.err().lines().filter(l -> l.startsWith("jtrace agent:") && !l.contains("have no parameter names"))
                    .toList(), valued::toString);
            try (io.jtrace.read.TraceIndex index = io.jtrace.read.TraceReader.read(withArgs, null)) {
                assertTrue(index.symbols().hasCallValues(), main);
                assertEquals(0, index.internalErrors(), main + " --args");
                assertEquals(0, index.classesFailed(), main + " --args");
            }
            Jtrace.Result calls = Jtrace.jtrace(dir, "calls", withArgs.toString(), "--method", app[1] + "**", "--top", "3");
            assertEquals(0, calls.exit(), calls::toString);
            assertTrue(calls.out().lines().skip(2).allMatch(l -> l.contains("(") && l.contains(")")), calls::out);
        }
    }

    /**
     * The call tree of a real recording built in two parts at once (what {@code tree} and the
     * collapsed export do on two cores with more than 256 KB of records) is the one a single replay
     * builds (what they do through a method filter, here one that lets every method through).
     */
    private void sameTreeInTwoPartsAsInOne(Path rec) throws Exception {
        assertTrue(java.nio.file.Files.size(rec) > 1 << 20, rec + ": too small to be built in two parts");
        List<List<String>> commands = List.of(List.of("tree", rec.toString(), "--merge"), List.of("tree", rec.toString()),
                List.of("export", rec.toString(), "--format", "collapsed"));
        for (List<String> c : commands) {
            Jtrace.Result twoParts = Jtrace.jtrace(dir, c.toArray(String[]::new));
            List<String> filtered = new java.util.ArrayList<>(c);
            filtered.addAll(List.of("--include", "**"));
            Jtrace.Result onePart = Jtrace.jtrace(dir, filtered.toArray(String[]::new));
            assertEquals(0, twoParts.exit(), twoParts::toString);
            assertTrue(twoParts.out().lines().count() > 100, twoParts::out);
            assertEquals(onePart.out(), twoParts.out(), String.join(" ", c));
        }
    }

    private static String[] argv(String[] app) {
        String[] args = java.util.Arrays.copyOfRange(app, 3, app.length);
        for (int i = 0; i < args.length; i++) if (args[i].startsWith("examples/")) args[i] = Jtrace.root().resolve(args[i]).toString();
        return args;
    }
}
