package io.jtrace.query;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.analysis.NumberedCalls;
import io.jtrace.model.ExitKind;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.replay.Replay;
import io.jtrace.report.SummaryReport;
import io.jtrace.text.EventKinds;

import java.util.Arrays;
import java.util.List;

/** {@code calls}: one row per call, when it ends (see {@link NumberedCalls} for which calls and their times). */
final class CallsTable implements Table {
    static final List<Column> COLUMNS = List.of(
            Column.text("thread"), Column.bigint("thread_id"), Column.bigint("call_id"), Column.bigint("parent_id"),
            Column.integer("depth"), Column.text("class"), Column.text("method"), Column.text("descriptor"),
            Column.bigint("start_ns"), Column.bigint("duration_ns"), Column.bigint("self_ns"), Column.text("outcome"),
            Column.text("exception"), Column.bool("timed"), Column.bigint("estimated_ns"));

    @Override
    public String name() {
        return "calls";
    }

    @Override
    public List<Column> columns() {
        return COLUMNS;
    }

    @Override
    public String timeColumn() {
        return "start_ns";
    }

    /** The outcome column's values, by {@link ExitKind} ordinal (made once, not per row). */
    private static final String[] OUTCOMES = Arrays.stream(ExitKind.values()).map(EventKinds::outcome).toArray(String[]::new);

    /** Column numbers of {@code timed} and {@code estimated_ns}. */
    private static final int TIMED = 13, ESTIMATED = 14;

    /**
     * Per recording, summary's estimates of untimed calls ({@link SummaryReport#untimedEstimates}):
     * made once, by the first statement that reads {@code estimated_ns}.
     */
    private static final java.util.Map<TraceIndex, MethodStatistics> STATISTICS =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    private static MethodStatistics statistics(TraceIndex index) {
        return SummaryReport.untimedEstimates(Recording.of(index));
    }

    @Override
    public void rows(TraceIndex index, Rows rows) {
        MethodStatistics estimates = rows.wants(ESTIMATED) ? STATISTICS.computeIfAbsent(index, CallsTable::statistics) : null;
        Replays.run(index, Replay.Order.BY_THREAD, Replays.numbered(index, new CallAdapter() { }, (t, id, parent, depth, m, start, duration, self, kind, x) -> {
            rows.set(0, t.label());
            rows.set(1, t.id());
            rows.set(2, id);
            if (parent != 0) rows.set(3, parent);
            rows.set(4, depth);
            rows.set(5, m.className());
            rows.set(6, m.name());
            rows.set(7, m.descriptor());
            rows.set(8, start);
            boolean timed = kind != ExitKind.RETURN_UNTIMED;
            if (timed) { // not measured (run --timing): NULL, never a made-up 0
                rows.set(9, duration);
                rows.set(10, self);
            }
            rows.set(11, OUTCOMES[kind.ordinal()]);
            if (x != null) rows.set(12, x.type());
            rows.set(TIMED, timed ? 1 : 0);
            if (!timed && estimates != null) rows.set(ESTIMATED, estimates.untimedEstimateNanos(m));
            rows.end();
        }));
    }
}
