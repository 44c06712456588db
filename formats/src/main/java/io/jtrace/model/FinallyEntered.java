package io.jtrace.model;

/**
 * A {@code finally} block runs while the exception unwinds through its method, or
 * ({@code resourceClose}) try-with-resources closes its resource.
 */
public record FinallyEntered(ThreadInfo thread, long nanos, int depth, ExceptionRef exception, CodeSite site,
                             boolean resourceClose) implements ExceptionEvent {
    @Override
    public FinallyEntered atDepth(int d) {
        return new FinallyEntered(thread, nanos, d, exception, site, resourceClose);
    }
}
