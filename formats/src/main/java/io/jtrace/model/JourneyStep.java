package io.jtrace.model;

/**
 * One step of an exception's journey. {@code site} is where it happened (for {@link Kind#UNWOUND}
 * the method left, without a line); {@code detail} is the declared type of a catch; {@code other}
 * and {@code otherNumber} name the exception at the other end of a link (0 = not a known journey).
 */
public record JourneyStep(Kind kind, long nanos, CodeSite site, String detail, ExceptionRef other, long otherNumber) {
    public enum Kind {
        /** Rethrown: the same exception object thrown again after a handler caught it. */
        RETHROWN,
        /** A finally block ran in the method while it unwound. */
        FINALLY,
        /** try-with-resources closed its resource while it unwound. */
        RESOURCE_CLOSE,
        /** The method was left by the exception. */
        UNWOUND,
        /** A handler caught it ({@code detail}: the declared type). */
        CAUGHT,
        /** Another exception ({@code other}) was added to it as suppressed. */
        ADDED_SUPPRESSED
    }

    public static JourneyStep at(Kind kind, long nanos, CodeSite site) {
        return new JourneyStep(kind, nanos, site, null, null, 0);
    }
}
