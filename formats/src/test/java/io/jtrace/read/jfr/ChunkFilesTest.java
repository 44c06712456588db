package io.jtrace.read.jfr;

import jdk.jfr.Event;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The chunk-concatenation rule, on chunks the JDK wrote, read back by the JDK's own reader. */
class ChunkFilesTest {
    @TempDir
    Path dir;

    @Name("test.Mark")
    static final class Mark extends Event {
        int n;
    }

    /** A one-chunk recording holding one Mark {@code n}. */
    private Path chunk(String name, int n) throws Exception {
        Path file = dir.resolve(name);
        try (Recording r = new Recording()) {
            r.enable(Mark.class);
            r.start();
            Mark m = new Mark();
            m.n = n;
            m.commit();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private static List<Integer> marks(Path file) throws Exception {
        return RecordingFile.readAllEvents(file).stream().filter(e -> e.getEventType().getName().equals("test.Mark"))
                .map((RecordedEvent e) -> e.getInt("n")).toList();
    }

    @Test
    void chunksInOrderAreOneRecordingAndAChunkBeingWrittenIsKeptToItsDeclaredSize() throws Exception {
        Path first = chunk("1.jfr", 1);
        Path second = chunk("2.jfr", 2);
        long declared = Files.size(second);
        try (RandomAccessFile f = new RandomAccessFile(second.toFile(), "rw")) {
            f.seek(ChunkHeader.FILE_STATE_AT);
            f.write(1); // being written
            f.seek(declared);
            f.write(new byte[1000]); // what came after its last flush
        }
        Path notYet = Files.write(dir.resolve("3.jfr"), new byte[10]); // no header yet
        Path out = dir.resolve("out.jfr");
        assertEquals(2, ChunkFiles.concatenate(List.of(first, second, notYet), out));
        assertEquals(Files.size(first) + declared, Files.size(out));
        assertEquals(List.of(1, 2), marks(out));
        // marked finished: JDK 17's RecordingFile reads a chunk still marked as being written, newer readers refuse it
        assertEquals(0, Files.readAllBytes(out)[(int) Files.size(first) + ChunkHeader.FILE_STATE_AT]);
    }

    @Test
    void aChunkDeclaringMoreThanItsFileHoldsIsLeftOutAndNoChunkNoFile() throws Exception {
        Path cut = chunk("1.jfr", 1);
        try (RandomAccessFile f = new RandomAccessFile(cut.toFile(), "rw")) {
            f.setLength(f.length() - 1);
        }
        Path out = dir.resolve("out.jfr");
        assertEquals(0, ChunkFiles.concatenate(List.of(cut), out));
        assertFalse(Files.exists(out));
    }
}
