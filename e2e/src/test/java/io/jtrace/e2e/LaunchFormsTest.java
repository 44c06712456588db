package io.jtrace.e2e;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.OutputStream;
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

/** The ways a program can be started: a script starting several JVMs, java -jar, java @argfile. */
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
}
