package io.jtrace.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;

/** {@code jtrace uninstall}: removes what {@code jtrace install} put under the prefix. */
@Command(name = "uninstall", mixinStandardHelpOptions = true,
        description = "Remove the files 'jtrace install' put under PREFIX (and the directories it created, if empty).")
final class UninstallCommand extends JtraceCommand {
    @Option(names = "--prefix", paramLabel = "DIR", description = "Where jtrace was installed (default: ~/.local).")
    Path prefix;

    @Override
    public Integer call() throws IOException {
        Path dir = prefix != null ? prefix : Installation.defaultPrefix();
        if (java.nio.file.Files.exists(dir) && !java.nio.file.Files.isDirectory(dir)) {
            throw new UserException("cannot uninstall from " + dir + ": not a directory");
        }
        try {
            for (Path p : new Installation(dir).uninstall()) out().println("removed " + p);
        } catch (java.nio.file.FileSystemException e) {
            throw new UserException("cannot uninstall from " + dir + ": " + FileProblems.reason(e));
        }
        out().flush();
        return 0;
    }
}
