package io.jtrace.model;

import java.util.List;

/**
 * The whole journey of one exception on its thread: where it came from, each frame it unwound
 * and finally block it ran, and how it ended. {@code number} counts journeys in the order they
 * started (#1, #2, ...); links to other journeys use these numbers (0 = not a known journey).
 *
 * @param origin     how it came into the trace, at {@code site} (for exceptions from untraced
 *                   code, {@code surfacedAt} is where it came out into traced code)
 * @param cause      its cause, if it has one ({@code causeNumber} 0 if the cause was never seen)
 * @param continuesNumber when news of an exception comes after its journey was closed (its
 *                   handler seemed done), a new journey without origin continues that one
 *                   (then {@code origin} and {@code site} are null); else 0
 * @param outcomeNumber for {@link Outcome#WRAPPED} and {@link Outcome#SUPPRESSED}: the exception
 *                   it travels on in ({@code outcomeOther})
 * @param handler    for {@link Outcome#UNCAUGHT}: the class of the uncaught exception handler that
 *                   got it (see {@link ExceptionUncaught}); null if unknown or another outcome
 */
public record ExceptionJourney(long number, ThreadInfo thread, long nanos, ExceptionRef exception, String message,
                               ThrowKind origin, CodeSite site, CodeSite surfacedAt,
                               ExceptionRef cause, long causeNumber, long continuesNumber, List<JourneyStep> steps,
                               Outcome outcome, long endNanos, CodeSite outcomeSite,
                               ExceptionRef outcomeOther, long outcomeNumber, String handler) {
    public enum Outcome {
        /** A handler caught it and did not throw it on (the last {@link JourneyStep.Kind#CAUGHT} step says where). */
        CAUGHT,
        /**
         * Nothing in its thread caught it: it ended the thread, or a pool task (ForkJoinPool hands
         * it to the worker's handler itself); {@link ExceptionJourney#handler} names that handler.
         */
        UNCAUGHT,
        /** It became the cause of a new exception. */
        WRAPPED,
        /** It was added as suppressed to another exception. */
        SUPPRESSED,
        /** A finally block it ran in ended normally (a return in finally): the exception was dropped. */
        DROPPED_IN_FINALLY,
        /** It left the traced code and nothing traced saw it again (untraced code caught or dropped it). */
        LEFT_TRACED_CODE,
        /** The thread's records end (or were lost) while it was still unwinding. */
        IN_FLIGHT
    }

    /** The last catch on the way, or null. */
    public JourneyStep lastCatch() {
        for (int i = steps.size() - 1; i >= 0; i--) {
            if (steps.get(i).kind() == JourneyStep.Kind.CAUGHT) return steps.get(i);
        }
        return null;
    }
}
