package io.jtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Checks and creates files the reading commands write: owner-only, like recordings (traces can hold secrets). */
final class OutputFiles {
    private OutputFiles() {}

    /** Checks that {@code out} can be written and is not the recording being read. */
    static Path check(Path out, Path input) {
        requireName(out);
        Path target = out.toAbsolutePath();
        if (Files.isDirectory(target)) throw new UserException("output " + out + " is a directory; give a file name");
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new UserException("cannot write " + out + ": no such directory " + dir);
        if (!Files.isWritable(dir)) throw new UserException("cannot write " + out + ": directory " + dir + " is not writable");
        try {
            // a missing input is the reader's to report ("no such file"), not the output's
            if (Files.exists(target) && Files.exists(input) && Files.isSameFile(target, input.toAbsolutePath())) {
                throw new UserException("output " + out + " is the recording being read; give another file name");
            }
        } catch (IOException e) {
            throw new UserException("cannot write " + out + ": " + FileProblems.reason(e));
        }
        return target;
    }

    /** An empty {@code -o ''} names no file (it would resolve to the current directory). */
    static void requireName(Path out) {
        if (out.toString().isEmpty()) throw new UserException("-o needs a file name, not an empty one");
    }

    /** {@link #createOwnerOnly}, a failure said as the user's error on {@code shown} (the name given). */
    static void create(Path target, Path shown) {
        try {
            createOwnerOnly(target);
        } catch (IOException | SecurityException e) {
            throw new UserException("cannot write " + shown + ": " + FileProblems.reason(e, target.getParent()));
        }
    }

    /** True if {@code target} exists and is not a regular file: a device such as /dev/null, a pipe. */
    static boolean isSpecial(Path target) {
        return Files.exists(target) && !Files.isRegularFile(target);
    }

    /**
     * Creates (or replaces) {@code target}, readable by its owner only. A device or pipe
     * ({@code /dev/null}, a FIFO) is left as it is, to be written into: never deleted.
     */
    static void createOwnerOnly(Path target) throws IOException {
        if (isSpecial(target)) return;
        Files.deleteIfExists(target);
        try {
            Files.createFile(target, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(target);
        }
    }
}
