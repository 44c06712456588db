package io.jtrace.model;

/** How an exception came into the trace. */
public enum ThrowKind {
    /** An {@code athrow} in traced code. */
    THROWN,
    /** The same exception object thrown again after a handler caught it (or from inside its handler). */
    RETHROWN,
    /** Raised by the JVM in traced code, without an {@code athrow}: NullPointerException, ArithmeticException... */
    RAISED_BY_JVM,
    /** Thrown in untraced code (the JDK, a library, an excluded class) and first seen where it surfaced. */
    IN_UNTRACED_CODE,
    /** Thrown by traced code deeper than the recording's depth limit: only its arrival was recorded. */
    UNRECORDED_THROW
}
