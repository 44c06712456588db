package io.jtrace.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A JDK to run traced programs on. The tests run on the JDK that runs Maven (17 by default) and
 * on one JDK of every other major version 17+ found beside it (e.g. /usr/lib/jvm/temurin-25-*),
 * or on the homes listed in JTRACE_TEST_JDKS (colon-separated).
 *
 * <p>They need two: JDK 17 and one of 21 or later (virtual threads, JDK 25's JFR). With fewer,
 * every test that asks for the JDKs fails, naming what was found, rather than running silently on
 * one; {@code JTRACE_ONE_JDK=1} runs on what there is on purpose. The JDKs used are written to
 * {@code target/test-jdks.txt} of the module (printed by .ci/run).
 */
public record Jdk(Path home, int major) {
    public Path java() {
        return home.resolve("bin/java");
    }

    public Path jfrTool() {
        return home.resolve("bin/jfr");
    }

    @Override
    public String toString() {
        return "JDK " + major;
    }

    private static List<Jdk> all;

    public static synchronized List<Jdk> all() {
        if (all != null) return all;
        Map<Integer, Jdk> found = new TreeMap<>();
        Jdk current = of(Paths.get(System.getProperty("java.home")));
        if (current != null) found.put(current.major(), current);
        String listed = System.getenv("JTRACE_TEST_JDKS");
        List<Path> candidates = new ArrayList<>();
        if (listed != null && !listed.isBlank()) {
            for (String s : listed.split(":")) candidates.add(Paths.get(s));
        } else {
            Path parent = Paths.get(System.getProperty("java.home")).toAbsolutePath().getParent();
            try (Stream<Path> s = Files.list(parent)) {
                s.sorted().forEach(candidates::add);
            } catch (IOException ignored) {
                // only the current JDK
            }
        }
        for (Path p : candidates) {
            Jdk j = of(p);
            if (j != null && j.major() >= 17) found.putIfAbsent(j.major(), j);
        }
        List<Jdk> jdks = List.copyOf(found.values());
        int listedFound = 0;
        if (listed != null && !listed.isBlank()) {
            for (String p : listed.split(":")) if (of(Paths.get(p)) != null) listedFound++;
        }
        String missing = missing(jdks, listed != null && !listed.isBlank() ? listedFound : -1);
        if (missing != null && !"1".equals(System.getenv("JTRACE_ONE_JDK"))) {
            throw new IllegalStateException(missing + " (set JTRACE_TEST_JDKS=home17:home25, or JTRACE_ONE_JDK=1 to run on "
                    + jdks + " on purpose)");
        }
        try {
            Path target = Files.createDirectories(Paths.get("target"));
            StringBuilder lines = new StringBuilder();
            for (Jdk j : jdks) lines.append(j).append(' ').append(j.home()).append('\n');
            if (missing != null) lines.append("JTRACE_ONE_JDK=1: ").append(missing).append('\n');
            Files.writeString(target.resolve("test-jdks.txt"), lines);
        } catch (IOException e) {
            // only the record for .ci/run
        }
        all = jdks;
        return all;
    }

    /**
     * Why {@code jdks} cannot be run on, or null: the tests need JDK 17 and one of 21 or later;
     * {@code listed}: how many usable homes JTRACE_TEST_JDKS named (-1: not set), which must be two or more.
     */
    static String missing(List<Jdk> jdks, int listed) {
        boolean has17 = jdks.stream().anyMatch(j -> j.major() == 17);
        boolean hasNew = jdks.stream().anyMatch(j -> j.major() >= 21);
        if (listed >= 0 && listed < 2) return "JTRACE_TEST_JDKS names " + listed + " usable JDK(s); the tests need two";
        if (!has17 || !hasNew) return "the tests need JDK 17 and a JDK 21 or later; found " + jdks;
        return null;
    }

    /** The newest JDK found (for virtual threads and the like). */
    public static Jdk newest() {
        List<Jdk> l = all();
        return l.get(l.size() - 1);
    }

    public static Jdk current() {
        return all().stream().filter(j -> j.major() == Runtime.version().feature()).findFirst().orElseThrow();
    }

    private static Jdk of(Path home) {
        try {
            Path real = home.toRealPath();
            Path release = real.resolve("release");
            if (!Files.isRegularFile(release) || !Files.isExecutable(real.resolve("bin/java"))) return null;
            Properties p = new Properties();
            try (var in = Files.newInputStream(release)) {
                p.load(in);
            }
            String v = p.getProperty("JAVA_VERSION", "").replace("\"", "");
            if (v.isEmpty()) return null;
            String first = v.split("[.\\-+]")[0];
            int major = Integer.parseInt(first.equals("1") ? v.split("\\.")[1] : first);
            return new Jdk(real, major);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
