package io.jtrace.cli;

import io.jtrace.cli.docs.Completions;
import io.jtrace.cli.docs.ManPage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files {@code jtrace install} puts under a prefix, where each tool looks for them: the
 * executable in {@code bin/}, completions where bash-completion, zsh and fish find them, the
 * man page in {@code share/man/man1/}. A manifest ({@code share/jtrace/installed}) lists the
 * files and the directories install created, so that uninstall removes exactly those and leaves
 * the prefix as it was.
 */
final class Installation {
    static final String MANIFEST = "share/jtrace/installed";
    /** The SQL engine's jar goes beside the executable, where 'jtrace query' looks for it. */
    static final String QUERY_JAR = "bin/" + io.jtrace.cli.query.QueryJar.FILE_NAME;

    private final Path prefix;

    Installation(Path prefix) {
        this.prefix = prefix.toAbsolutePath().normalize();
    }

    /** ~/.local, with ~ as the shell has it ($HOME), as the README's PATH line does. */
    static Path defaultPrefix() {
        return Paths.get(JtraceCommand.home(), ".local");
    }

    /** Relative path under the prefix -> content (null: the executable itself). */
    Map<String, byte[]> files() {
        var cl = Main.commandLine();
        Map<String, byte[]> f = new LinkedHashMap<>();
        f.put("bin/jtrace", null);
        f.put("share/bash-completion/completions/jtrace", Completions.bash(cl).getBytes(StandardCharsets.UTF_8));
        f.put("share/zsh/site-functions/_jtrace", Completions.zsh(cl).getBytes(StandardCharsets.UTF_8));
        f.put("share/fish/vendor_completions.d/jtrace.fish", Completions.fish(cl).getBytes(StandardCharsets.UTF_8));
        f.put("share/man/man1/jtrace.1", ManPage.render(cl).getBytes(StandardCharsets.UTF_8));
        return f;
    }

    /** Copies everything, and the SQL engine's jar unless {@code queryJar} is null; returns the paths written. */
    List<Path> install(Path executable, Path queryJar) throws IOException {
        List<String> created = new ArrayList<>();
        List<Path> written = new ArrayList<>();
        if (!Files.exists(prefix)) created.add(".");
        Files.createDirectories(prefix);
        List<String> manifest = new ArrayList<>();
        Map<String, byte[]> files = new LinkedHashMap<>(files());
        if (queryJar != null) files.put(QUERY_JAR, null);
        files.put(MANIFEST, new byte[0]);
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            Path target = prefix.resolve(e.getKey());
            createParents(target.getParent(), created);
            if (e.getKey().equals(MANIFEST)) continue; // written last
            Path tmp = Files.createTempFile(target.getParent(), ".jtrace-", ".tmp");
            if (e.getKey().equals(QUERY_JAR)) {
                Files.copy(queryJar, tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            } else if (e.getValue() == null) {
                Files.copy(executable, tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            } else {
                Files.write(tmp, e.getValue());
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            }
            Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            manifest.add("file " + e.getKey());
            written.add(target);
        }
        List<String> previous = readManifest();
        for (String line : previous) if (line.startsWith("dir ") && !created.contains(line.substring(4))) created.add(line.substring(4));
        for (String dir : created) manifest.add("dir " + dir);
        manifest.add("file " + MANIFEST);
        Files.write(prefix.resolve(MANIFEST), manifest, StandardCharsets.UTF_8);
        return written;
    }

    private void createParents(Path dir, List<String> created) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path d = dir; d != null && !Files.exists(d); d = d.getParent()) missing.add(0, d);
        for (Path d : missing) {
            Files.createDirectory(d);
            created.add(prefix.relativize(d).toString());
        }
    }

    private List<String> readManifest() throws IOException {
        Path m = prefix.resolve(MANIFEST);
        return Files.exists(m) ? Files.readAllLines(m, StandardCharsets.UTF_8) : List.of();
    }

    /**
     * Removes the installed files, then the directories install created if they are empty
     * (deepest first); returns the files removed. Without a manifest: the known file names only.
     */
    List<Path> uninstall() throws IOException {
        List<String> manifest = readManifest();
        List<String> files = new ArrayList<>();
        List<String> dirs = new ArrayList<>();
        if (manifest.isEmpty()) {
            files.addAll(files().keySet());
            files.add(QUERY_JAR);
        } else {
            for (String line : manifest) {
                if (line.startsWith("file ")) files.add(line.substring(5));
                if (line.startsWith("dir ")) dirs.add(line.substring(4));
            }
        }
        List<Path> removed = new ArrayList<>();
        for (String f : files) {
            Path p = prefix.resolve(f).normalize();
            if (p.startsWith(prefix) && Files.deleteIfExists(p)) removed.add(p);
        }
        dirs.sort((a, b) -> b.length() - a.length());
        for (String d : dirs) {
            Path p = prefix.resolve(d).normalize();
            if (!p.startsWith(prefix) || !Files.isDirectory(p)) continue;
            try (var s = Files.list(p)) {
                if (s.findAny().isPresent()) continue;
            }
            Files.delete(p);
        }
        return removed;
    }
}
