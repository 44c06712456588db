package io.jtrace.read.jfr;

import java.io.IOException;

/**
 * Where the fields of {@code jtrace.TraceBatch} are in its events, from the chunk's metadata:
 * JFR writes an event's fields in metadata order (implicit ones such as startTime, duration and
 * eventThread first), so each event is read field by field and the others are stepped over.
 */
final class BatchLayout {
    static final String EVENT_NAME = "jtrace.TraceBatch";

    private static final int OTHER = -1, THREAD_ID = 0, THREAD_NAME = 1, VIRTUAL = 2, SEQUENCE = 3, BASE_NANOS = 4,
            START_DEPTH = 5, RECORD_COUNT = 6, PAYLOAD = 7;
    private static final String[] NAMES = {"threadId", "threadName", "virtualThread", "sequence", "baseNanos",
        "startDepth", "recordCount", "payload"};
    private static final JfrType.Kind[] KINDS = {JfrType.Kind.VARINT, JfrType.Kind.STRING, JfrType.Kind.BOOLEAN,
        JfrType.Kind.VARINT, JfrType.Kind.VARINT, JfrType.Kind.VARINT, JfrType.Kind.VARINT, JfrType.Kind.STRING};

    final JfrType type;
    /** Per field in file order: which of ours it is, or OTHER. */
    private final int[] roles;

    private BatchLayout(JfrType type, int[] roles) {
        this.type = type;
        this.roles = roles;
    }

    /** The layout, or null without such events; throws if the fields are not the ones jtrace writes. */
    static BatchLayout of(JfrMetadata metadata) throws LayoutException {
        JfrType type = metadata.type(EVENT_NAME);
        if (type == null) return null;
        int[] roles = new int[type.fields.size()];
        java.util.Arrays.fill(roles, OTHER);
        for (int role = 0; role < NAMES.length; role++) {
            int i = type.fieldIndex(NAMES[role]);
            if (i < 0) throw new LayoutException(EVENT_NAME + " has no field " + NAMES[role]);
            JfrType.Field f = type.fields.get(i);
            if (f.array() || f.constantPool() || type.fieldTypes[i].kind != KINDS[role]) {
                throw new LayoutException(EVENT_NAME + "." + NAMES[role] + " is not a " + KINDS[role]);
            }
            roles[i] = role;
        }
        return new BatchLayout(type, roles);
    }

    /**
     * Reads the event whose fields start at the input's position and end at {@code end}. A
     * payload stored as chars is first taken to be one byte per char; the event's size tells
     * whether that was so, and if not the event is read again decoding every char.
     */
    void read(JfrInput in, long end, ConstantStrings strings, BatchEvent into) throws IOException {
        long start = in.position();
        readFields(in, strings, into, false);
        if (in.position() == end) return;
        in.position(start);
        readFields(in, strings, into, true);
        if (in.position() != end) throw new DamageException("the " + EVENT_NAME + " event ending at byte " + end + " does not match its size");
    }

    private void readFields(JfrInput in, ConstantStrings strings, BatchEvent e, boolean decodeChars) throws IOException {
        e.clear();
        for (int i = 0; i < roles.length; i++) {
            switch (roles[i]) {
                case THREAD_ID: e.threadId = in.readVarLong(); break;
                case THREAD_NAME: e.threadName = JfrStrings.read(in, strings); break;
                case VIRTUAL: e.virtualThread = in.readUnsignedByte() != 0; break;
                case SEQUENCE: e.sequence = in.readVarLong(); break;
                case BASE_NANOS: e.baseNanos = in.readVarLong(); break;
                case START_DEPTH: e.startDepth = in.readVarInt(); break;
                case RECORD_COUNT: e.recordCount = in.readVarInt(); break;
                case PAYLOAD: readPayload(in, strings, e, decodeChars); break;
                default: JfrValues.skipField(in, type.fields.get(i), type.fieldTypes[i]); break;
            }
        }
    }

    private static void readPayload(JfrInput in, ConstantStrings strings, BatchEvent e, boolean decodeChars) throws IOException {
        int encoding = in.readUnsignedByte();
        switch (encoding) {
            case JfrStrings.NULL:
            case JfrStrings.EMPTY:
                e.payloadOffset = in.position();
                e.payloadLength = 0;
                return;
            case JfrStrings.UTF8:
            case JfrStrings.LATIN1: // payload chars are 7-bit: one byte each in either
                e.payloadLength = in.readVarInt();
                e.payloadOffset = in.position();
                in.skip(e.payloadLength);
                return;
            case JfrStrings.CHAR_ARRAY:
                if (decodeChars) {
                    e.payloadText = JfrStrings.readBody(in, encoding);
                } else {
                    e.payloadLength = in.readVarInt();
                    e.payloadOffset = in.position();
                    in.skip(e.payloadLength);
                }
                return;
            case JfrStrings.CONSTANT_POOL: {
                long key = in.readVarLong();
                ConstantStrings.Location l = strings.location(key);
                if (l == null) throw new DamageException("payload string " + key + " is missing from the chunk's constant pool");
                if (l.contiguous()) {
                    e.payloadOffset = l.offset();
                    e.payloadLength = l.length();
                } else {
                    e.payloadText = strings.decode(in, key);
                }
                return;
            }
            default:
                throw new DamageException("unknown string encoding " + encoding + " at byte " + (in.position() - 1));
        }
    }

    /** TraceBatch events whose fields are not what this reader expects (a different jtrace wrote them). */
    static final class LayoutException extends IOException {
        LayoutException(String message) {
            super(message);
        }
    }
}
