package io.jtrace.format;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream whose first failure to write is thrown as {@link OutputFailedException}, which
 * the writers and the replay let through, so that a command stops at once ({@code | head} ends it,
 * a full disk is one error line naming the target); what is written after it is discarded, so a
 * writer's close does not fail again. The one place that turns a failed write into that exception.
 */
public final class StopOnFailureOutput extends FilterOutputStream {
    private final String target;
    private boolean failed;

    /** {@code target}: the file written, to name in the error (null: standard output). */
    public StopOnFailureOutput(OutputStream out, String target) {
        super(out);
        this.target = target;
    }

    private OutputFailedException failure(IOException e) {
        failed = true;
        return new OutputFailedException(e, target);
    }

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
            throw failure(e);
        }
    }

    @Override
    public void flush() {
        if (failed) return;
        try {
            out.flush();
        } catch (IOException e) {
            throw failure(e);
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
                if (!failed) throw failure(e);
            }
        }
    }
}
