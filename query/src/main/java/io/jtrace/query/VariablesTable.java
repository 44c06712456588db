package io.jtrace.query;

import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;
import io.jtrace.read.TraceIndex;
import io.jtrace.text.VariableText;

import java.util.List;

/** {@code variables}: one row per variable read or write ({@code run --vars}), named and valued as the JSON export does. */
final class VariablesTable implements Table {
    static final List<Column> COLUMNS = List.of(
            Column.text("thread"), Column.bigint("call_id"), Column.bigint("time_ns"), Column.text("access"),
            Column.text("kind"), Column.text("name"), Column.text("declared_type"), Column.integer("line"),
            Column.text("value"));

    @Override
    public String name() {
        return "variables";
    }

    @Override
    public List<Column> columns() {
        return COLUMNS;
    }

    @Override
    public String timeColumn() {
        return "time_ns";
    }

    @Override
    public boolean present(TraceIndex index) {
        return index.symbols().variableSiteCount() > 0;
    }

    @Override
    public void rows(TraceIndex index, Rows rows) {
        new Replays.OtherEvents() {
            @Override
            public void other(TraceEvent e) {
                if (!(e instanceof VariableAccess a)) return;
                VariableInfo v = a.variable();
                rows.set(0, a.thread().label());
                if (call() != 0) rows.set(1, call());
                rows.set(2, a.nanos());
                rows.set(3, v.write() ? "write" : "read");
                rows.set(4, v.kind().label());
                rows.set(5, v.kind() == VariableKind.ARRAY ? VariableText.arrayName(v) : v.name());
                if (rows.wants(6)) rows.set(6, v.typeName());
                rows.set(7, v.line());
                if (rows.wants(8)) rows.set(8, VariableText.value(a.value(), v.type()));
                rows.end();
            }
        }.replay(index);
    }
}
