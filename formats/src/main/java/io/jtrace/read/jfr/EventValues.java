package io.jtrace.read.jfr;

import java.io.IOException;

/**
 * The plain fields (numbers, booleans, strings) of one event other than a batch, by name, as
 * the JDK's {@code RecordedEvent} gives them; constant-pool references and nested values (thread,
 * stack trace) are stepped over. For the few small events jtrace needs besides its batches.
 */
public final class EventValues {
    private final JfrType type;
    private final Object[] values;

    private EventValues(JfrType type, Object[] values) {
        this.type = type;
        this.values = values;
    }

    static EventValues read(JfrInput in, JfrType type, ConstantStrings strings) throws IOException {
        Object[] values = new Object[type.fields.size()];
        for (int i = 0; i < values.length; i++) {
            JfrType.Field f = type.fields.get(i);
            JfrType t = type.fieldTypes[i];
            if (f.array() || f.constantPool()) {
                JfrValues.skipField(in, f, t);
                continue;
            }
            switch (t.kind) {
                case BOOLEAN: values[i] = in.readUnsignedByte() != 0; break;
                case BYTE: values[i] = (long) (byte) in.readUnsignedByte(); break;
                case VARINT: values[i] = in.readVarLong(); break;
                case FLOAT: values[i] = (double) Float.intBitsToFloat(in.readRawInt()); break;
                case DOUBLE: values[i] = Double.longBitsToDouble(in.readRawLong()); break;
                case STRING: values[i] = JfrStrings.read(in, strings); break;
                default: JfrValues.skipField(in, f, t); break;
            }
        }
        return new EventValues(type, values);
    }

    /** Whether the event type has this field (an older agent's events lack newer fields). */
    public boolean has(String field) {
        return type.fieldIndex(field) >= 0;
    }

    public String typeName() {
        return type.name;
    }

    private Object value(String field) {
        int i = type.fieldIndex(field);
        return i < 0 ? null : values[i];
    }

    /** A number field (0 if absent); an int field comes back as its 32 bits, like the JDK's getLong. */
    public long getLong(String field) {
        Object v = value(field);
        return v instanceof Long l ? l : 0;
    }

    public int getInt(String field) {
        return (int) getLong(field);
    }

    public boolean getBoolean(String field) {
        return value(field) instanceof Boolean b && b;
    }

    public String getString(String field) {
        return value(field) instanceof String s ? s : null;
    }
}
