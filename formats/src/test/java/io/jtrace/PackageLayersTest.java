package io.jtrace;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packages of formats are layers (docs/design.md, "The packages"): each uses only those below
 * it, so no two packages use each other. Read from the sources: imports and qualified names.
 */
class PackageLayersTest {
    /** Lowest first; a sub-package sits with its parent (read.jfr beside read). */
    private static final List<String> LAYERS = List.of("model", "text", "read", "analysis", "replay", "history",
            "recording", "compare", "format", "write", "report");
    private static final Pattern USE = Pattern.compile("\\bio\\.jtrace\\.([a-z][a-z.]*?)\\.[A-Z]");

    private static String layer(String pkg) {
        int dot = pkg.indexOf('.');
        return dot < 0 ? pkg : pkg.substring(0, dot);
    }

    @Test
    void eachPackageUsesOnlyTheLayersBelowIt() throws IOException {
        Path root = Path.of("src/main/java/io/jtrace");
        assertTrue(Files.isDirectory(root), "run from the formats module: " + root.toAbsolutePath());
        Map<String, TreeSet<String>> upward = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(p -> p.toString().endsWith(".java")).toList();
        }
        for (Path f : files) {
            String pkg = root.relativize(f.getParent()).toString().replace('/', '.');
            String from = layer(pkg);
            assertTrue(LAYERS.contains(from), "package io.jtrace." + pkg + " has no place in the layers " + LAYERS);
            Matcher m = USE.matcher(Files.readString(f));
            while (m.find()) {
                String to = layer(m.group(1));
                if (!LAYERS.contains(to)) continue; // jfr-events' classes (events, runtime): below formats
                if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
                    upward.computeIfAbsent(from + " -> " + to, k -> new TreeSet<>()).add(f.getFileName().toString());
                }
            }
        }
        assertEquals(Map.of(), upward, "uses of a higher layer");
    }

    @Test
    void theLayersHoldEveryPackage() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("src/main/java/io/jtrace"))) {
            s.filter(Files::isDirectory).forEach(p -> found.add(p.getFileName().toString()));
        }
        assertEquals(new TreeSet<>(LAYERS), new TreeSet<>(found));
    }
}
