package io.jtrace.cli;

import picocli.CommandLine.Option;

import java.util.List;

/** {@code --thread}, one definition for every command that reads a recording; parsed by the library's {@code Selection.threadPatterns}. */
final class ThreadOption {
    @Option(names = "--thread", paramLabel = "PATTERN",
            description = "Only threads whose name matches (glob: worker-*) or with this id. Repeatable.")
    List<String> patterns;
}
