package io.jtrace.format;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writing a command's output failed: the reader of a pipe went away ({@code jtrace print F | head}),
 * or the disk is full. Thrown out of the writer at once, so that the replay feeding it stops
 * instead of formatting the rest of a recording for nobody.
 */
public final class OutputFailedException extends UncheckedIOException {
    private final String target;

    /** {@code target}: the file being written, to name in the error (null: standard output). */
    public OutputFailedException(IOException cause, String target) {
        super(cause.getMessage(), cause);
        this.target = target;
    }

    /**
     * The reader of the pipe went away, which is how a pipeline ends early, not a failure (Linux
     * and macOS say "Broken pipe", Windows that the pipe "is being closed").
     */
    public boolean brokenPipe() {
        String m = getCause().getMessage();
        return m != null && (m.contains("Broken pipe") || m.contains("pipe is being closed") || m.contains("pipe has been ended"));
    }

    /** "cannot write WHAT: PROBLEM", WHAT the file or "the output" (stdout), PROBLEM in the system's words, lowercase first. */
    public String problemLine() {
        String m = getCause().getMessage();
        String problem = m == null || m.isEmpty() ? getCause().getClass().getSimpleName()
                : Character.toLowerCase(m.charAt(0)) + m.substring(1);
        return "cannot write " + (target != null ? target : "the output") + ": " + problem;
    }
}
