package io.jtrace.text;

/**
 * How a report names an object it shows by reference: by its identity hash ({@code @1b6d3586}, as
 * Object.toString does, different in every run) or by a number ({@code #3}, the same in every
 * report of one recording and in two runs of a deterministic program: output that diffs).
 */
public interface ObjectIds {
    /** The part after the type: {@code @1b6d3586} or {@code #3}. */
    String suffix(long identity);

    /** Identity hashes, as recorded. */
    ObjectIds HASHES = identity -> "@" + Long.toHexString(identity);
}
