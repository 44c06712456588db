package io.jtrace.read;

/**
 * The encoded record behind the event a visitor is being given, for a writer that copies records
 * verbatim (a filtered recording). Valid during the {@code other} call of a line, variable or
 * exception event; null for calls and lost records, which writers encode from the event.
 */
public final class CurrentRecord {
    private EncodedRecord record;

    void set(EncodedRecord r) {
        record = r;
    }

    /** The record of the event being delivered; taking it clears it. */
    public EncodedRecord take() {
        EncodedRecord r = record;
        record = null;
        return r;
    }
}
