package io.jtrace.cli.read;

import io.jtrace.runtime.RecordDecoder;
import io.jtrace.runtime.RecordFormat;

/**
 * One record as decoded from a payload, before it is turned into model events. Mutable and
 * reused: the decoding loop allocates nothing per record.
 */
final class RawRecord {
    int kind;
    long aux;
    long nanos;
    long identity;
    int typeId;
    // VARIABLE records (identity and typeId above hold a reference value's identity and type)
    int valueTag;
    long owner;
    long array;
    int index;
    long bits;
    String text;
    long fullLength;

    /** Reads the next record's header, time and body; {@code previousNanos} is the running clock. */
    void read(RecordDecoder d, long previousNanos) {
        long header = d.readVarLong();
        kind = (int) (header & 0xf);
        aux = header >>> 4;
        nanos = previousNanos + d.readVarLong();
        identity = 0;
        typeId = 0;
        switch (kind) {
            case RecordFormat.ENTER:
            case RecordFormat.EXIT:
                break;
            case RecordFormat.EXIT_EXCEPTIONAL:
                identity = d.readVarLong();
                typeId = d.readVarInt();
                break;
            case RecordFormat.LINE:
                break;
            case RecordFormat.VARIABLE:
                readVariable(d);
                break;
            default:
                throw new UnsupportedRecordException(kind);
        }
    }

    /** Body of a VARIABLE record; layout in {@link RecordFormat#VARIABLE}. */
    private void readVariable(RecordDecoder d) {
        int tag = d.readVarInt();
        valueTag = tag & RecordFormat.VALUE_TAG_MASK;
        owner = (tag & RecordFormat.FLAG_OWNER) != 0 ? d.readVarLong() : 0;
        if ((tag & RecordFormat.FLAG_ELEMENT) != 0) {
            array = d.readVarLong();
            index = (int) d.readZigZag();
        } else {
            array = 0;
            index = -1;
        }
        bits = 0;
        text = null;
        fullLength = 0;
        switch (valueTag) {
            case RecordFormat.VALUE_INT: bits = d.readZigZag(); break;
            case RecordFormat.VALUE_FLOAT:
            case RecordFormat.VALUE_DOUBLE: bits = d.readVarLong(); break;
            case RecordFormat.VALUE_STRING:
                fullLength = d.readVarLong();
                text = d.readString();
                break;
            case RecordFormat.VALUE_OBJECT:
                typeId = d.readVarInt();
                identity = d.readVarLong();
                break;
            case RecordFormat.VALUE_TEXT:
                typeId = d.readVarInt();
                identity = d.readVarLong();
                fullLength = d.readVarLong();
                text = d.readString();
                break;
            case RecordFormat.VALUE_NULL:
            case RecordFormat.VALUE_REDACTED:
                break;
            default:
                throw new IllegalStateException("unknown value tag " + valueTag);
        }
    }

    /** A record kind this reader does not know: written by a newer jtrace. */
    static final class UnsupportedRecordException extends IllegalStateException {
        UnsupportedRecordException(int kind) {
            super("unsupported record kind " + kind + " (" + RecordFormat.kindName(kind)
                    + "): the recording was written by a newer jtrace");
        }
    }
}
