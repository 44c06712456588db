package io.jtrace.cli;

import io.jtrace.format.OutputFailedException;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Checks and creates files the reading commands write: owner-only, like recordings (traces can hold secrets). */
final class OutputFiles {
    private OutputFiles() {}

    /** Checks that {@code out} can be written and is not the recording being read. */
    static Path check(Path out, Path input) {
        Path target = out.toAbsolutePath();
        if (Files.isDirectory(target)) throw new UserException("output " + out + " is a directory; give a file name");
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new UserException("cannot write " + out + ": no such directory " + dir);
        if (!Files.isWritable(dir)) throw new UserException("cannot write " + out + ": directory " + dir + " is not writable");
        try {
            if (Files.exists(target) && Files.isSameFile(target, input.toAbsolutePath())) {
                throw new UserException("output " + out + " is the recording being read; give another file name");
            }
        } catch (IOException e) {
            throw new UserException("cannot write " + out + ": " + e.getMessage());
        }
        return target;
    }

    /**
     * {@code out}, with its first failure to write thrown as {@link OutputFailedException} (which
     * the writers and the replay let through, so that the command stops at once: {@code | head}
     * ends it, a full disk is one error line naming {@code target}, or standard output if null) and
     * what is written after it discarded.
     */
    static OutputStream stopOnFailure(OutputStream out, Path target) {
        return new FilterOutputStream(out) {
            private boolean failed;

            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                if (failed) return;
                try {
                    out.write(b, off, len);
                } catch (IOException e) {
                    failed = true;
                    throw new OutputFailedException(e, target == null ? null : target.toString());
                }
            }

            @Override
            public void flush() {
                if (failed) return;
                try {
                    out.flush();
                } catch (IOException e) {
                    failed = true;
                    throw new OutputFailedException(e, target == null ? null : target.toString());
                }
            }

            @Override
            public void close() {
                try {
                    flush();
                } finally {
                    try {
                        out.close();
                    } catch (IOException e) {
                        if (!failed) {
                            failed = true;
                            throw new OutputFailedException(e, target == null ? null : target.toString());
                        }
                    }
                }
            }
        };
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
