package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jtrace's own class-data archive (AppCDS, see ClassArchive; on JDK 24+ with classes linked ahead
 * of time): made in the background after the first command with a fresh cache, used by the next one
 * (its classes come from the archive); commands print the same with it, without it and while it is
 * made; a damaged or stale archive is never a visible error and is replaced; JTRACE_CDS=off makes none.
 */
class ClassArchiveTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private Map<String, String> env(Jdk jdk, String... more) {
        var env = new java.util.HashMap<>(Map.of("XDG_CACHE_HOME", dir.resolve("cache").toString(),
                "JTRACE_JAVA", jdk.java().toString()));
        for (int i = 0; i < more.length; i += 2) env.put(more[i], more[i + 1]);
        return env;
    }

    private Path cdsDir() {
        return dir.resolve("cache/jtrace/cds");
    }

    private List<Path> archives() throws Exception {
        if (!Files.isDirectory(cdsDir())) return List.of();
        try (Stream<Path> s = Files.list(cdsDir())) {
            return s.filter(p -> p.toString().endsWith(".jsa")).toList();
        }
    }

    /** Waits for the background dump (niced; seconds on a loaded machine). */
    private Path awaitArchive() throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            List<Path> a = archives();
            // done: the archive in place and its dump's lock gone (removed right after the move)
            if (a.size() == 1 && !Files.exists(a.get(0).resolveSibling(a.get(0).getFileName() + ".lock"))) return a.get(0);
            Thread.sleep(200);
        }
        throw new AssertionError("no archive in " + cdsDir() + " after 120 s");
    }

    /** jtrace's own classes loaded, and how many of them came from the archive (class+load log to a file). */
    private long[] jtraceClasses(Jdk jdk, Path log, String... args) throws Exception {
        Files.deleteIfExists(log);
        Jtrace.Result r = Jtrace.jtraceWithEnv(dir, env(jdk, "JTRACE_OPTS", "-Xlog:class+load=info:file=" + log), args);
        assertEquals(0, r.exit(), r::toString);
        assertEquals("", r.err(), r::toString);
        try (Stream<String> lines = Files.lines(log)) {
            // lambdas are spun at run time (those of the listing run come from the archive too)
            // and Version, whose interface is picocli's IVersionProvider: JDK 25 archives no class of
            // picocli's (Java 5 class files) nor a class that implements one of them
            List<String> ours = lines.filter(l -> l.contains(" io.jtrace.") && !l.contains("$$Lambda")
                    && !l.contains(" io.jtrace.cli.Version ")).toList();
            return new long[] {ours.size(), ours.stream().filter(l -> l.contains("shared objects file")).count()};
        }
    }

    /** picocli's classes that were read from the executable, not the archive (class+load log of a command). */
    private static long picocliOutsideTheArchive(Path log) throws Exception {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(l -> l.contains(" picocli.") && !l.contains("shared objects file")).count();
        }
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void madeAfterTheFirstCommandAndUsedByTheNext(Jdk jdk) throws Exception {
        Path log = dir.resolve("classes.log");
        assertEquals(0, jtraceClasses(jdk, log, "--version")[1], "no archive yet");
        Path archive = awaitArchive();
        assertTrue(Files.size(archive) > 1_000_000, archive::toString);
        // another subcommand than the one that listed its classes: every class of the executable is in it
        Jtrace.Result rec = Jtrace.trace(dir, jdk, dir.resolve("a.jfr"), List.of(), "counter.Counter", "10", "10");
        assertEquals(0, rec.exit(), rec::toString);
        long[] loaded = jtraceClasses(jdk, log, "summary", "a.jfr");
        assertTrue(loaded[0] > 50 && loaded[1] == loaded[0],
                "of " + loaded[0] + " jtrace classes loaded, " + loaded[1] + " came from the archive");
        // a handful of its interfaces are never archived; JDK 25 leaves out all of them (~140) if
        // the dump was made to link them (the training run's lambda lines did)
        long picocli = picocliOutsideTheArchive(log);
        assertTrue(picocli <= 10, picocli + " picocli classes read from the executable, not the archive");
        // picocli's converters for types no option has are not looked up (Main's static block)
        try (Stream<String> lines = Files.lines(log)) {
            List<String> unused = lines.filter(l -> l.contains(" java.sql.") || l.contains(" java.time.YearMonth ")).toList();
            assertEquals(List.of(), unused, "classes loaded for converters no option uses");
        }
        // the training run's reading commands put their lambdas in it, though the first command was
        // --version: only Main's, which implement picocli's interfaces (never archived), are spun
        try (Stream<String> lines = Files.lines(log)) {
            List<String> spun = lines.filter(l -> l.contains(" io.jtrace.") && l.contains("$$Lambda")
                    && !l.contains("shared objects file") && !l.contains(" io.jtrace.cli.Main$$Lambda")).toList();
            assertEquals(List.of(), spun, "jtrace's lambdas spun at start, not taken from the archive");
        }
        try (Stream<Path> s = Files.list(cdsDir())) {
            assertEquals(java.util.Set.of(archive, archive.resolveSibling(archive.getFileName() + ".size")), java.util.Set.copyOf(s.toList()),
                    "only the archive and its size are left (no class lists, no lock)");
        }
    }

    /**
     * Commands whose output does not change from run to run, on the recording {@code rec}: each
     * prints the same with the archive as without one (JTRACE_CDS=off), and nothing on stderr.
     */
    private void sameAsWithout(Jdk jdk, Path rec, String state) throws Exception {
        for (String[] args : List.of(new String[] {"--version"}, new String[] {"--help"}, new String[] {"summary", rec.toString()},
                new String[] {"query", rec.toString(), "SELECT count(*) FROM calls"})) {
            Jtrace.Result with = Jtrace.jtraceWithEnv(dir, env(jdk), args);
            Jtrace.Result without = Jtrace.jtraceWithEnv(dir, env(jdk, "JTRACE_CDS", "off"), args);
            String what = state + ", " + jdk + ": jtrace " + String.join(" ", args);
            assertEquals(0, with.exit(), what + ": " + with);
            assertEquals("", with.err(), what + " wrote to stderr");
            assertEquals(without.out(), with.out(), what + ": not what it prints without an archive");
            assertTrue(with.out().length() > 10, what + ": " + with);
        }
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void commandsPrintTheSameWithTheArchivePresentAbsentAndWhileItIsMade(Jdk jdk) throws Exception {
        Path rec = dir.resolve("a.jfr");
        Jtrace.Result made = Jtrace.trace(dir, jdk, rec, List.of(), "counter.Counter", "10", "10");
        assertEquals(0, made.exit(), made::toString);
        sameAsWithout(jdk, rec, "absent, then made in the background");
        Path archive = awaitArchive();
        FileTime madeAt = Files.getLastModifiedTime(archive);
        sameAsWithout(jdk, rec, "present");
        // every command used it: one that could not (on JDK 24+, other module options than the
        // dump's) would have removed it for another to be made
        assertEquals(List.of(archive), archives());
        assertEquals(madeAt, Files.getLastModifiedTime(archive), "the archive was made again");
    }

    /**
     * A damaged archive (not an archive at all), then one cut short (a disk error, a copied cache:
     * JDK 17 dies of SIGBUS mapping one, on every command, leaving a crash report in the user's
     * directory): each is never a visible error, is removed so that the next command lists its
     * classes again, and is replaced. The stub uses an archive only at the size its dump wrote.
     * One case for both (each archive made costs a training run; the e2e suite's time, docs/testing.md).
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aDamagedOrCutArchiveIsIgnoredThenReplaced(Jdk jdk) throws Exception {
        Jtrace.jtraceWithEnv(dir, env(jdk), "--version");
        String plain = Jtrace.jtraceWithEnv(dir, env(jdk, "JTRACE_CDS", "off"), "--version").out();

        Path archive = awaitArchive();
        archive.toFile().setWritable(true);
        Files.writeString(archive, "not an archive");
        Jtrace.Result r = Jtrace.jtraceWithEnv(dir, env(jdk), "--version");
        assertEquals(0, r.exit(), r::toString);
        assertEquals("", r.err(), "a damaged archive is no error of the user's: " + r);
        assertEquals(plain, r.out());
        assertFalse(Files.exists(archive), "removed, so that the next command lists its classes again");
        Jtrace.jtraceWithEnv(dir, env(jdk), "--version");

        archive = awaitArchive();
        assertTrue(Files.size(archive) > 1_000_000);
        archive.toFile().setWritable(true);
        try (var f = new java.io.RandomAccessFile(archive.toFile(), "rw")) {
            f.setLength(f.length() / 2);
        }
        r = Jtrace.jtraceWithEnv(dir, env(jdk), "--version");
        assertEquals(0, r.exit(), r::toString);
        assertEquals("", r.err(), "a cut archive is no error of the user's: " + r);
        assertEquals(plain, r.out());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith("hs_err")).toList(), "a JVM crash report");
        }
        Jtrace.jtraceWithEnv(dir, env(jdk), "--version");
        Path again = awaitArchive();
        assertEquals(Files.size(again), Long.parseLong(Files.readString(again.resolveSibling(again.getFileName() + ".size")).strip()));
    }

    /**
     * A stale archive: the executable was rebuilt in place (same path, another file). The archive
     * named after the old one is not used for the new one (the name holds the file's size and time,
     * and the JVM itself checks them); the command runs as without one and says nothing, and an
     * archive for the new executable is made beside the old one, which later builds prune.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aRebuiltExecutableGetsAnArchiveOfItsOwn(Jdk jdk) throws Exception {
        Path exe = dir.resolve("bin/jtrace");
        Files.createDirectories(exe.getParent());
        Files.copy(Jtrace.executable(), exe);
        Jtrace.Result first = Jtrace.exec(dir, List.of(exe.toString(), "--version"), env(jdk));
        assertEquals(0, first.exit(), first::toString);
        Path old = awaitArchive();
        Files.copy(Jtrace.executable(), exe, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(exe, FileTime.fromMillis(Files.getLastModifiedTime(old).toMillis() + 60_000));
        Jtrace.Result r = Jtrace.exec(dir, List.of(exe.toString(), "summary", "--help"), env(jdk));
        assertEquals(0, r.exit(), r::toString);
        assertEquals("", r.err(), "a stale archive is no error of the user's: " + r);
        assertEquals(Jtrace.exec(dir, List.of(exe.toString(), "summary", "--help"), env(jdk, "JTRACE_CDS", "off")).out(), r.out());
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (archives().size() < 2 && System.nanoTime() < deadline) Thread.sleep(200);
        assertEquals(2, archives().size(), "an archive for the rebuilt executable beside the old one: " + archives());
        assertTrue(Files.exists(old));
    }

    /**
     * The archive is asked for while the command ends: before jtrace's JVM exits it has locked
     * the archive it starts making (ClassArchive.makeIfMissing), so the cache directory is there
     * the moment the command returns, as the same command without JTRACE_CDS=off shows; with off
     * there is none at that moment, and none can come later.
     */
    @Test
    void offMakesNone() throws Exception {
        Jtrace.Result r = Jtrace.jtraceWithEnv(dir, env(Jdk.current(), "JTRACE_CDS", "off"), "--version");
        assertEquals(0, r.exit(), r::toString);
        assertFalse(Files.exists(cdsDir()), "JTRACE_CDS=off: no archive, no class list");
        Jtrace.Result on = Jtrace.jtraceWithEnv(dir, env(Jdk.current()), "--version");
        assertEquals(0, on.exit(), on::toString);
        try (Stream<Path> s = Files.list(cdsDir())) {
            List<String> names = s.map(p -> p.getFileName().toString()).toList();
            assertTrue(names.stream().anyMatch(n -> n.endsWith(".jsa.lock") || n.endsWith(".jsa")),
                    "without off, the dump is under way when the command returns: " + names);
        }
        awaitArchive(); // the background dump done before the directory is removed
    }
}
