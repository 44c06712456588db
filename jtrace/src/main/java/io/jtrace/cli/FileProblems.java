package io.jtrace.cli;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A failed file operation in the words of an error line ("permission denied", "not a
 * directory"). Why: NIO's exceptions carry the path as their message, so "cannot write X: " +
 * getMessage() said "cannot write X: X". The one place that turns them into a reason.
 */
public final class FileProblems {
    private FileProblems() {}

    /** Why {@code e} happened, lowercase, without the path the caller already names. */
    public static String reason(Exception e) {
        return reason(e, null);
    }

    /**
     * As {@link #reason(Exception)}; {@code dir}: the existing directory a new file was to be made
     * in, named when the file system refuses new files there (/proc).
     */
    public static String reason(Exception e, Path dir) {
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof NotDirectoryException n) return n.getFile() + " is not a directory";
        if (e instanceof DirectoryNotEmptyException) return "directory not empty";
        if (e instanceof FileAlreadyExistsException f) return f.getFile() + " already exists";
        if (e instanceof NoSuchFileException n) {
            Path parent = n.getFile() == null ? null : Path.of(n.getFile()).getParent();
            if (parent != null && !java.nio.file.Files.isDirectory(parent)) return "no such directory " + parent;
            if (dir != null && java.nio.file.Files.isDirectory(dir)) return "cannot create files in " + dir;
            return "no such file or directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason().toLowerCase(Locale.ROOT);
        String m = e.getMessage();
        return m == null || m.isEmpty() ? e.getClass().getSimpleName() : m.substring(0, 1).toLowerCase(Locale.ROOT) + m.substring(1);
    }
}
