package io.jtrace.agent.instrument;

import io.jtrace.pattern.MethodFilter;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/** Class files of the examples and of Gson, read as bytes from the test class path (nothing is loaded). */
final class ClassBytes {
    private ClassBytes() {}

    /** The class file of {@code dottedName}, or null if the class path has none. */
    static byte[] of(String dottedName) {
        return resource(dottedName.replace('.', '/') + ".class");
    }

    static byte[] resource(String path) {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(path)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fresh instrumenter with deterministic ids, tracing every method. */
    static ClassInstrumenter instrumenter(CountingMethodIds ids) {
        return new ClassInstrumenter(MethodFilter.all(), ids, ClassInstrumenter.callProbes());
    }

    /** {@code dottedName} rewritten with deterministic ids; fails if the instrumenter left it alone. */
    static byte[] instrumented(String dottedName) {
        byte[] original = of(dottedName);
        if (original == null) throw new AssertionError("no class file for " + dottedName);
        byte[] result = instrumenter(new CountingMethodIds()).instrument(original);
        if (result == null) throw new AssertionError(dottedName + " was not instrumented");
        return result;
    }

    /** Every class of the examples module (read from the directory or jar holding sampler.Main). */
    static List<String> exampleClasses() {
        return classesBeside("sampler/Main.class", List.of("args/", "bank/", "counter/", "lifecycle/", "sampler/", "thirdparty/"));
    }

    /** Every class of the Gson jar. */
    static List<String> gsonClasses() {
        return classesBeside("com/google/gson/Gson.class", List.of("com/google/gson/"));
    }

    private static List<String> classesBeside(String known, List<String> prefixes) {
        try {
            String url = ClassLoader.getSystemResource(known).toString();
            List<String> names = new ArrayList<>();
            if (url.startsWith("jar:file:")) {
                Path jar = Paths.get(java.net.URI.create(url.substring(4, url.indexOf("!/"))));
                try (JarFile jf = new JarFile(jar.toFile())) {
                    for (Enumeration<JarEntry> e = jf.entries(); e.hasMoreElements(); ) {
                        String n = e.nextElement().getName();
                        if (n.endsWith(".class") && !n.contains("module-info") && !n.startsWith("META-INF/")
                                && prefixes.stream().anyMatch(n::startsWith)) {
                            names.add(n.substring(0, n.length() - 6).replace('/', '.'));
                        }
                    }
                }
            } else {
                Path root = Paths.get(java.net.URI.create(url)).getParent().getParent();
                try (var files = java.nio.file.Files.walk(root)) {
                    files.map(p -> root.relativize(p).toString().replace(java.io.File.separatorChar, '/'))
                            .filter(n -> n.endsWith(".class") && prefixes.stream().anyMatch(n::startsWith))
                            .forEach(n -> names.add(n.substring(0, n.length() - 6).replace('/', '.')));
                }
            }
            names.sort(null);
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
