package io.jtrace.read;

import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableInfo;
import io.jtrace.runtime.RecordFormat;

/**
 * The model event of a record that is not a call (a line, a variable access, an exception
 * record), for both replays ({@code replay.ThreadTimeline} and {@code replay.ThreadReplay}).
 */
public final class OtherRecords {
    private OtherRecords() {}

    /** {@code frame}: the innermost open frame's method, or null at depth 0. */
    public static TraceEvent event(RawRecord r, ThreadInfo thread, long nanos, int depth, MethodInfo frame, SymbolTable symbols) {
        switch (r.kind) {
            case RecordFormat.LINE:
                return new LineExecuted(thread, nanos, depth, frame != null ? frame : MethodInfo.unknown(0), (int) r.aux);
            case RecordFormat.VARIABLE: {
                VariableInfo v = symbols.variable((int) r.aux);
                return new VariableAccess(thread, nanos, depth, symbols.method(v.methodId()), v, r.owner, r.array,
                        r.index, value(r, symbols));
            }
            case RecordFormat.THROW:
            case RecordFormat.CATCH:
            case RecordFormat.FINALLY:
            case RecordFormat.UNCAUGHT:
            case RecordFormat.ORIGIN:
            case RecordFormat.SUPPRESSED:
                return ExceptionRecords.event(r, thread, nanos, depth, symbols);
            default:
                throw new RawRecord.UnsupportedRecordException(r.kind);
        }
    }

    /** The value of a VARIABLE, ARGUMENT or RETURN record. */
    public static Value value(RawRecord r, SymbolTable symbols) {
        switch (r.valueTag) {
            case RecordFormat.VALUE_INT: return new Value(Value.Kind.INT, r.bits, null, 0, null, 0);
            case RecordFormat.VALUE_FLOAT: return new Value(Value.Kind.FLOAT, r.bits, null, 0, null, 0);
            case RecordFormat.VALUE_DOUBLE: return new Value(Value.Kind.DOUBLE, r.bits, null, 0, null, 0);
            case RecordFormat.VALUE_STRING: return new Value(Value.Kind.STRING, 0, r.text, r.fullLength, null, 0);
            case RecordFormat.VALUE_OBJECT:
                return new Value(Value.Kind.OBJECT, 0, null, 0, symbols.type(r.typeId), r.identity);
            case RecordFormat.VALUE_TEXT:
                return new Value(Value.Kind.TEXT, 0, r.text, r.fullLength, symbols.type(r.typeId), r.identity);
            case RecordFormat.VALUE_REDACTED: return Value.REDACTED;
            default: return Value.NULL;
        }
    }
}
