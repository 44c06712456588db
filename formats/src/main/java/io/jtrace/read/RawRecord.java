package io.jtrace.read;

import io.jtrace.runtime.RecordDecoder;
import io.jtrace.runtime.RecordFormat;

/**
 * One record as decoded from a payload, before it is turned into model events. Mutable and
 * reused: the decoding loop allocates nothing per record.
 */
public final class RawRecord {
    public int kind;
    public long aux;
    public long nanos;
    public long identity;
    public int typeId;
    // VARIABLE, ARGUMENT and RETURN records (identity and typeId above hold a reference value's identity and type)
    int valueTag;
    long owner;
    long array;
    int index;
    long bits;
    String text;
    long fullLength;
    // exception records (see RecordFormat): set only by the kinds that carry them
    int line;
    int flags;
    int declaredTypeId;
    long cause;
    String message;
    long primary;
    int primaryTypeId;
    String siteClass;
    String siteMethod;
    String siteFile;
    int siteLine;
    /** RESYNC records: the traced frames open at that point (method ids, outermost first). */
    public int[] frames = new int[16];
    public int frameCount;
    /** Where the body (after header and time delta) sits in the decoder's buffer, for copying it verbatim. */
    int bodyStart;
    int bodyEnd;

    /** A LINE record of format 2 (read by the replay itself): {@code at} is where its empty body is. */
    void line(long line, long nanos, int at) {
        kind = RecordFormat.LINE;
        aux = line;
        this.nanos = nanos;
        identity = 0;
        typeId = 0;
        bodyStart = at;
        bodyEnd = at;
    }

    /** Reads the next record's header, time and body; {@code previousNanos} is the running clock. */
    void read(RecordDecoder d, long previousNanos) {
        d.readRecordStart();
        kind = d.kind;
        aux = d.aux;
        nanos = d.delta < 0 ? previousNanos : previousNanos + d.delta;
        bodyStart = d.position();
        identity = 0;
        typeId = 0;
        switch (kind) {
            case RecordFormat.ENTER:
            case RecordFormat.ENTER_UNTIMED:
            case RecordFormat.EXIT:
                break;
            case RecordFormat.EXIT_EXCEPTIONAL:
                identity = d.readVarLong();
                typeId = d.readVarInt();
                break;
            case RecordFormat.LINE:
                break;
            case RecordFormat.VARIABLE:
            case RecordFormat.ARGUMENT: // the same body, never with owner or element
            case RecordFormat.RETURN:
                readVariable(d);
                break;
            case RecordFormat.THROW:
                line = d.readVarInt();
                typeId = d.readVarInt();
                identity = d.readVarLong();
                flags = d.readVarInt();
                cause = d.readVarLong();
                message = d.readString();
                break;
            case RecordFormat.CATCH:
                line = d.readVarInt();
                declaredTypeId = d.readVarInt();
                identity = d.readVarLong();
                typeId = d.readVarInt();
                break;
            case RecordFormat.FINALLY:
                line = d.readVarInt();
                identity = d.readVarLong();
                typeId = d.readVarInt();
                flags = d.readVarInt();
                break;
            case RecordFormat.UNCAUGHT:
                identity = d.readVarLong();
                typeId = d.readVarInt();
                break;
            case RecordFormat.ORIGIN:
                flags = d.readVarInt();
                typeId = d.readVarInt();
                identity = d.readVarLong();
                cause = d.readVarLong();
                message = d.readString();
                siteClass = d.readString();
                siteMethod = d.readString();
                siteFile = d.readString();
                siteLine = (int) d.readZigZag();
                line = d.readVarInt();
                break;
            case RecordFormat.SUPPRESSED:
                line = d.readVarInt();
                primary = d.readVarLong();
                identity = d.readVarLong();
                typeId = d.readVarInt();
                primaryTypeId = d.readVarInt();
                break;
            case RecordFormat.RESYNC: {
                int n = d.readVarInt();
                if (n < 0 || n > d.remaining()) throw new IllegalStateException("bad frame count " + n);
                if (frames.length < n) frames = new int[Math.max(n, frames.length * 2)];
                for (int i = 0; i < n; i++) frames[i] = d.readVarInt();
                frameCount = n;
                break;
            }
            default:
                throw new UnsupportedRecordException(kind);
        }
        bodyEnd = d.position();
    }

    /** Body of a VARIABLE, ARGUMENT or RETURN record; layout in {@link RecordFormat#VARIABLE}. */
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
                // the agent writes a null String as VALUE_NULL: a string value without text is damage
                if (text == null) throw new IllegalStateException("a string value without its text");
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

    /** Copies the exception fields (the lookahead hands its record over this way). */
    void copyExceptionFieldsTo(RawRecord to) {
        to.line = line;
        to.flags = flags;
        to.declaredTypeId = declaredTypeId;
        to.cause = cause;
        to.message = message;
        to.primary = primary;
        to.primaryTypeId = primaryTypeId;
        to.siteClass = siteClass;
        to.siteMethod = siteMethod;
        to.siteFile = siteFile;
        to.siteLine = siteLine;
    }

    /** A record kind this reader does not know: a damaged file, or written by a newer jtrace. */
    public static final class UnsupportedRecordException extends IllegalStateException {
        UnsupportedRecordException(int kind) {
            this("a record of unknown kind " + kind);
        }

        UnsupportedRecordException(String what) {
            super(what + ": the file is damaged, or was written by a newer jtrace");
        }
    }
}
