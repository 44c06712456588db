package io.jtrace.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code jtrace --help} rendered when jtrace is built (the build runs {@link #main} after compiling,
 * see jtrace/pom.xml), so that the command prints it without building a command model: picocli's
 * model of even the top-level command alone loads hundreds of classes (its converters, java.time,
 * java.sql), several times the work of {@code jfr version} (bench/README.md, "Start-up like the
 * JDK's own tools"). Only without colour: on a terminal picocli renders it. HelpTest checks it is what picocli
 * renders.
 */
final class HelpText {
    static final String RESOURCE = "help.txt";

    private HelpText() {}

    /** The help rendered at build time, if the arguments ask for it alone and picocli would not colour it; else null. */
    static String forArguments(String[] args) {
        if (args.length != 1 || !(args[0].equals("--help") || args[0].equals("-h"))) return null;
        if (System.getProperty("picocli.usage.width") != null || CommandLine.Help.Ansi.AUTO.enabled()) return null;
        return rendered();
    }

    /** The text the build wrote, or null (a build without it: picocli renders the help). */
    static String rendered() {
        try (InputStream in = HelpText.class.getResourceAsStream(RESOURCE)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** Writes the top-level help without colour to the file named by the only argument. */
    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        Files.createDirectories(file.getParent());
        Files.writeString(file, Main.listing().getUsageMessage(CommandLine.Help.Ansi.OFF), StandardCharsets.UTF_8);
    }
}
