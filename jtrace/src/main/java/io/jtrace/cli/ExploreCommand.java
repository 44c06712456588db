package io.jtrace.cli;

import io.jtrace.cli.explore.Explore;
import io.jtrace.read.TraceIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;

/** {@code jtrace explore FILE}: an interactive shell that moves through a recording, or runs a script of its commands. */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = {"Explore a recording in an interactive shell.",
            "Pick a thread, step forward and backward through its events (into, over and out of calls), see the stack and variables at any point, search calls, throws and variable writes, follow an exception, bookmark places. Type 'help' in the shell. With -c, or with commands on standard input, it runs them and exits."})
final class ExploreCommand extends RecordingCommand {
    @Option(names = {"-c", "--commands"}, paramLabel = "SCRIPT",
            description = "Run these shell commands (';' or newlines between them) and exit: no prompt, no colour;"
                    + " exit code 1 if one failed.")
    String script;

    @Option(names = "--history", paramLabel = "FILE",
            description = "History file of the interactive shell (default: $HOME/.jtrace/history).")
    Path history;

    @Option(names = "--no-times", description = "Leave times and durations out (output that compares across runs).")
    boolean noTimes;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws Exception {
        boolean interactive = script == null && isTerminal();
        Path historyFile = history != null ? history : Path.of(home(), ".jtrace", "history");
        boolean debug = spec.commandLine().getParseResult() != null && spec.commandLine().getParseResult().hasMatchedOption("--debug");
        try (TraceIndex index = open()) {
            Explore.Options options = new Explore.Options(script, interactive,
                    interactive || color.color != ColorMode.auto ? color.ansi() : ansi(ColorMode.never), historyFile, debug, !noTimes);
            int code = Explore.run(index, file, options,
                    new BufferedReader(new InputStreamReader(System.in, outCharset())), out(), err());
            int damaged = finish(index);
            return code != 0 ? code : damaged;
        }
    }
}
