package io.jtrace.read;

import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.events.SessionEvent;
import io.jtrace.write.RecordingWriter;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JFR's jdk.DataLoss cannot be written by a program, so a recording that jtrace filter (RecordingWriter)
 * makes carries its source's loss in jtrace.TracerStatistics, and its readers add it to the file's own.
 */
public class DataLossCarriedTest {
    @TempDir
    Path dir;

    private Path source() throws Exception {
        return oneMethod(dir.resolve("source.jfr"));
    }

    /** A recording with a session (nano origin 0) and one method definition, a.B.m()V with id 1, and no batch. */
    public static Path oneMethod(Path file) throws Exception {
        return oneMethod(file, "a.B");
    }

    /** As {@link #oneMethod(Path)}, the method's class named {@code className}. */
    public static Path oneMethod(Path file, String className) throws Exception {
        try (Recording r = new Recording()) {
            r.start();
            SessionEvent s = new SessionEvent();
            s.nanoOrigin = 0;
            s.commit();
            MethodDefinitionEvent m = new MethodDefinitionEvent();
            m.methodId = 1;
            m.className = className;
            m.methodName = "m";
            m.descriptor = "()V";
            m.commit();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private Path filtered(TraceIndex index, String name) throws Exception {
        Path out = dir.resolve(name);
        Files.createFile(out);
        new RecordingWriter(index, out).close();
        return out;
    }

    @Test
    void aFilteredRecordingWarnsOfItsSourcesLoss() throws Exception {
        Path copy;
        try (TraceIndex source = TraceReader.read(source(), null)) {
            assertEquals(0, source.dataLossEvents());
            source.dataLossEvents = 3; // as three jdk.DataLoss events would have counted
            source.dataLossBytes = 123_456;
            copy = filtered(source, "copy.jfr");
        }
        try (TraceIndex index = TraceReader.read(copy, null)) {
            assertEquals(3, index.dataLossEvents());
            assertEquals(123_456, index.dataLossBytes());
            // and a filter of the filtered file: the total once, not twice
            Path again = filtered(index, "again.jfr");
            try (TraceIndex twice = TraceReader.read(again, null)) {
                assertEquals(3, twice.dataLossEvents());
                assertEquals(123_456, twice.dataLossBytes());
            }
        }
    }

    /**
     * A definition without its class name (the agent always writes it; a fuzzed recording had one
     * and print failed on it with a NullPointerException) is left out, and what follows is read:
     * the method stays undefined, shown by its id. Not damage: a recording whose buffers JDK 17's JFR
     * dropped most likely had such a definition (JfrDataLossTest once), and the rest must still be read.
     */
    @Test
    void aDefinitionWithoutItsClassNameIsLeftUndefined() throws Exception {
        Path file = dir.resolve("no-class.jfr");
        try (Recording r = new Recording()) {
            r.enable(SessionEvent.class); // explicitly: another test's recording in this JVM may have set them otherwise
            r.enable(MethodDefinitionEvent.class);
            r.start();
            SessionEvent s = new SessionEvent();
            s.nanoOrigin = 0;
            s.commit();
            MethodDefinitionEvent m = new MethodDefinitionEvent();
            m.methodId = 999_999; // an id no other test's tracer in this JVM defines (a known id is not read again)
            m.methodName = "m"; // className left null
            m.commit();
            r.stop();
            r.dump(file);
        }
        try (TraceIndex index = TraceReader.read(file, null)) {
            assertEquals(null, index.damage());
            assertTrue(!index.symbols().hasMethod(999_999));
            assertTrue(index.symbols().method(999_999).className() != null);
        }
    }

    @Test
    void noLossNoWarning() throws Exception {
        try (TraceIndex source = TraceReader.read(source(), null)) {
            Path copy = filtered(source, "copy.jfr");
            try (TraceIndex index = TraceReader.read(copy, null)) {
                assertEquals(0, index.dataLossEvents());
                assertEquals(0, index.dataLossBytes());
            }
        }
    }
}
