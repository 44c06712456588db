package io.jtrace.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutputFilesTest {
    @TempDir
    Path dir;

    /** A device or pipe given as output (e.g. -o /dev/null) must never be deleted and replaced by a file. */
    @Test
    void aPipeIsWrittenIntoNotReplaced() throws Exception {
        Path fifo = dir.resolve("pipe");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mk.waitFor());
        assertTrue(OutputFiles.isSpecial(fifo));
        OutputFiles.createOwnerOnly(fifo);
        assertTrue(Files.exists(fifo));
        assertFalse(Files.isRegularFile(fifo), "still a pipe");
    }

    @Test
    void aRegularFileIsRecreatedOwnerOnly() throws Exception {
        Path out = dir.resolve("out.json");
        Files.writeString(out, "old");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-r--r--"));
        OutputFiles.createOwnerOnly(out);
        assertEquals(0, Files.size(out));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
    }

    @Test
    void theInputIsNeverTheOutput() throws Exception {
        Path in = dir.resolve("in.jfr");
        Files.writeString(in, "x");
        UserException e = assertThrows(UserException.class, () -> OutputFiles.check(in, in));
        assertTrue(e.getMessage().contains("is the recording being read"));
    }
}
