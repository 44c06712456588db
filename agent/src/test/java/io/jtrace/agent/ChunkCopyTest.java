package io.jtrace.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChunkCopyTest {
    @TempDir
    Path repository;
    @TempDir
    Path out;

    /** A chunk file: a 68-byte header (magic, size, start, duration, file state) and a body. */
    private byte[] chunk(String name, long startNanos, long durationNanos, int state, int bodySize, boolean sizeRight) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(68 + bodySize);
        b.putInt(0, 0x464C5200);
        b.putShort(4, (short) 2);
        b.putLong(8, sizeRight ? 68 + bodySize : 68 + bodySize + 1);
        b.putLong(32, startNanos);
        b.putLong(40, durationNanos);
        b.put(64, (byte) state);
        for (int i = 68; i < 68 + bodySize; i++) b.put(i, (byte) (name.hashCode() + i));
        Files.write(repository.resolve(name), b.array());
        return b.array();
    }

    @Test
    void writesTheChunksOverlappingTheRecordingInTimeOrder() throws IOException {
        chunk("2026_01_01_10_00_00.jfr", 1_000, 1_000, 0, 10, true); // ended before the recording started
        byte[] first = chunk("2026_01_01_10_00_02_01.jfr", 2_500, 1_000, 0, 300, true); // named after the next, starts first
        byte[] second = chunk("2026_01_01_10_00_02.jfr", 3_500, 1_000, 0, 70_000, true);
        byte[] third = chunk("2026_01_01_10_00_05.jfr", 4_500, 100, 0, 5, true);
        chunk("2026_01_01_10_00_09.jfr", 9_000, 100, 0, 5, true); // after it stopped
        Files.writeString(repository.resolve("not-a-chunk.txt"), "ignored");
        Path file = out.resolve("rec.jfr");
        Files.writeString(file, "an earlier, longer content that must not survive ".repeat(5000));

        assertEquals(3, ChunkCopy.write(repository, 2_200, 4_550, file));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.write(first);
        expected.write(second);
        expected.write(third);
        assertArrayEquals(expected.toByteArray(), Files.readAllBytes(file));
    }

    /**
     * Never a truncated file (on ext4 its close would start writing all of it to disk at once):
     * the empty file jtrace run makes up front is written in place, an earlier recording is
     * replaced by a new owner-only file, a symbolic link is written through.
     */
    @Test
    void writesAnEmptyFileInPlaceReplacesAnEarlierRecordingAndWritesThroughALink() throws IOException {
        byte[] only = chunk("2026_01_01_10_00_02.jfr", 2_500, 1_000, 0, 5_000, true);
        java.nio.file.attribute.FileAttribute<?> ownerOnly = java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));

        Path empty = Files.createFile(out.resolve("empty.jfr"), ownerOnly);
        Object before = Files.readAttributes(empty, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        ChunkCopy.write(repository, 2_000, 4_000, empty);
        assertArrayEquals(only, Files.readAllBytes(empty));
        assertEquals(before, Files.readAttributes(empty, java.nio.file.attribute.BasicFileAttributes.class).fileKey(), "the same file");

        Path earlier = out.resolve("earlier.jfr");
        Files.writeString(earlier, "an earlier recording, longer than this one ".repeat(1000));
        Files.setPosixFilePermissions(earlier, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        ChunkCopy.write(repository, 2_000, 4_000, earlier);
        assertArrayEquals(only, Files.readAllBytes(earlier));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(earlier)));

        Path target = out.resolve("target.jfr");
        Files.writeString(target, "an earlier recording, longer than this one ".repeat(1000));
        Path link = Files.createSymbolicLink(out.resolve("link.jfr"), target);
        ChunkCopy.write(repository, 2_000, 4_000, link);
        assertTrue(Files.isSymbolicLink(link));
        assertArrayEquals(only, Files.readAllBytes(target));
    }

    @Test
    void refusesAChunkNotFinishedOrNotAChunkAndAnEmptyRepository() throws IOException {
        Path file = out.resolve("rec.jfr");
        IOException none = assertThrows(IOException.class, () -> ChunkCopy.write(repository, 0, 10_000, file));
        assertTrue(none.getMessage().startsWith("no chunk of the recording in "), none.getMessage());

        chunk("a.jfr", 1_000, 1_000, 0, 10, true);
        chunk("b.jfr", 2_000, 0, 1, 10, true); // being written (file state non-zero)
        assertTrue(assertThrows(IOException.class, () -> ChunkCopy.write(repository, 0, 10_000, file)).getMessage().endsWith("is not a finished chunk"));

        chunk("b.jfr", 2_000, 0, 0, 10, false); // its header's size is not the file's
        assertThrows(IOException.class, () -> ChunkCopy.write(repository, 0, 10_000, file));

        Files.write(repository.resolve("b.jfr"), new byte[] {1, 2, 3});
        assertTrue(assertThrows(IOException.class, () -> ChunkCopy.write(repository, 0, 10_000, file)).getMessage().endsWith("is not a JFR chunk"));
    }
}
