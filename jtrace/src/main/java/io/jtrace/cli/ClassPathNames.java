package io.jtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The classes a java command's class path holds ({@code -cp}, {@code -classpath},
 * {@code --class-path}, {@code -jar}): what a misspelt {@code --include} most likely meant, when
 * the recording holds no method to compare it with (an --include that matches nothing traces
 * nothing). Read only then; at most {@value #MOST} names, so a huge class path stays cheap.
 */
final class ClassPathNames {
    private static final int MOST = 200_000;

    private ClassPathNames() {}

    static Set<String> of(List<String> command) {
        Set<String> names = new TreeSet<>();
        if (command == null) return names;
        for (int i = 0; i + 1 < command.size(); i++) {
            String a = command.get(i);
            if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")) {
                for (String entry : command.get(i + 1).split(java.io.File.pathSeparator)) add(entry, names);
            } else if (a.equals("-jar")) {
                add(command.get(i + 1), names);
            }
        }
        return names;
    }

    private static void add(String entry, Set<String> names) {
        if (entry.isEmpty() || entry.endsWith("*")) return;
        Path p = Paths.get(entry);
        try {
            if (Files.isDirectory(p)) {
                try (Stream<Path> files = Files.walk(p)) {
                    files.filter(f -> f.toString().endsWith(".class")).limit(MOST)
                            .forEach(f -> name(p.relativize(f).toString().replace(java.io.File.separatorChar, '/'), names));
                }
            } else if (Files.isRegularFile(p)) {
                try (ZipFile jar = new ZipFile(p.toFile())) {
                    for (Enumeration<? extends ZipEntry> e = jar.entries(); e.hasMoreElements() && names.size() < MOST; ) {
                        name(e.nextElement().getName(), names);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // an entry that cannot be read suggests nothing
        }
    }

    private static void name(String path, Set<String> names) {
        if (!path.endsWith(".class") || path.endsWith("module-info.class") || path.startsWith("META-INF/")) return;
        String cls = path.substring(0, path.length() - ".class".length()).replace('/', '.');
        if (!cls.contains("$") && names.size() < MOST) names.add(cls); // nested classes: their outer class is the name to suggest
    }
}
