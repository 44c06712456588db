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
            "Pick a thread, step forward and backward through its events (into, over and out of calls), see the stack and variables at any point, search calls, throws and variable writes, follow an exception, bookmark places. Type 'help' in the shell. With -c, or with commands on standard input, it runs them and exits. With --against A.jfr, it opens at the first place where this run parts from run A ('diverge' moves on, 'other' shows A there)."})
final class ExploreCommand extends RecordingCommand {
    @Option(names = {"-c", "--commands"}, paramLabel = "SCRIPT",
            description = "Run these shell commands (';' or newlines between them) and exit: no prompt, no colour;"
                    + " exit code 1 if one failed.")
    String script;

    @Option(names = "--history", paramLabel = "FILE",
            description = "History file of the interactive shell (default: $HOME/.jtrace/history).")
    Path history;

    @Option(names = "--against", paramLabel = "A.jfr",
            description = "Compare with recording A (an earlier run): open at the first divergence, as 'jtrace diff A FILE'"
                    + " reports it; 'diverge' moves between divergent regions, 'other' shows the same point in A.")
    Path against;

    @Option(names = "--no-times", description = "Leave times and durations out (output that compares across runs).")
    boolean noTimes;

    @Mixin
    ColorOption color;

    /** Recording A, its problems said as --against's: 'no such file' alone would not say which of the two. */
    private TraceIndex openAgainst() throws java.io.IOException {
        try {
            return open(against);
        } catch (io.jtrace.read.UnreadableRecordingException | UserException e) {
            throw new UserException("--against: " + e.getMessage());
        }
    }

    @Override
    public Integer call() throws Exception {
        boolean interactive = script == null && isTerminal();
        Path historyFile = history != null ? history : Path.of(home(), ".jtrace", "history");
        boolean debug = given("--debug");
        try (TraceIndex index = open(); TraceIndex indexA = against == null ? null : openAgainst()) {
            Explore.Options options = new Explore.Options(script, interactive,
                    interactive || color.color != ColorMode.auto ? color.ansi() : ansi(ColorMode.never), historyFile, debug, !noTimes);
            int code = Explore.run(index, file, indexA == null ? null : new Explore.Against(indexA, against), options,
                    new BufferedReader(new InputStreamReader(System.in, outCharset())), out(), err());
            int damaged = indexA == null ? finish(index) : Math.max(finish(index), finish(indexA));
            return code != 0 ? code : damaged;
        }
    }
}
