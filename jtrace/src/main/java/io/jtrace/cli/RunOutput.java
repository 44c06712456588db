package io.jtrace.cli;

import io.jtrace.report.RecordingStats;

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
    /**
     * A second name (hard link) of the earlier recording, made before the target starts: the agent
     * replaces the file at {@link #target}, and a run that traced nothing (a main class that does not
     * exist) must not cost the user the recording that was there. Null if there was none, or the
     * file system has no hard links.
     */
    private Path earlier;

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

    /** Whether the earlier recording that was at {@link #target} can still be put back (its second name is there). */
    boolean keepsEarlier() {
        return earlier != null;
    }

    /** A recording that holds nothing traced (no record, and not damaged): an earlier one is worth more. */
    static boolean tracedNothing(RecordingStats stats) {
        return stats.records() == 0 && stats.damage() == null;
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
        OutputFiles.requireName(given);
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
            // a plain name, not createTempFile: seeding its SecureRandom delays every run's start-up
            // (bench/README.md, "jtrace run's own start-up")
            Path probe = dir.resolve(".jtrace-probe-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".jfr");
            Files.delete(Files.createFile(probe));
            if (direct && !Files.exists(target)) OutputFiles.createOwnerOnly(target);
            else if (direct) requireReplaceable(given, target, dir);
        } catch (IOException | SecurityException e) {
            throw new UserException("cannot write " + given + ": " + FileProblems.reason(e, dir));
        }
        RunOutput out = new RunOutput(target, direct, direct ? identity(target) : null);
        if (out.before != null) out.keepEarlier(dir);
        return out;
    }

    /**
     * An existing file the agent could not replace (it deletes it and creates the recording): the
     * program would run untraced. Two cases a directory that takes new files still refuses: a file
     * made immutable or append-only (chattr), and another user's file in a directory with the
     * sticky bit (/tmp), which only its owner, the directory's owner or root may remove.
     */
    private static void requireReplaceable(Path given, Path target, Path dir) throws IOException {
        try (java.nio.channels.FileChannel ignored = java.nio.channels.FileChannel.open(target, java.nio.file.StandardOpenOption.WRITE)) {
            // opened, not truncated: nothing changed
        } catch (java.nio.file.AccessDeniedException e) {
            // its mode bits only: the directory's decide whether it can be replaced
        } catch (java.nio.file.FileSystemException e) {
            throw new UserException("cannot write " + given + ": " + FileProblems.reason(e)
                    + " (the file is immutable or append-only: see lsattr; give another file name)");
        }
        try {
            int dirMode = (Integer) Files.getAttribute(dir, "unix:mode");
            if ((dirMode & 01000) == 0) return;
            int me = (Integer) Files.getAttribute(Paths.get("/proc/self"), "unix:uid");
            int owner = (Integer) Files.getAttribute(target, "unix:uid");
            if (me != 0 && owner != me && (Integer) Files.getAttribute(dir, "unix:uid") != me) {
                throw new UserException("cannot write " + given + ": it belongs to " + Files.getOwner(target).getName()
                        + ", and only its owner may replace it in " + dir + " (a sticky directory); give another file name");
            }
        } catch (UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            // no unix attribute view here: the agent says so if it cannot replace the file
        }
    }

    private void keepEarlier(Path dir) {
        String prefix = "." + target.getFileName() + ".jtrace-earlier-";
        dropStaleLinks(dir, prefix);
        Path link = dir.resolve(prefix + ProcessHandle.current().pid());
        try {
            Files.deleteIfExists(link);
            earlier = Files.createLink(link, target);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            earlier = null; // the run goes on as before: its recording replaces the earlier one
        }
    }

    /** Second names left by a jtrace that was killed itself (its pid no longer runs): they hold old recordings. */
    private static void dropStaleLinks(Path dir, String prefix) {
        try (java.nio.file.DirectoryStream<Path> links = Files.newDirectoryStream(dir,
                p -> p.getFileName().toString().startsWith(prefix))) {
            for (Path link : links) {
                String pid = link.getFileName().toString().substring(prefix.length());
                if (!pid.matches("[0-9]+") || ProcessHandle.of(Long.parseLong(pid)).isPresent()) continue;
                Files.deleteIfExists(link);
            }
        } catch (IOException | RuntimeException ignored) {
            // left for the next run; nothing is lost
        }
    }

    /**
     * This run's recording holds nothing traced: the earlier recording goes back to {@link #target}
     * (this run's empty one is dropped); returns whether it did.
     */
    boolean restoreEarlier() {
        if (earlier == null) return false;
        try {
            Files.move(earlier, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            earlier = null;
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The earlier recording goes back to {@link #target} if nothing is there now, or an empty file
     * (the agent replaces the file when it starts; a JVM that then died before writing, or an
     * attach that failed, left none); returns whether it did.
     */
    boolean restoreEarlierIfNothingNew() {
        return earlier != null && identity(target) == null && restoreEarlier();
    }

    /** Drops the earlier recording's second name, if it is still there (the run is over). */
    void forgetEarlier() {
        if (earlier == null) return;
        try {
            Files.deleteIfExists(earlier);
        } catch (IOException ignored) {
            // a hidden name left beside the recording; nothing is lost
        }
        earlier = null;
    }

    /**
     * The run is over: removes the recording of a java command if nothing was recorded into it (an
     * empty file is no recording), and the earlier recording's second name.
     */
    void finish() {
        restoreEarlierIfNothingNew();
        forgetEarlier();
        if (!direct) return;
        try {
            if (Files.isRegularFile(target) && Files.size(target) == 0) Files.delete(target);
        } catch (IOException ignored) {
            // leave it
        }
    }
}
