package io.jtrace.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The benchmark programs in bench/ (run as single-file sources, see bench/README.md) compile
 * against the current library, agent and CLI: nothing else builds them, so an API change would
 * leave them broken unseen. Compile only; each file on its own, as {@code java bench/X.java} does.
 */
class BenchCompilesTest {
    @TempDir
    Path dir;

    @Test
    void everyBenchProgramCompiles() throws Exception {
        Path bench = Path.of(System.getProperty("jtrace.root", "..")).resolve("bench");
        List<Path> sources;
        try (Stream<Path> s = Files.list(bench)) {
            sources = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertTrue(sources.size() >= 5, "bench/*.java: " + sources);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> failures = new ArrayList<>();
        for (Path source : sources) {
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            Path out = Files.createDirectories(dir.resolve(source.getFileName().toString()));
            try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
                boolean ok = javac.getTask(null, files, diagnostics,
                        List.of("-proc:none", "-Xlint:none", "-classpath", System.getProperty("java.class.path"), "-d", out.toString()),
                        null, files.getJavaFileObjects(source.toFile())).call();
                List<String> errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                        .map(d -> source.getFileName() + ":" + d.getLineNumber() + ": " + d.getMessage(null)).toList();
                if (!ok || !errors.isEmpty()) failures.add(source.getFileName() + ": " + errors);
            }
        }
        assertEquals(List.of(), failures);
    }
}
