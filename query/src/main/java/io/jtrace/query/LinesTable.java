package io.jtrace.query;

import io.jtrace.model.LineExecuted;
import io.jtrace.model.TraceEvent;
import io.jtrace.read.TraceIndex;

import java.util.List;

/** {@code lines}: one row per executed source line ({@code run --lines}). */
final class LinesTable implements Table {
    static final List<Column> COLUMNS = List.of(
            Column.text("thread"), Column.bigint("call_id"), Column.bigint("time_ns"), Column.text("class"),
            Column.text("method"), Column.integer("line"));

    @Override
    public String name() {
        return "lines";
    }

    @Override
    public List<Column> columns() {
        return COLUMNS;
    }

    @Override
    public String timeColumn() {
        return "time_ns";
    }

    /** Unless the recording says it was made without {@code --lines}. */
    @Override
    public boolean present(TraceIndex index) {
        return !io.jtrace.recording.Recorded.leftOut(index, io.jtrace.model.EventKind.LINES);
    }

    @Override
    public void rows(TraceIndex index, Rows rows) {
        new Replays.OtherEvents() {
            @Override
            public void other(TraceEvent e) {
                if (!(e instanceof LineExecuted l)) return;
                rows.set(0, l.thread().label());
                if (call() != 0) rows.set(1, call());
                rows.set(2, l.nanos());
                rows.set(3, l.method().className());
                rows.set(4, l.method().name());
                rows.set(5, l.line());
                rows.end();
            }
        }.replay(index);
    }
}
