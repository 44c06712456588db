package io.jtrace.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** jtrace install and uninstall into a temporary prefix, checked with the tools that use the files. */
class InstallTest {
    @TempDir
    Path dir;

    @Test
    void installFindsItsToolsAndUninstallLeavesThePrefixAsItWas() throws Exception {
        Path prefix = dir.resolve("prefix");
        Files.createDirectories(prefix.resolve("bin"));
        Files.writeString(prefix.resolve("bin/other-tool"), "#!/bin/sh\n");
        List<String> before = tree(prefix);

        Jtrace.Result install = Jtrace.jtrace(dir, "install", "--prefix", prefix.toString());
        assertEquals(0, install.exit(), install::toString);
        Path exe = prefix.resolve("bin/jtrace");
        assertTrue(Files.isExecutable(exe));
        assertEquals(Files.size(Jtrace.executable()), Files.size(exe));

        Jtrace.Result version = Jtrace.exec(dir, List.of(exe.toString(), "--version"), Map.of());
        assertEquals(0, version.exit(), version::toString);
        // the SQL engine beside it, where the installed jtrace finds it
        Path queryJar = prefix.resolve("bin/jtrace-query.jar");
        assertEquals(Files.size(Jtrace.executable().resolveSibling("jtrace-query.jar")), Files.size(queryJar));
        Jtrace.Result sql = Jtrace.exec(dir, List.of(exe.toString(), "query", "missing.jfr", "SELECT 1"), Map.of());
        assertEquals("jtrace query: no such file: missing.jfr\n", sql.err(), "the engine was found, then the file checked");

        Path bash = prefix.resolve("share/bash-completion/completions/jtrace");
        Jtrace.Result complete = Jtrace.exec(dir, List.of("bash", "-c", "source " + bash + "; complete -p jtrace"), Map.of());
        assertEquals(0, complete.exit(), complete::toString);
        assertTrue(complete.out().contains("jtrace"), complete::toString);

        assertTrue(Files.isRegularFile(prefix.resolve("share/zsh/site-functions/_jtrace")));
        assertTrue(Files.isRegularFile(prefix.resolve("share/fish/vendor_completions.d/jtrace.fish")));

        Jtrace.Result man = Jtrace.exec(dir, List.of("man", "-l", prefix.resolve("share/man/man1/jtrace.1").toString()),
                Map.of("MANPAGER", "cat", "MANWIDTH", "80"));
        assertEquals(0, man.exit(), man::toString);
        assertTrue(man.out().contains("attach"), man::toString);
        assertTrue(man.out().toLowerCase().contains("jtrace"), man::toString);

        Jtrace.Result uninstall = Jtrace.jtrace(dir, "uninstall", "--prefix", prefix.toString());
        assertEquals(0, uninstall.exit(), uninstall::toString);
        assertEquals(before, tree(prefix));
    }

    /**
     * The README's first steps where ~/.local/bin is not on PATH (a fresh account): install says
     * so, the plain 'jtrace' is not found, and the README's export line makes it found.
     */
    @Test
    void theReadmesInstallLineWorksWhereLocalBinIsNotOnThePath() throws Exception {
        String export = "export PATH=\"$HOME/.local/bin:$PATH\"";
        assertTrue(Files.readString(Jtrace.root().resolve("README.md")).contains("`" + export + "`"), "the README's line changed");
        Path home = Files.createDirectories(dir.resolve("home"));
        Map<String, String> env = Map.of("HOME", home.toString(), "PATH", "/usr/bin:/bin");
        Jtrace.Result bare = Jtrace.exec(dir, List.of("sh", "-c", Jtrace.executable() + " install && jtrace --version"), env);
        assertEquals(127, bare.exit(), bare::toString);
        assertTrue(bare.err().contains("jtrace install: note: " + home.resolve(".local/bin") + " is not on your PATH"), bare::toString);
        Jtrace.Result exported = Jtrace.exec(dir, List.of("sh", "-c", Jtrace.executable() + " install && " + export
                + " && jtrace --version"), env);
        assertEquals(0, exported.exit(), exported::toString);
        assertTrue(exported.out().lines().anyMatch(l -> l.startsWith("jtrace ")), exported::toString); // --version's line
    }

    private static List<String> tree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.map(p -> root.relativize(p).toString()).sorted().collect(Collectors.toList());
        }
    }
}
