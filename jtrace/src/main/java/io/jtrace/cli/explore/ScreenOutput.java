package io.jtrace.cli.explore;

import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Consumer;

/**
 * A command's output on its way to the screen, kept until the command ends (then it is printed,
 * or paged if longer than the screen). Up to {@link #IN_MEMORY} characters it is kept in memory;
 * past that it goes to an owner-only temporary file that the pager reads from, so that a report
 * of millions of lines ({@code vars} of a large recording) costs disk, not the shell's heap.
 */
final class ScreenOutput implements Consumer<String>, AutoCloseable {
    static final int IN_MEMORY = 8 << 20;
    private final StringBuilder text = new StringBuilder();
    private long lines;
    private Path spill;
    private BufferedWriter spillWriter;
    /** Why the output stops short (its temporary file could not be written), or null. */
    private String cut;

    @Override
    public void accept(String line) {
        if (cut != null) return;
        lines++;
        try {
            if (spillWriter != null) {
                spillWriter.write(line);
                spillWriter.write('\n');
                return;
            }
            text.append(line).append('\n');
            if (text.length() > IN_MEMORY) spillToFile();
        } catch (IOException e) { // a full disk: what was kept is shown, and why it ends there
            cut = "the output stops after " + (lines - 1) + " lines: cannot write its temporary file "
                    + spill + ": " + io.jtrace.cli.FileProblems.reason(e);
        }
    }

    /** Why the output stops short, or null if it is whole. */
    String cut() {
        return cut;
    }

    private void spillToFile() throws IOException {
        try {
            spill = Files.createTempFile("jtrace-explore-", ".txt",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException | IOException e) {
            return; // no temporary file to be had: it stays in memory, as before
        }
        spill.toFile().deleteOnExit(); // the terminal closed while paging (SIGHUP) skips close()
        spillWriter = Files.newBufferedWriter(spill, StandardCharsets.UTF_8);
        spillWriter.append(text);
        text.setLength(0);
        text.trimToSize();
    }

    long lines() {
        return lines;
    }

    /** The whole output, each line ended by a newline, for the pager. */
    InputStream open() throws IOException {
        if (spillWriter == null) return new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8));
        try {
            spillWriter.flush();
        } catch (IOException e) {
            // what did reach the file is shown
        }
        return Files.newInputStream(spill);
    }

    /** Prints it all (a short output: it is in memory). */
    void printTo(PrintWriter w) throws IOException {
        if (spillWriter == null) {
            w.print(text);
        } else {
            try (java.io.Reader in = new java.io.InputStreamReader(open(), StandardCharsets.UTF_8)) {
                in.transferTo(w);
            }
        }
        w.flush();
    }

    @Override
    public void close() {
        try {
            if (spillWriter != null) spillWriter.close();
            if (spill != null) Files.deleteIfExists(spill);
        } catch (IOException ignored) {
            // a temporary file left behind; nothing is lost
        }
    }
}
