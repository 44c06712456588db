package io.jtrace.query;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.Value;
import io.jtrace.read.TraceIndex;
import io.jtrace.replay.CurrentValues;
import io.jtrace.replay.Replay;
import io.jtrace.text.EventKinds;
import io.jtrace.text.VariableText;

import java.util.List;

/**
 * {@code args}: one row per value {@code run --args} recorded, joined to its call by
 * {@code call_id}: each argument at entry ({@code kind} 'argument', {@code position} from 0 in
 * parameter order) and the value returned ({@code kind} 'return', no position). Values are written
 * as the JSON export and {@code print} write them; {@code value_kind} is the JSON export's
 * {@code valueKind} (int, string, null, object, redacted...), {@code value_type} a reference's
 * runtime type.
 */
final class ArgsTable implements Table {
    static final List<Column> COLUMNS = List.of(
            Column.text("thread"), Column.bigint("call_id"), Column.text("kind"), Column.integer("position"),
            Column.text("name"), Column.text("declared_type"), Column.text("value"), Column.text("value_kind"),
            Column.text("value_type"));

    @Override
    public String name() {
        return "args";
    }

    @Override
    public List<Column> columns() {
        return COLUMNS;
    }

    /** Unless the recording says it was made without {@code --args}. */
    @Override
    public boolean present(TraceIndex index) {
        return !io.jtrace.recording.Recorded.leftOut(index, io.jtrace.model.EventKind.ARGUMENTS);
    }

    @Override
    public void rows(TraceIndex index, Rows rows) {
        CurrentValues values = new CurrentValues();
        // a call's values are published before the replay delivers its exit: read them as it ends
        var numbered = Replays.numbered(index, new CallAdapter() { }, (t, id, parent, depth, m, start, duration, self, kind, x) -> {
            CallValues v = values.get();
            if (v == null) return;
            List<Argument> arguments = v.arguments();
            for (int i = 0; i < arguments.size(); i++) row(rows, t, id, "argument", i, arguments.get(i));
            if (v.returned() != null) row(rows, t, id, "return", -1, v.returned());
        });
        Replay.of(index, index.threads()).order(Replay.Order.BY_THREAD).values(values).into(numbered);
    }

    private static void row(Rows rows, ThreadInfo t, long call, String kind, int position, Argument a) {
        Value value = a.value();
        rows.set(0, t.label());
        rows.set(1, call);
        rows.set(2, kind);
        if (position >= 0) rows.set(3, position);
        rows.set(4, a.name());
        if (rows.wants(5)) rows.set(5, a.typeName());
        if (rows.wants(6)) rows.set(6, VariableText.value(value, a.type()));
        rows.set(7, EventKinds.value(value.kind()));
        if (value.kind() == Value.Kind.OBJECT || value.kind() == Value.Kind.TEXT) rows.set(8, VariableText.typeName(value.type()));
        rows.end();
    }
}
