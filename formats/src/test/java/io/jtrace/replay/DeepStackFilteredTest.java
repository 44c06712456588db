package io.jtrace.replay;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.model.ExitKind;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.DataLossCarriedTest;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;
import io.jtrace.write.RecordingWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A filtered recording (RecordingWriter) of a stack deeper than its writer's first capacity, with
 * a RESYNC that keeps some frames: read back, the same frames, the same gap.
 */
class DeepStackFilteredTest {
    @TempDir
    Path dir;

    @Test
    void aHundredFramesAndAResyncKeepingForty() throws Exception {
        Path out = dir.resolve("deep.jfr");
        Files.createFile(out);
        try (TraceIndex source = TraceReader.read(DataLossCarriedTest.oneMethod(dir.resolve("source.jfr")), null)) {
            MethodInfo down = source.symbols().method(1);
            ThreadInfo t = new ThreadInfo(7, "deep", false, 0);
            try (RecordingWriter w = new RecordingWriter(source, out)) {
                for (int d = 0; d < 100; d++) w.event(new MethodEnter(t, 1000 + d, d, down));
                w.event(new RecordsLost(t, 2000, 60, 0, 40));
                for (int d = 59; d >= 0; d--) w.event(new MethodExit(t, 3000 - d, d, down, 0, ExitKind.RETURN, null));
            }
        }
        List<String> seen = new ArrayList<>();
        try (TraceIndex index = TraceReader.read(out, null)) {
            Replay.of(index, index.threads()).into(new CallAdapter() {
                int enters;

                @Override
                public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
                    assertEquals(enters++, depth);
                }

                @Override
                public void other(TraceEvent e) {
                    if (e instanceof RecordsLost l) seen.add("lost at " + enters + ": depth " + l.depth() + ", kept " + l.kept());
                }

                @Override
                public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos,
                                 ExitKind kind, io.jtrace.model.ExceptionRef exception) {
                    if (depth == 0 || depth == 59) seen.add("exit " + depth + " " + kind + " " + method.name());
                }
            });
        }
        assertEquals(List.of("lost at 100: depth 60, kept 40", "exit 59 RETURN method#0", "exit 0 RETURN m"), seen);
    }
}
