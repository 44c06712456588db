package io.jtrace.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** {@code jtrace install}: this executable, its completions and its man page under a prefix. */
@Command(name = "install", mixinStandardHelpOptions = true,
        description = {"Install this jtrace, its shell completions and its man page under a prefix.",
            "Writes bin/jtrace (and bin/jtrace-query.jar, the SQL engine, if it is beside this jtrace), completions where bash, zsh and fish find them, and share/man/man1/jtrace.1; 'jtrace uninstall' removes exactly these files."})
final class InstallCommand extends JtraceCommand {
    @Option(names = "--prefix", paramLabel = "DIR", description = "Where to install (default: ~/.local).")
    Path prefix;

    @Override
    public Integer call() throws IOException {
        Path dir = prefix != null ? prefix : Installation.defaultPrefix();
        if (Files.exists(dir) && !Files.isDirectory(dir)) throw new UserException("cannot install into " + dir + ": not a directory");
        Path self = executable();
        Path queryJar = io.jtrace.cli.query.QueryJar.location();
        boolean withQuery = Files.isRegularFile(queryJar);
        try {
            for (Path p : new Installation(dir).install(self, withQuery ? queryJar : null)) out().println(p);
        } catch (java.nio.file.AccessDeniedException e) {
            throw new UserException("cannot install into " + dir + ": permission denied (" + e.getFile() + ")");
        } catch (java.nio.file.FileSystemException e) {
            throw new UserException("cannot install into " + dir + ": " + FileProblems.reason(e));
        }
        if (!withQuery) {
            err().println("jtrace install: note: no " + queryJar.getFileName() + " beside " + self + ": 'jtrace query' and 'export"
                    + " --format parquet' need it (build it with 'mvn -B package' in jtrace's source, then install again)");
        }
        Path bin = dir.toAbsolutePath().normalize().resolve("bin");
        String path = System.getenv("PATH");
        if (path == null || java.util.Arrays.stream(path.split(":")).noneMatch(p -> Paths.get(p).toAbsolutePath().normalize().equals(bin))) {
            err().println("jtrace install: note: " + bin + " is not on your PATH");
        }
        out().flush();
        return 0;
    }

    /** The running executable (the shell stub and jar in one file). */
    private static Path executable() {
        try {
            Path p = Paths.get(InstallCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(p)) throw new UserException("this jtrace does not run from its executable (" + p + "): build it and run jtrace/target/jtrace install");
            return p;
        } catch (URISyntaxException | RuntimeException e) {
            if (e instanceof UserException u) throw u;
            throw new UserException("cannot find this jtrace's executable: " + e.getMessage());
        }
    }
}
