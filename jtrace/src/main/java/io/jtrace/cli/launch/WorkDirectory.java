package io.jtrace.cli.launch;

import io.jtrace.cli.UserException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * jtrace run's private temporary directory ({@code jtrace-run-*} in java.io.tmpdir, which the
 * launcher sets from TMPDIR): the agent's log, the target's JFR repository and the agent's word
 * that the recording is written. Removed when
 * closed, however the run ends.
 */
public final class WorkDirectory implements AutoCloseable {
    private final Path dir;

    private WorkDirectory(Path dir) {
        this.dir = dir;
    }

    public static WorkDirectory create() {
        String tmp = System.getProperty("java.io.tmpdir");
        try {
            Path dir = createPrivate(Path.of(tmp));
            WorkDirectory work = new WorkDirectory(dir);
            try {
                Files.createDirectories(work.repository());
            } catch (IOException e) {
                work.close();
                throw e;
            }
            return work;
        } catch (IOException e) {
            throw new UserException("cannot create a temporary directory in " + tmp + ": " + io.jtrace.cli.FileProblems.reason(e, Path.of(tmp))
                    + " (set TMPDIR to a writable directory)");
        }
    }

    /**
     * A new directory only this user can enter, named by pid and a counter: Files.createTempDirectory
     * seeds a SecureRandom first, which delays jtrace run's start-up (bench/README.md, "jtrace run's
     * own start-up"). Safe with a guessable name:
     * creation fails if anything, a link included, is already there, and then the next name is tried.
     */
    private static Path createPrivate(Path parent) throws IOException {
        long pid = ProcessHandle.current().pid();
        long salt = System.nanoTime() & 0xffff;
        IOException last = null;
        for (int i = 0; i < 100; i++) {
            try {
                return Files.createDirectory(parent.resolve("jtrace-run-" + pid + "-" + (salt + i)),
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (java.nio.file.FileAlreadyExistsException taken) {
                last = taken;
            }
        }
        throw last;
    }

    public Path agentLog() {
        return dir.resolve("agent.log");
    }

    /** A file the agent creates once the recording's file is complete (its {@code written=} option). */
    public Path recordingWritten() {
        return dir.resolve("recording-written");
    }

    /** Where the target's JFR writes its chunks while it records. */
    public Path repository() {
        return dir.resolve("repository");
    }

    @Override
    public void close() {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // already gone
        }
    }
}
