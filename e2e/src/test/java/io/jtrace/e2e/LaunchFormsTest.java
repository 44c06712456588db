package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ways a program can be started: a script starting several JVMs, java -jar, java @argfile,
 * java -m (a module); and JVM options in the environment, which are the target's, not jtrace's.
 */
class LaunchFormsTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private static long addCalls(Path rec) throws IOException {
        return Recording.read(rec).thread("main").stream().filter(e -> RunAndPrintTest.isCallOf(e, "counter.Counter.add")).count();
    }

    /** A non-java command: every JVM it starts is traced through JAVA_TOOL_OPTIONS, one recording each. */
    @ParameterizedTest
    @MethodSource("jdks")
    void scriptStartingTwoJvmsGivesTwoRecordings(Jdk jdk) throws Exception {
        String java = jdk.java() + " -cp " + Jtrace.examples() + " counter.Counter";
        String script = java + " 10; " + java + " 20";
        Jtrace.Result run = Jtrace.jtrace(dir, "run", "-o", dir.resolve("out.jfr").toString(), "--", "sh", "-c", script);
        assertEquals(0, run.exit(), run::toString);
        assertEquals("sum(1..10) x 1 = 55\nsum(1..20) x 1 = 210\n", run.out());
        assertEquals(2, run.err().lines().filter(l -> l.startsWith("Picked up JAVA_TOOL_OPTIONS")).count(), run::toString);
        List<Path> recordings;
        try (Stream<Path> files = Files.list(dir)) {
            recordings = files.filter(p -> p.getFileName().toString().matches("out-\\d+\\.jfr")).sorted().toList();
        }
        assertEquals(2, recordings.size(), () -> recordings + "\n" + run);
        List<Long> calls = new ArrayList<>();
        for (Path p : recordings) {
            calls.add(addCalls(p));
            assertTrue(run.err().contains(p.getFileName().toString()), run::toString);
        }
        calls.sort(null);
        assertEquals(List.of(10L, 20L), calls);
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void javaDashJar(Jdk jdk) throws Exception {
        Path jar = dir.resolve("counter.jar");
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "counter.Counter");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, mf)) {
            out.putNextEntry(new JarEntry("counter/Counter.class"));
            out.write(Files.readAllBytes(Jtrace.examples().resolve("counter/Counter.class")));
            out.closeEntry();
        }
        Path rec = dir.resolve("jar.jfr");
        Jtrace.Result run = Jtrace.jtrace(dir, "run", "-o", rec.toString(), "--", jdk.java().toString(), "-jar", jar.toString(), "5");
        assertEquals(0, run.exit(), run::toString);
        assertEquals("sum(1..5) x 1 = 15\n", run.out());
        assertEquals(5, addCalls(rec));
    }

    /**
     * jtrace run's own JVM compiles with C1 only (it mostly waits: the CPU goes to the program's
     * JVM while both start), except with --live, which decodes the trace as it comes.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void runsOwnJvmCompilesWithC1UnlessLive(Jdk jdk) throws Exception {
        for (String[] c : new String[][] {{"c1"}, {"tiered", "--live"}}) {
            List<String> args = new ArrayList<>(List.of("run", "-o", dir.resolve("parent.jfr").toString()));
            args.addAll(List.of(c).subList(1, c.length));
            args.add("--");
            args.addAll(Jtrace.javaCommand(jdk, "lifecycle.ParentJvm"));
            Jtrace.Result run = Jtrace.jtrace(dir, args.toArray(String[]::new));
            assertEquals(0, run.exit(), run::toString);
            assertTrue(run.out().contains("parent jit: " + c[0] + "\n"), run::toString);
        }
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void javaArgFile(Jdk jdk) throws Exception {
        Path args = Files.writeString(dir.resolve("args.txt"), "-cp \"" + Jtrace.examples() + "\"\ncounter.Counter\n7\n");
        Path rec = dir.resolve("argfile.jfr");
        Jtrace.Result run = Jtrace.jtrace(dir, "run", "-o", rec.toString(), "--", jdk.java().toString(), "@" + args);
        assertEquals(0, run.exit(), run::toString);
        assertEquals("sum(1..7) x 1 = 28\n", run.out());
        assertEquals(7, addCalls(rec));
    }

    /** The default recording name lands in the working directory. */
    @ParameterizedTest
    @MethodSource("jdks")
    void defaultOutputName(Jdk jdk) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Jtrace.executable().toString(), "run", "--"));
        cmd.addAll(Jtrace.javaCommand(jdk, "counter.Counter", "3"));
        Jtrace.Result run = Jtrace.exec(dir, cmd, Map.of());
        assertEquals(0, run.exit(), run::toString);
        List<Path> made;
        try (Stream<Path> files = Files.list(dir)) {
            made = files.filter(p -> p.getFileName().toString().matches("jtrace-\\d{8}-\\d{6}\\.jfr")).toList();
        }
        assertEquals(1, made.size(), run::toString);
        assertEquals(3, addCalls(made.get(0)));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(made.get(0))));
    }

    /** A tiny module, compiled here: {@code demo} with {@code app.Main}, whose main calls twice(i) four times. */
    private Path compileModule(Jdk jdk) throws IOException {
        Path src = Files.createDirectories(dir.resolve("modsrc/app"));
        Files.writeString(dir.resolve("modsrc/module-info.java"), "module demo { }\n");
        Files.writeString(src.resolve("Main.java"), String.join("\n",
                "package app;",
                "public class Main {",
                "    static int twice(int x) { return 2 * x; }",
                "    public static void main(String[] args) {",
                "        int s = 0;",
                "        for (int i = 0; i < 4; i++) s += twice(i);",
                "        System.out.println(\"module \" + Main.class.getModule().getName() + \" sum \" + s);",
                "    }",
                "}", ""));
        Path mods = dir.resolve("mods");
        Jtrace.Result javac = Jtrace.exec(dir, List.of(jdk.home().resolve("bin/javac").toString(), "-d", mods.resolve("demo").toString(),
                dir.resolve("modsrc/module-info.java").toString(), src.resolve("Main.java").toString()), Map.of());
        assertEquals(0, javac.exit(), javac::toString);
        return mods;
    }

    /** java -p mods -m demo/app.Main and java --module-path=mods --module demo/app.Main: the agent goes before -p/-m. */
    @ParameterizedTest
    @MethodSource("jdks")
    void javaDashModule(Jdk jdk) throws Exception {
        Path mods = compileModule(jdk);
        List<List<String>> forms = List.of(
                List.of(jdk.java().toString(), "-p", mods.toString(), "-m", "demo/app.Main"),
                List.of(jdk.java().toString(), "--module-path=" + mods, "--module", "demo/app.Main"));
        for (List<String> java : forms) {
            Jtrace.Result plain = Jtrace.exec(dir, java, Map.of());
            assertEquals("module demo sum 12\n", plain.out(), plain::toString);
            Path rec = dir.resolve("module.jfr");
            List<String> args = new ArrayList<>(List.of("run", "-o", rec.toString(), "--"));
            args.addAll(java);
            Jtrace.Result run = Jtrace.jtrace(dir, args.toArray(String[]::new));
            assertEquals(0, run.exit(), run::toString);
            assertEquals(plain.out(), run.out(), java::toString);
            assertEquals(plain.err().strip(), Jtrace.targetStderr(run.err()).strip(), java::toString);
            Recording r = Recording.read(rec);
            assertEquals(4, r.thread("main").stream().filter(e -> RunAndPrintTest.isCallOf(e, "app.Main.twice")).count(), java::toString);
            assertEquals(1, r.thread("main").stream().filter(e -> RunAndPrintTest.isCallOf(e, "app.Main.main")).count(), java::toString);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /**
     * JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS and _JAVA_OPTIONS are the target's: it sees exactly what
     * the user set (a debugger agent binds its port in the target, not in jtrace's own JVM), and
     * jtrace's JVM adds no 'Picked up' line: stdout and stderr are those of the plain run.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void javaOptionsInTheEnvironmentAreTheTargets(Jdk jdk) throws Exception {
        Map<String, String> env = Map.of(
                "JAVA_TOOL_OPTIONS", "-Dlifecycle.tool=yes -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:" + freePort(),
                "JDK_JAVA_OPTIONS", "-Dlifecycle.jdk=yes",
                "_JAVA_OPTIONS", "-Dlifecycle.underscore=yes");
        List<String> java = Jtrace.javaCommand(jdk, "lifecycle.JavaOptions");
        Jtrace.Result plain = Jtrace.exec(dir, java, env);
        assertEquals(0, plain.exit(), plain::toString);
        assertTrue(plain.out().contains("lifecycle.tool=yes\nlifecycle.jdk=yes\nlifecycle.underscore=yes\nJTRACE_* variables: []\n"), plain::toString);
        assertTrue(plain.out().contains("Listening for transport dt_socket"), plain::toString);
        assertTrue(plain.err().contains("Picked up JAVA_TOOL_OPTIONS"), plain::toString);

        Path rec = dir.resolve("options.jfr");
        List<String> args = new ArrayList<>(List.of("run", "-o", rec.toString(), "--"));
        args.addAll(java);
        Jtrace.Result run = Jtrace.jtraceWithEnv(dir, env, args.toArray(String[]::new));
        assertEquals(0, run.exit(), run::toString);
        assertEquals(plain.out(), run.out(), run::toString);
        assertEquals(plain.err().strip(), Jtrace.targetStderr(run.err()).strip(), run::toString);
        assertEquals(3, Recording.read(rec).thread("main").stream()
                .filter(e -> RunAndPrintTest.isCallOf(e, "lifecycle.JavaOptions.property")).count());
    }

    /** A script: its JVMs get the user's JAVA_TOOL_OPTIONS followed by the agent, and are traced; jtrace's JVM says nothing. */
    @ParameterizedTest
    @MethodSource("jdks")
    void scriptFormKeepsTheUsersToolOptions(Jdk jdk) throws Exception {
        Map<String, String> env = Map.of("JAVA_TOOL_OPTIONS", "-Dlifecycle.tool=yes", "JDK_JAVA_OPTIONS", "-Dlifecycle.jdk=yes");
        String script = jdk.java() + " -cp " + Jtrace.examples() + " lifecycle.JavaOptions";
        Jtrace.Result run = Jtrace.jtraceWithEnv(dir, env, "run", "-o", dir.resolve("script.jfr").toString(), "--", "sh", "-c", script);
        assertEquals(0, run.exit(), run::toString);
        assertTrue(run.out().startsWith("JAVA_TOOL_OPTIONS=-Dlifecycle.tool=yes -javaagent:"), run::toString);
        assertTrue(run.out().contains("\nJDK_JAVA_OPTIONS=-Dlifecycle.jdk=yes\n_JAVA_OPTIONS=null\n"), run::toString);
        assertTrue(run.out().contains("\nlifecycle.tool=yes\nlifecycle.jdk=yes\nlifecycle.underscore=null\nJTRACE_* variables: []\n"),
                run::toString);
        assertEquals(1, run.err().lines().filter(l -> l.startsWith("Picked up JAVA_TOOL_OPTIONS: -Dlifecycle.tool=yes -javaagent:")).count(),
                run::toString);
        assertEquals(List.of("NOTE: Picked up JDK_JAVA_OPTIONS: -Dlifecycle.jdk=yes", "Picked up JAVA_TOOL_OPTIONS"),
                run.err().lines().filter(l -> l.contains("Picked up"))
                        .map(l -> l.startsWith("Picked up JAVA_TOOL_OPTIONS") ? "Picked up JAVA_TOOL_OPTIONS" : l).sorted().toList(),
                run::toString);
        List<Path> recordings;
        try (Stream<Path> files = Files.list(dir)) {
            recordings = files.filter(p -> p.getFileName().toString().matches("script-\\d+\\.jfr")).toList();
        }
        assertEquals(1, recordings.size(), run::toString);
        assertEquals(3, Recording.read(recordings.get(0)).thread("main").stream()
                .filter(e -> RunAndPrintTest.isCallOf(e, "lifecycle.JavaOptions.property")).count());
    }
}
