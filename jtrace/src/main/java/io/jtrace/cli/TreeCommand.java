package io.jtrace.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.IOException;

/** {@code jtrace tree FILE}: the aggregated call tree. */
@Command(name = "tree", mixinStandardHelpOptions = true,
        description = {"Print the aggregated call tree, one per thread or merged.",
            "Identical call paths are merged, with calls, total and self time and share of the parent per node; one tree per thread, or one for all (--merge). Memory grows with the number of distinct call paths (bound it with --depth)."})
final class TreeCommand extends RecordingCommand {
    @Mixin
    TreeOptions report;

    @Override
    public Integer call() throws IOException {
        return runReport(report);
    }
}
