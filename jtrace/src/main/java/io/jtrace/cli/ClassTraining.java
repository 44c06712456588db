package io.jtrace.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The training run of jtrace's class-data archive ({@link io.jtrace.cli.launch.ClassArchive}): in
 * one JVM, with the class list being written, builds every subcommand's model and runs the reading
 * commands on a small bundled recording, output discarded. Its list brings what a first command
 * such as {@code run} or {@code --version} never loads into the archive: the JDK classes picocli
 * needs for the models, and the lambdas (and, on JDK 17, the method-handle forms) of the reading
 * path, which a command otherwise spins at every start (bench/README.md, "The class-data archive
 * trained on the reading commands").
 *
 * <p>The recording ({@code training.jfr}): the bank example traced with {@code --vars 'bank.**'
 * --args 'bank.**'}, then {@code jtrace filter}ed (jtrace's own writer: no JDK metadata, ~80 KB).
 */
public final class ClassTraining {
    private ClassTraining() {}

    public static void main(String[] args) throws IOException {
        PrintWriter none = new PrintWriter(Writer.nullWriter());
        Path dir = Files.createTempDirectory("jtrace-training");
        try {
            Main.execute(new String[] {"help", "run"}, none, none); // every subcommand's model
            Path rec = dir.resolve("training.jfr");
            try (InputStream in = ClassTraining.class.getResourceAsStream("training.jfr")) {
                if (in == null) return; // a build without it: the models alone
                Files.copy(in, rec, StandardCopyOption.REPLACE_EXISTING);
            }
            String r = rec.toString();
            for (List<String> command : List.of(
                    List.of("summary", r), List.of("print", r), List.of("tree", r), List.of("tree", r, "--merge"),
                    List.of("exceptions", r), List.of("exceptions", r, "--summary"), List.of("vars", r),
                    List.of("calls", r, "--method", "Bank.transfer"), List.of("diff", r, r),
                    List.of("filter", r, "--thread", "main", "-o", dir.resolve("filtered.jfr").toString()),
                    List.of("export", r, "--format", "json", "-o", dir.resolve("trace.json").toString()),
                    List.of("export", r, "--format", "flamegraph", "-o", dir.resolve("trace.html").toString()))) {
                Main.execute(command.toArray(new String[0]), none, none);
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        }
    }
}
