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
            default:
                throw new UnsupportedRecordException(kind);
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
