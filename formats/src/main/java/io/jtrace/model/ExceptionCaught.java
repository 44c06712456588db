package io.jtrace.model;

/** A handler the user wrote caught the exception; {@code declaredType} as declared ("A | B" for a multi-catch). */
public record ExceptionCaught(ThreadInfo thread, long nanos, int depth, ExceptionRef exception, CodeSite site,
                              String declaredType) implements ExceptionEvent {
    @Override
    public ExceptionCaught atDepth(int d) {
        return new ExceptionCaught(thread, nanos, d, exception, site, declaredType);
    }
}
