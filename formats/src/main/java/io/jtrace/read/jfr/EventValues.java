package io.jtrace.read.jfr;

import java.io.IOException;

/**
 * The plain fields (numbers, booleans, strings) of one event other than a batch, by name, as
 * the JDK's {@code RecordedEvent} gives them; constant-pool references and nested values (thread,
 * stack trace) are stepped over. For the few small events jtrace needs besides its batches.
 *
 * <p>Fields are decoded as they are asked for, in the file's order, while the {@link
 * BatchScanner.Listener} that was given the values runs (not after it returns). A listener that
 * learns from the first field that it knows the event (a method defined again in every chunk:
 * 595,000 definitions of 15,000 methods in a SQL database's recording) leaves the strings after it
 * undecoded; the scanner then steps to the next event by this one's size.
 */
public final class EventValues {
    private final JfrType type;
    private final Object[] values;
    private final ConstantStrings strings;
    /** Null once the listener has returned. */
    private JfrInput in;
    /** The fields decoded so far: those before this index. */
    private int decoded;

    private EventValues(JfrInput in, JfrType type, ConstantStrings strings) {
        this.in = in;
        this.type = type;
        this.strings = strings;
        this.values = new Object[type.fields.size()];
    }

    /** The values of the event whose first field is at {@code in}'s position; nothing read yet. */
    static EventValues open(JfrInput in, JfrType type, ConstantStrings strings) {
        return new EventValues(in, type, strings);
    }

    /** Whether every field was decoded: only then does the input's position say where the event ended. */
    boolean complete() {
        return decoded == values.length;
    }

    /** The listener returned: the input moves on. */
    void close() {
        in = null;
    }

    private void decodeTo(int last) throws IOException {
        if (last < decoded) return;
        if (in == null) throw new IllegalStateException("an event's values are read after its listener returned");
        for (; decoded <= last; decoded++) {
            int i = decoded;
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
        if (i < 0) return null;
        try {
            decodeTo(i);
        } catch (IOException e) {
            throw new Damaged(e);
        }
        return values[i];
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

    /** The file is damaged where a field asked for lies: carried through the listener to the scanner, which reports it as damage. */
    static final class Damaged extends RuntimeException {
        Damaged(IOException cause) {
            super(cause);
        }

        @Override
        public synchronized IOException getCause() {
            return (IOException) super.getCause();
        }
    }
}
