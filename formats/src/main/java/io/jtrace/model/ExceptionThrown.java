package io.jtrace.model;

/**
 * An exception starts (or resumes, {@link ThrowKind#RETHROWN}) its journey. {@code site} is where
 * it was thrown or raised; for exceptions from untraced code {@code surfacedAt} is the traced
 * method and line where it came out (null otherwise or if unknown). {@code causeIdentity} is 0
 * when it has no cause; {@code message} is null when unknown, cut to 200 chars.
 */
public record ExceptionThrown(ThreadInfo thread, long nanos, int depth, ExceptionRef exception, String message,
                              long causeIdentity, ThrowKind kind, CodeSite site, CodeSite surfacedAt)
        implements ExceptionEvent {
    @Override
    public ExceptionThrown atDepth(int d) {
        return new ExceptionThrown(thread, nanos, d, exception, message, causeIdentity, kind, site, surfacedAt);
    }
}
