package io.jtrace.cli.launch;

import io.jtrace.cli.UserException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The agent and runtime jars carried inside the executable, unpacked once per build into a
 * cache directory ({@code $XDG_CACHE_HOME/jtrace/<hash>}, else {@code ~/.cache/jtrace/<hash>}).
 * The agent's manifest finds the runtime beside it (Boot-Class-Path).
 */
public final class AgentJars {
    private static final String AGENT = "jtrace-agent.jar";
    private static final String RUNTIME = "jtrace-runtime.jar";
    private static final String ATTACH = "jtrace-attach.jar";

    private AgentJars() {}

    /** Path of the agent jar, unpacking it (and the runtime beside it) if needed. */
    public static Path agentJar() {
        try {
            String key = keyFromArchive();
            if (key != null) {
                // the common case, unpacked by an earlier run: no jar bytes read, nothing hashed
                Path dir = cacheRoot().resolve(key);
                if (Files.isRegularFile(dir.resolve(AGENT)) && Files.isRegularFile(dir.resolve(RUNTIME))) return dir.resolve(AGENT);
            }
            byte[] agent = resource(AGENT);
            byte[] runtime = resource(RUNTIME);
            Path dir = cacheRoot().resolve(key != null ? key : hash(agent, runtime));
            Files.createDirectories(dir);
            install(dir.resolve(RUNTIME), runtime);
            install(dir.resolve(AGENT), agent);
            return dir.resolve(AGENT);
        } catch (IOException e) {
            throw new UserException("cannot unpack the agent into " + cacheRoot() + ": " + io.jtrace.cli.FileProblems.reason(e)
                    + " (set XDG_CACHE_HOME to a writable directory)");
        }
    }

    /**
     * The agent for {@code jtrace attach} and {@code detach}: the same classes, without the
     * manifest's Boot-Class-Path. A JVM prints "Sharing is only supported for boot loader classes
     * because bootstrap classpath has been appended" on its stderr at every such append; agentmain
     * appends the runtime itself, once per JVM, so a second attach and every detach add nothing.
     */
    public static Path attachJar() {
        Path agent = agentJar();
        Path attach = agent.resolveSibling(ATTACH);
        try {
            if (!Files.exists(attach)) {
                java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                try (java.util.jar.JarInputStream in = new java.util.jar.JarInputStream(Files.newInputStream(agent))) {
                    java.util.jar.Manifest m = new java.util.jar.Manifest(in.getManifest());
                    m.getMainAttributes().remove(new java.util.jar.Attributes.Name("Boot-Class-Path"));
                    try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(bytes, m)) {
                        for (java.util.jar.JarEntry e; (e = in.getNextJarEntry()) != null; ) {
                            out.putNextEntry(new java.util.jar.JarEntry(e.getName()));
                            in.transferTo(out);
                            out.closeEntry();
                        }
                    }
                }
                install(attach, bytes.toByteArray());
            }
            return attach;
        } catch (IOException e) {
            throw new UserException("cannot unpack the agent into " + agent.getParent() + ": " + io.jtrace.cli.FileProblems.reason(e)
                    + " (set XDG_CACHE_HOME to a writable directory)");
        }
    }

    /** jtrace's cache directory: {@code $XDG_CACHE_HOME/jtrace}, else {@code ~/.cache/jtrace}. */
    public static Path cacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isEmpty() ? Paths.get(xdg) : Paths.get(System.getProperty("user.home"), ".cache");
        return base.resolve("jtrace");
    }

    /**
     * The cache key from the archive's own directory (each embedded jar's CRC-32 and size), when
     * jtrace runs from its executable: reading and hashing both jars delayed every run
     * (bench/README.md, "jtrace run's own start-up").
     * Null when it runs from a directory of classes (tests).
     */
    private static String keyFromArchive() {
        try {
            java.security.CodeSource source = AgentJars.class.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path archive = Paths.get(source.getLocation().toURI());
            if (!Files.isRegularFile(archive)) return null;
            try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(archive.toFile())) {
                java.util.zip.ZipEntry agent = zip.getEntry("io/jtrace/cli/embedded/" + AGENT);
                java.util.zip.ZipEntry runtime = zip.getEntry("io/jtrace/cli/embedded/" + RUNTIME);
                if (agent == null || runtime == null || agent.getCrc() < 0 || runtime.getCrc() < 0) return null;
                return String.format("z%08x%08x%x%x", agent.getCrc(), runtime.getCrc(), agent.getSize(), runtime.getSize());
            }
        } catch (IOException | java.net.URISyntaxException | RuntimeException e) {
            return null; // hash the bytes instead
        }
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = AgentJars.class.getResourceAsStream("/io/jtrace/cli/embedded/" + name)) {
            if (in == null) throw new IOException(name + " is missing from this build of jtrace");
            return in.readAllBytes();
        }
    }

    private static void install(Path target, byte[] content) throws IOException {
        if (Files.exists(target) && Files.size(target) == content.length) return;
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
        Files.write(tmp, content);
        moveIntoPlace(tmp, target);
    }

    /**
     * Moves {@code tmp}, written whole beside {@code target}, into its place at once where the file
     * system can: another jtrace reading the cache sees the old file or the new one, never a part.
     */
    public static void moveIntoPlace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String hash(byte[] a, byte[] b) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(a);
            md.update(b);
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
