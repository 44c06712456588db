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
        // bash runs the completion function as it would for a Tab: a subcommand, an option, an option's value
        assertEquals(List.of("attach"), bashCompletes(bash, "jtrace", "att"));
        assertEquals(List.of("--by-thread"), bashCompletes(bash, "jtrace", "print", "--by"));
        assertEquals(List.of("full"), bashCompletes(bash, "jtrace", "run", "--timing", "f"));
        assertTrue(bashCompletes(bash, "jtrace", "ex").containsAll(List.of("explore", "export", "exceptions")),
                () -> bashCompletes(bash, "jtrace", "ex").toString());

        // zsh and fish read their files without a syntax error (.ci/run installs both)
        Path zshFile = prefix.resolve("share/zsh/site-functions/_jtrace");
        Path fishFile = prefix.resolve("share/fish/vendor_completions.d/jtrace.fish");
        assertTrue(Files.isRegularFile(zshFile));
        assertTrue(Files.isRegularFile(fishFile));
        for (List<String> check : List.of(List.of("zsh", "-n", zshFile.toString()), List.of("fish", "--no-execute", fishFile.toString()))) {
            if (!onPath(check.get(0))) {
                System.out.println("InstallTest: no " + check.get(0) + " here, its completion file not parsed");
                continue;
            }
            Jtrace.Result parsed = Jtrace.exec(dir, check, Map.of());
            assertEquals(0, parsed.exit(), () -> check + ": " + parsed);
            assertEquals("", parsed.err(), () -> check + ": " + parsed);
        }

        Jtrace.Result man = Jtrace.exec(dir, List.of("man", "-l", prefix.resolve("share/man/man1/jtrace.1").toString()),
                Map.of("MANPAGER", "cat", "MANWIDTH", "80"));
        assertEquals(0, man.exit(), man::toString);
        assertTrue(man.out().contains("attach"), man::toString);
        // a synopsis for every subcommand the installed jtrace lists in its --help
        Jtrace.Result help = Jtrace.exec(dir, List.of(exe.toString(), "--help"), Map.of());
        List<String> commands = help.out().lines().dropWhile(l -> !l.equals("Commands:")).skip(1).takeWhile(l -> !l.isBlank())
                .filter(l -> l.matches("  [a-z]+ .*")).map(l -> l.strip().split(" ")[0]).filter(c -> !c.equals("help")).toList();
        assertTrue(commands.size() >= 15, help::toString);
        for (String command : commands) {
            assertTrue(man.out().lines().anyMatch(l -> l.matches(" +jtrace " + command + " \\[OPTIONS\\].*")),
                    () -> "no synopsis of jtrace " + command + " in the man page:\n" + man.out());
        }
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

    /** What bash's completion function offers for the last word of {@code words} (as COMPREPLY). */
    private List<String> bashCompletes(Path script, String... words) {
        StringBuilder array = new StringBuilder();
        for (String w : words) array.append(" '").append(w).append('\'');
        String line = String.join(" ", words);
        String cmd = "source '" + script + "'; f=$(complete -p jtrace | sed 's/.*-F \\([^ ]*\\).*/\\1/');"
                + " COMP_WORDS=(" + array + " ); COMP_CWORD=" + (words.length - 1) + "; COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE};"
                + " COMPREPLY=(); \"$f\" jtrace '" + words[words.length - 1] + "' '" + words[words.length - 2] + "';"
                + " printf '%s\\n' \"${COMPREPLY[@]}\"";
        Jtrace.Result r = Jtrace.exec(dir, List.of("bash", "-c", cmd), Map.of());
        assertEquals(0, r.exit(), r::toString);
        return r.outLines().stream().map(String::strip).filter(l -> !l.isEmpty()).sorted().toList();
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(d, tool))) return true;
        }
        return false;
    }

    private static List<String> tree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.map(p -> root.relativize(p).toString()).sorted().collect(Collectors.toList());
        }
    }
}
