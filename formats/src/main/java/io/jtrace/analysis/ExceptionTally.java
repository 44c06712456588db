package io.jtrace.analysis;

import io.jtrace.model.CodeSite;
import io.jtrace.model.ExceptionJourney;
import io.jtrace.model.ExceptionSummary;
import io.jtrace.model.ExceptionSummary.CatchSiteRow;
import io.jtrace.model.ExceptionSummary.OutcomeCount;
import io.jtrace.model.ExceptionSummary.ThrowSiteRow;
import io.jtrace.model.ExceptionSummary.TypeRow;
import io.jtrace.model.JourneyStep;
import io.jtrace.model.ThrowKind;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Counts journeys by type, by throw site (with how they ended) and by catch site. Memory grows
 * with the number of distinct types and sites, not with the number of exceptions.
 */
public final class ExceptionTally implements ExceptionFlow.Sink {
    private long exceptions;
    private final Set<Long> threads = new HashSet<>();
    private final Map<String, long[]> types = new HashMap<>();
    private final Map<String, ThrowSite> throwSites = new HashMap<>();
    private final Map<String, CatchSite> catchSites = new HashMap<>();

    private static final class ThrowSite {
        final String type;
        final ThrowKind origin;
        final CodeSite site;
        final CodeSite surfacedAt;
        long count;
        final Map<String, Outcome> outcomes = new HashMap<>();

        ThrowSite(String type, ThrowKind origin, CodeSite site, CodeSite surfacedAt) {
            this.type = type;
            this.origin = origin;
            this.site = site;
            this.surfacedAt = surfacedAt;
        }
    }

    private static final class Outcome {
        final ExceptionJourney.Outcome outcome;
        final CodeSite site;
        long count;

        Outcome(ExceptionJourney.Outcome outcome, CodeSite site) {
            this.outcome = outcome;
            this.site = site;
        }
    }

    private static final class CatchSite {
        final CodeSite site;
        long count;
        final Map<String, long[]> types = new HashMap<>();

        CatchSite(CodeSite site) {
            this.site = site;
        }
    }

    @Override
    public void accept(ExceptionJourney j) {
        exceptions++;
        threads.add(j.thread().id());
        String type = j.exception().type() == null ? "(unknown exception)" : j.exception().type();
        types.computeIfAbsent(type, k -> new long[1])[0]++;
        if (j.site() != null) {
            String key = type + '\u0000' + j.origin() + '\u0000' + j.site().shortName() + '\u0000'
                    + (j.surfacedAt() == null ? "" : j.surfacedAt().shortName());
            ThrowSite t = throwSites.computeIfAbsent(key, k -> new ThrowSite(type, j.origin(), j.site(), j.surfacedAt()));
            t.count++;
            JourneyStep lastCatch = j.outcome() == ExceptionJourney.Outcome.CAUGHT ? j.lastCatch() : null;
            CodeSite outcomeSite = lastCatch == null ? null : lastCatch.site();
            String outcomeKey = j.outcome() + (outcomeSite == null ? "" : '\u0000' + outcomeSite.shortName());
            t.outcomes.computeIfAbsent(outcomeKey, k -> new Outcome(j.outcome(), outcomeSite)).count++;
        }
        for (JourneyStep s : j.steps()) {
            if (s.kind() != JourneyStep.Kind.CAUGHT) continue;
            CatchSite c = catchSites.computeIfAbsent(s.site().shortName(), k -> new CatchSite(s.site()));
            c.count++;
            c.types.computeIfAbsent(type, k -> new long[1])[0]++;
        }
    }

    public ExceptionSummary summary() {
        List<ThrowSiteRow> bySite = new ArrayList<>();
        for (ThrowSite t : throwSites.values()) {
            List<OutcomeCount> outcomes = new ArrayList<>();
            for (Outcome o : t.outcomes.values()) outcomes.add(new OutcomeCount(o.outcome, o.site, o.count));
            outcomes.sort(Comparator.comparingLong(OutcomeCount::count).reversed()
                    .thenComparing(o -> o.outcome().name() + (o.site() == null ? "" : o.site().shortName())));
            bySite.add(new ThrowSiteRow(t.type, t.origin, t.site, t.surfacedAt, t.count, List.copyOf(outcomes)));
        }
        bySite.sort(Comparator.comparingLong(ThrowSiteRow::count).reversed()
                .thenComparing(r -> r.type() + " " + r.site().shortName()));
        List<CatchSiteRow> byCatch = new ArrayList<>();
        for (CatchSite c : catchSites.values()) byCatch.add(new CatchSiteRow(c.site, c.count, rows(c.types)));
        byCatch.sort(Comparator.comparingLong(CatchSiteRow::count).reversed().thenComparing(r -> r.site().shortName()));
        return new ExceptionSummary(exceptions, threads.size(), rows(types), List.copyOf(bySite), List.copyOf(byCatch));
    }

    private static List<TypeRow> rows(Map<String, long[]> counts) {
        List<TypeRow> rows = new ArrayList<>();
        counts.forEach((type, n) -> rows.add(new TypeRow(type, n[0])));
        rows.sort(Comparator.comparingLong(TypeRow::count).reversed().thenComparing(TypeRow::type));
        return List.copyOf(rows);
    }

    public long exceptions() {
        return exceptions;
    }
}
