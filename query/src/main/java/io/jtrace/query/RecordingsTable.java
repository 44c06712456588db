package io.jtrace.query;

import io.jtrace.read.TraceIndex;
import io.jtrace.report.RecordingStats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * {@code recordings}: one row per recording, what it says of the run that made it: the process
 * and its host (jtrace's session event), the JVM and what it ran ({@code jdk.JVMInformation}, which the agent
 * records at every chunk's start), how long tracing went on, and its calls as {@code run}'s
 * closing line counts them. The view adds {@code start_ts}, the wall-clock start of tracing.
 */
final class RecordingsTable implements Table {
    static final List<Column> COLUMNS = List.of(
            Column.text("host"), Column.bigint("pid"), Column.text("main"), Column.text("command"), Column.text("jvm"),
            Column.text("jvm_version"), Column.bigint("duration_ns"), Column.bigint("calls"), Column.bigint("untimed_calls"));

    @Override
    public String name() {
        return "recordings";
    }

    @Override
    public List<Column> columns() {
        return COLUMNS;
    }

    @Override
    public void rows(TraceIndex index, Rows rows) {
        rows.set(0, index.host());
        if (index.pid() > 0) rows.set(1, index.pid());
        String command = index.javaArguments();
        if (command != null && !command.isBlank()) {
            rows.set(2, command.strip().split("\\s+", 2)[0]); // the main class, or -jar's file
            rows.set(3, command.strip());
        }
        rows.set(4, index.jvmName());
        rows.set(5, index.jvmVersion());
        rows.set(6, index.spanNanos());
        if (rows.wants(7) || rows.wants(8)) {
            RecordingStats stats;
            try {
                stats = RecordingStats.of(index.file()); // the agent's counts, as 'jtrace run' reports them
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            rows.set(7, stats.calls());
            if (stats.untimedCalls() >= 0) rows.set(8, stats.untimedCalls());
        }
        rows.end();
    }
}
