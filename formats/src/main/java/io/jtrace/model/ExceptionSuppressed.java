package io.jtrace.model;

/** {@code primary.addSuppressed(exception)}: the exception travels on inside {@code primary}. */
public record ExceptionSuppressed(ThreadInfo thread, long nanos, int depth, ExceptionRef exception, ExceptionRef primary,
                                  CodeSite site) implements ExceptionEvent {
    @Override
    public ExceptionSuppressed atDepth(int d) {
        return new ExceptionSuppressed(thread, nanos, d, exception, primary, site);
    }
}
