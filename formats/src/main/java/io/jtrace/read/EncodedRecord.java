package io.jtrace.read;

/**
 * One record as the tracer encoded it (see {@code RecordFormat}): its kind, aux value and body,
 * without its time. A writer re-times it and copies the body verbatim, so nothing the model does
 * not keep (ORIGIN flags, type ids, raw value bits) is lost when a recording is rewritten. The body's
 * varints are in format 3, whatever the format of the batch it came from, as {@code new RecordEncoder()}
 * writes them.
 */
public record EncodedRecord(int kind, long aux, byte[] body) {}
