package io.jtrace.model;

import java.util.List;

/**
 * Exceptions counted by type, by throw site and by catch site. Rows are sorted by count, most
 * frequent first.
 */
public record ExceptionSummary(long exceptions, int threads, List<TypeRow> byType, List<ThrowSiteRow> byThrowSite,
                               List<CatchSiteRow> byCatchSite) {
    public record TypeRow(String type, long count) {}

    /** How many journeys from one site ended one way ({@code site} is the catch site for CAUGHT, else null). */
    public record OutcomeCount(ExceptionJourney.Outcome outcome, CodeSite site, long count) {}

    public record ThrowSiteRow(String type, ThrowKind origin, CodeSite site, CodeSite surfacedAt, long count,
                               List<OutcomeCount> outcomes) {}

    public record CatchSiteRow(CodeSite site, long count, List<TypeRow> types) {}
}
