package io.jtrace.cli;

import io.jtrace.cli.docs.Completions;
import io.jtrace.cli.docs.ManPage;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The man page and completion scripts in man/ and completions/ are generated from the CLI's own
 * definition; this test fails when they drift. Regenerate: mvn verify -Djtrace.updateDocs=true
 */
class DocsInSyncTest {
    private static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();

    @Test
    void manPageMatchesTheCli() throws IOException {
        check(ROOT.resolve("man/jtrace.1"), ManPage.render(Main.commandLine()));
    }

    @Test
    void completionsMatchTheCli() throws IOException {
        check(ROOT.resolve("completions/jtrace.bash"), Completions.bash(Main.commandLine()));
        check(ROOT.resolve("completions/_jtrace"), Completions.zsh(Main.commandLine()));
        check(ROOT.resolve("completions/jtrace.fish"), Completions.fish(Main.commandLine()));
    }

    @Test
    void everySubcommandIsDocumented() {
        String man = ManPage.render(Main.commandLine());
        String fish = Completions.fish(Main.commandLine());
        for (String name : Main.commandLine().getSubcommands().keySet()) {
            if (name.equals("help")) continue;
            assertTrue(man.contains(".SS \"jtrace " + name), name + " missing from the man page");
            assertTrue(fish.contains("-a " + name + " "), name + " missing from fish completions");
        }
    }

    private static void check(Path file, String generated) throws IOException {
        if (Boolean.getBoolean("jtrace.updateDocs")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, generated);
            return;
        }
        assertTrue(Files.exists(file), file + " is missing: regenerate with mvn verify -Djtrace.updateDocs=true");
        assertEquals(Files.readString(file), generated, file + " is out of date: regenerate with mvn verify -Djtrace.updateDocs=true");
    }
}
