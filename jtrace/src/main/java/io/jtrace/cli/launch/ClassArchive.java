package io.jtrace.cli.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * jtrace's own class-data archive (AppCDS): the JVM maps the classes of jtrace, picocli and JLine
 * from it instead of reading, parsing and verifying them from the executable at every start, a
 * good part of a command's start-up (bench/README.md, "jtrace run's own start-up"). A static archive, not a
 * dynamic one: picocli's classes are Java 5 class files, which JDK 17 archives only statically.
 *
 * <p>The shell stub names the archive after the executable and the java it runs (their paths,
 * sizes and times) and uses it if it exists. If not, it has the JVM list the classes this run
 * loads ({@code -XX:DumpLoadedClassList}) and exports both paths; when the command is over,
 * {@link #makeIfMissing} starts, in the background (niced, output discarded), a training run that
 * lists what building every subcommand's model loads, then {@code java -Xshare:dump}, and the next
 * command starts from the archive. A failed dump leaves its lock: the
 * next attempt is an hour later.
 */
public final class ClassArchive {
    private static final long STALE_LOCK_MILLIS = 3_600_000;

    private ClassArchive() {}

    private static final String ARCHIVE = "JTRACE_CDS_ARCHIVE", CLASSES = "JTRACE_CDS_CLASSES";

    /** The stub's hand-over variables are jtrace's own, not the traced program's. */
    static void forgetStubVariables(java.util.Map<String, String> env) {
        env.remove(ARCHIVE);
        env.remove(CLASSES);
    }

    /** After a command: makes the archive the stub asked for, in the background; never throws. */
    public static void makeIfMissing() {
        String archive = System.getenv(ARCHIVE);
        String classes = System.getenv(CLASSES);
        if (archive == null) return;
        try {
            if (classes != null) {
                start(Paths.get(archive), Paths.get(classes));
            } else if (!System.getProperty("java.vm.info", "").contains("sharing") && !sharingTurnedOff()) {
                // given the archive, the JVM ran without it (damaged, or made by another build of
                // the same java): removed, so that the next command lists its classes for a new one
                Files.deleteIfExists(Paths.get(archive));
                Files.deleteIfExists(Paths.get(archive + ".size"));
            }
        } catch (IOException | RuntimeException e) {
            // start-up stays as it was; nothing the user needs to hear about
        }
    }

    /** JTRACE_OPTS=-Xshare:off: the archive was not refused, only not used (looked up only then: it costs). */
    private static boolean sharingTurnedOff() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-Xshare:off");
    }

    private static void start(Path archive, Path runClasses) throws IOException {
        try {
            if (Files.exists(archive) || !Files.isRegularFile(runClasses) || !lock(archive)) return;
            Path jar = executable();
            Path javaBin = Paths.get(System.getProperty("java.home"), "bin", "java");
            if (jar == null || !Files.isExecutable(javaBin)) return;
            prune(archive.getParent());
            Path list = archive.resolveSibling(archive.getFileName() + ".classlist");
            Files.write(list, classList(runClasses, jar));
            // The dump runs after this JVM is gone: a shell renames the finished archive into place.
            // Before it, a training run (ClassTraining) builds every subcommand's model and runs the
            // reading commands on a small recording: it lists what a first command such as run or
            // --version does not load, the JDK classes picocli needs for the models and the reading
            // path's lambdas. Its lines join this run's list without their ids (a list's ids must be
            // unique), each once (JDK 17's dump crashes on a lambda listed twice), and without
            // constant-pool lines; on JDK 24+ also without its method-handle forms
            // (@lambda-form-invoker): with them JDK 25's dump links the classes they name and then
            // leaves out picocli's (Java 5 class files, archived only unlinked). If the joined list
            // fails anyway, the dump is made from this run's list alone. A crash report goes to the
            // cache, then away.
            String java = "nice \"$0\" -XX:+UseSerialGC -XX:ErrorFile=\"$2.$$.err\"";
            String keptTrainingLines = Runtime.version().feature() >= 24 ? "/^@lambda-proxy /!{/^@/d;}" : "/^@lambda-proxy /!{/^@lambda-form-invoker /!{/^@/d;};}";
            String script = java + " -XX:DumpLoadedClassList=\"$1.training\" -cp \"$3\" io.jtrace.cli.ClassTraining;"
                    + " { cat \"$1\"; sed -e '" + keptTrainingLines + "' -e '/ source: /d' -e 's/ id: .*//' \"$1.training\"; } | awk '!seen[$0]++' >\"$1.all\";"
                    + " { " + java + " -Xshare:dump -XX:SharedClassListFile=\"$1.all\" -XX:SharedArchiveFile=\"$2.$$\" -cp \"$3\""
                    + " || " + java + " -Xshare:dump -XX:SharedClassListFile=\"$1\" -XX:SharedArchiveFile=\"$2.$$\" -cp \"$3\"; };"
                    // the lists go first, then the archive's size (the stub uses no archive of another
                    // size), then the archive into place, then the lock: a command between them sees no
                    // archive, or a whole one
                    + " ok=$?; rm -f \"$1\" \"$1.training\" \"$1.all\" \"$2.$$.err\";"
                    + " [ $ok -eq 0 ] && wc -c <\"$2.$$\" >\"$2.size\" && mv -f \"$2.$$\" \"$2\" && rm -f \"$2.lock\";"
                    + " rm -f \"$2.$$\"";
            ProcessBuilder dump = new ProcessBuilder("sh", "-c", script, javaBin.toString(), list.toString(), archive.toString(), jar.toString())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .directory(archive.getParent().toFile());
            forgetStubVariables(dump.environment()); // the training run is not a command that makes an archive
            dump.start();
        } finally {
            Files.deleteIfExists(runClasses);
        }
    }

    /** Archives kept for other executables or JDKs (each rebuild of jtrace is another executable). */
    static final int KEEP = 3;

    /** A class list left by a command that did not end its own way (killed, interrupted) is dropped after this. */
    static final long STALE_LIST_MILLIS = 86_400_000;

    /**
     * Removes all but the {@link #KEEP} - 1 most recently made archives (the one being made is the
     * last), and what commands that did not end their own way left: class lists over a day old,
     * locks of dumps that died.
     */
    static void prune(Path dir) throws IOException {
        List<Path> archives = new ArrayList<>();
        long now = System.currentTimeMillis();
        try (var files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String name = p.getFileName().toString();
                if (name.endsWith(".jsa")) archives.add(p);
                else if (name.endsWith(".classes") && now - modified(p) > STALE_LIST_MILLIS) Files.deleteIfExists(p);
                else if (name.endsWith(".jsa.lock") && now - modified(p) > STALE_LOCK_MILLIS) Files.deleteIfExists(p);
            }
        }
        if (archives.size() < KEEP) return;
        archives.sort(java.util.Comparator.comparingLong(ClassArchive::modified).reversed());
        for (Path old : archives.subList(KEEP - 1, archives.size())) {
            Files.deleteIfExists(old);
            Files.deleteIfExists(old.resolveSibling(old.getFileName() + ".size"));
        }
    }

    /** When {@code p} was last written, in ms since the epoch; 0 if it is gone (its deletion is then a no-op). */
    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException gone) {
            return 0;
        }
    }

    /** One dump at a time per archive; a lock older than an hour belongs to a dump that died. */
    private static boolean lock(Path archive) throws IOException {
        Path lock = archive.resolveSibling(archive.getFileName() + ".lock");
        try {
            Files.createFile(lock);
            return true;
        } catch (FileAlreadyExistsException e) {
            if (System.currentTimeMillis() - modified(lock) < STALE_LOCK_MILLIS) return false;
            Files.setLastModifiedTime(lock, FileTime.fromMillis(System.currentTimeMillis()));
            return true;
        }
    }

    /**
     * What to archive: the JDK's own default class list (the archive replaces the JDK's), the
     * classes this run loaded (with the lambda forms the JVM listed for them), and every class of
     * the executable, so that every subcommand starts from the archive, not only the first one run.
     */
    static List<String> classList(Path runClasses, Path jar) throws IOException {
        List<String> lines = new ArrayList<>();
        Path jdkList = Paths.get(System.getProperty("java.home"), "lib", "classlist");
        if (Files.isRegularFile(jdkList)) lines.addAll(Files.readAllLines(jdkList, StandardCharsets.UTF_8));
        lines.addAll(Files.readAllLines(runClasses, StandardCharsets.UTF_8));
        try (InputStream in = Files.newInputStream(jar); ZipInputStream zip = new ZipInputStream(skipStub(in))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                String n = e.getName();
                if (n.endsWith(".class") && !n.startsWith("META-INF/") && !n.endsWith("module-info.class")) {
                    lines.add(n.substring(0, n.length() - ".class".length()));
                }
            }
        }
        return lines;
    }

    /** The executable is a shell stub followed by the jar: the zip stream starts at the first entry. */
    private static InputStream skipStub(InputStream in) throws IOException {
        java.io.BufferedInputStream b = new java.io.BufferedInputStream(in, 1 << 16);
        byte[] head = new byte[1 << 16];
        b.mark(head.length);
        int n = b.readNBytes(head, 0, head.length);
        b.reset();
        for (int i = 0; i + 3 < n; i++) {
            if (head[i] == 'P' && head[i + 1] == 'K' && head[i + 2] == 3 && head[i + 3] == 4) {
                b.skipNBytes(i);
                return b;
            }
        }
        return b;
    }

    /** The executable (or jar) this JVM runs from; null if unknown. */
    private static Path executable() {
        try {
            java.security.CodeSource source = ClassArchive.class.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path p = Paths.get(source.getLocation().toURI());
            return Files.isRegularFile(p) ? p : null;
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
