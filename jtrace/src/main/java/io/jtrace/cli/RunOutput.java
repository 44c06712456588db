package io.jtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Where {@code jtrace run} puts its recording(s), checked before the target starts: the file
 * itself is created (owner-only) for a java command; for any other command, whose JVMs each write
 * {@code NAME-<pid>.jfr}, a probe file proves the directory takes new files.
 */
final class RunOutput {
    private final Path target;
    private final boolean created;

    private RunOutput(Path target, boolean created) {
        this.target = target;
        this.created = created;
    }

    /** The recording (java command) or the name its per-JVM recordings derive from. */
    Path target() {
        return target;
    }

    static RunOutput prepare(Path output, boolean direct) {
        Path given = output != null ? output : Paths.get("jtrace-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".jfr");
        Path target = given.toAbsolutePath();
        if (Files.isDirectory(target)) {
            throw new UserException("cannot write " + given + ": it is a directory; give a file name such as " + target.resolve("trace.jfr"));
        }
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new UserException("cannot write " + given + ": no such directory " + dir);
        if (direct && OutputFiles.isSpecial(target)) {
            throw new UserException("cannot write " + given + ": not a regular file; give a file name for the recording");
        }
        try {
            if (direct) {
                OutputFiles.createOwnerOnly(target);
            } else {
                Files.delete(Files.createTempFile(dir, ".jtrace-probe-", ".jfr"));
            }
        } catch (IOException | SecurityException e) {
            throw new UserException("cannot write " + given + ": " + reason(e, dir));
        }
        return new RunOutput(target, direct);
    }

    /** Removes the file created up front if nothing was recorded into it. */
    void discardIfEmpty() {
        if (!created) return;
        try {
            if (Files.isRegularFile(target) && Files.size(target) == 0) Files.delete(target);
        } catch (IOException ignored) {
            // leave it
        }
    }

    private static String reason(Exception e, Path dir) {
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        if (e instanceof java.nio.file.NoSuchFileException) return "cannot create files in " + dir;
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) return f.getReason().toLowerCase(java.util.Locale.ROOT);
        return String.valueOf(e.getMessage());
    }
}
