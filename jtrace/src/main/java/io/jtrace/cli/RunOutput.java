package io.jtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Where {@code jtrace run} puts its recording(s), checked before the target starts: a probe file
 * proves that the directory takes new files (the agent writes each recording as a new file,
 * {@code NAME-<pid>.jfr} for each JVM of a non-java command), and a java command's recording is
 * created there up front, owner-only (an existing one is kept until the agent replaces it).
 */
final class RunOutput {
    private final Path target;
    private final boolean direct;
    /** What was at {@link #target} before the run (an earlier recording), or null. */
    private final Object before;

    private RunOutput(Path target, boolean direct, Object before) {
        this.target = target;
        this.direct = direct;
        this.before = before;
    }

    /**
     * Whether this run wrote the recording: it is there, not empty, and not the file that was
     * there before the run (the agent writes a new file; a JVM killed before it wrote leaves the
     * earlier recording, which is not this run's).
     */
    boolean writtenByThisRun() {
        Object now = identity(target);
        return now != null && !now.equals(before);
    }

    /** Whether an earlier recording is still at {@link #target}. */
    boolean holdsEarlierRecording() {
        return before != null && before.equals(identity(target));
    }

    /** A non-empty regular file's identity (file key, modification time, size), or null. */
    static Object identity(Path file) {
        try {
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
            if (!a.isRegularFile() || a.size() == 0) return null;
            return java.util.Arrays.asList(a.fileKey(), a.lastModifiedTime(), a.size());
        } catch (IOException e) {
            return null;
        }
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
            // the agent replaces an existing recording by a new file: the directory must take one
            // a plain name, not createTempFile: its SecureRandom costs ~15 ms of every run's start-up
            Path probe = dir.resolve(".jtrace-probe-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".jfr");
            Files.delete(Files.createFile(probe));
            if (direct && !Files.exists(target)) OutputFiles.createOwnerOnly(target);
        } catch (IOException | SecurityException e) {
            throw new UserException("cannot write " + given + ": " + reason(e, dir));
        }
        return new RunOutput(target, direct, direct ? identity(target) : null);
    }

    /** Removes the recording of a java command if nothing was recorded into it (an empty file is no recording). */
    void discardIfEmpty() {
        if (!direct) return;
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
