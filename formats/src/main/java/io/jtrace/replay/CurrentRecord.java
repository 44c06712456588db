package io.jtrace.replay;

import io.jtrace.read.EncodedRecord;

/**
 * The encoded record behind the event a visitor is being given, for a writer that copies records
 * verbatim (a filtered recording). Valid during the {@code other} call of a line, variable or
 * exception event; null for calls and lost records, which writers encode from the event. For a
 * call event, {@link #takeValues} gives the ARGUMENT and RETURN records that {@code run --args}
 * wrote with it.
 */
public final class CurrentRecord {
    private EncodedRecord record;
    private EncodedRecord[] values;

    void set(EncodedRecord r) {
        record = r;
    }

    void setValues(EncodedRecord[] r) {
        values = r;
    }

    /**
     * During an enter, exit or call: its ARGUMENT records (enter, call), then its RETURN record (exit,
     * call), in the order written; null if there are none. Taking them clears them.
     */
    public EncodedRecord[] takeValues() {
        EncodedRecord[] r = values;
        values = null;
        return r;
    }

    /** The record of the event being delivered; taking it clears it. */
    public EncodedRecord take() {
        EncodedRecord r = record;
        record = null;
        return r;
    }
}
