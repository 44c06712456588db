package io.jtrace.report;

import io.jtrace.pattern.MethodPattern;
import io.jtrace.read.SymbolTable;
import io.jtrace.model.ExceptionJourney;
import io.jtrace.model.JourneyStep;
import io.jtrace.model.ThreadInfo;

import java.util.List;
import java.util.function.Predicate;

/**
 * Which journeys a reader asked for: exception types (a pattern also matches subclasses, as far
 * as the recording knows the superclasses), the thread that threw, uncaught only, the method that
 * caught, and the time it was thrown.
 */
public record JourneyFilter(List<MethodPattern> types, Predicate<ThreadInfo> threads, boolean uncaughtOnly,
                            List<MethodPattern> caughtIn, long fromNanos, long toNanos, SymbolTable symbols)
        implements Predicate<ExceptionJourney> {

    @Override
    public boolean test(ExceptionJourney j) {
        if (j.nanos() < fromNanos || j.nanos() > toNanos) return false;
        if (!threads.test(j.thread())) return false;
        if (uncaughtOnly && j.outcome() != ExceptionJourney.Outcome.UNCAUGHT) return false;
        if (!types.isEmpty() && !typeMatches(j.exception().type())) return false;
        return caughtIn.isEmpty() || j.steps().stream().anyMatch(this::caughtInMatches);
    }

    private boolean typeMatches(String type) {
        if (type == null) return false;
        for (MethodPattern p : types) {
            if (p.matchesClass(type)) return true;
            for (String s : symbols.superTypes(type)) if (p.matchesClass(s)) return true;
        }
        return false;
    }

    private boolean caughtInMatches(JourneyStep s) {
        if (s.kind() != JourneyStep.Kind.CAUGHT) return false;
        for (MethodPattern p : caughtIn) if (p.matches(s.site().className(), s.site().methodName())) return true;
        return false;
    }
}
