package io.jtrace.model;

/** The thread died of the exception (its uncaught exception handler ran). */
public record ExceptionUncaught(ThreadInfo thread, long nanos, int depth, ExceptionRef exception) implements ExceptionEvent {
    @Override
    public ExceptionUncaught atDepth(int d) {
        return new ExceptionUncaught(thread, nanos, d, exception);
    }
}
