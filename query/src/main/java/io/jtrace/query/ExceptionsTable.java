package io.jtrace.query;

import io.jtrace.analysis.NumberedCalls;
import io.jtrace.model.CodeSite;
import io.jtrace.model.ExceptionJourney;
import io.jtrace.model.JourneyStep;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.report.ExceptionJourneys;
import io.jtrace.text.EventKinds;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code exceptions}: one row per line of an exception's journey as {@code jtrace exceptions}
 * prints it (the same journeys, numbered alike): step 0 is how it came into the trace, then each
 * step (finally, unwound, caught, rethrown...). Every row carries the journey's type, message and
 * outcome, and the call the step happened in. The journeys are the report's
 * ({@link ExceptionJourneys#each}), with the calls numbered in front of them.
 */
final class ExceptionsTable implements Table {
    static final List<Column> COLUMNS = List.of(
            Column.bigint("exception_id"), Column.integer("step"), Column.text("thread"), Column.text("type"),
            Column.text("message"), Column.text("how"), Column.text("site"), Column.bigint("time_ns"),
            Column.bigint("call_id"), Column.text("outcome"));

    @Override
    public String name() {
        return "exceptions";
    }

    @Override
    public List<Column> columns() {
        return COLUMNS;
    }

    @Override
    public String timeColumn() {
        return "time_ns";
    }

    @Override
    public void rows(TraceIndex index, Rows rows) {
        // the call of each step of the journeys not finished yet, by journey number
        Map<Long, long[]> stepCalls = new HashMap<>();
        NumberedCalls[] numbered = new NumberedCalls[1];
        try {
            ExceptionJourneys.each(Recording.of(index), journeys -> numbered[0] = Replays.numbered(index, journeys), (journey, step) -> {
                long[] calls = stepCalls.computeIfAbsent(journey, k -> new long[4]);
                if (step >= calls.length) stepCalls.put(journey, calls = Arrays.copyOf(calls, Math.max(step + 1, calls.length * 2)));
                calls[step] = numbered[0].current();
            }, j -> write(j, stepCalls.remove(j.number()), rows));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void write(ExceptionJourney j, long[] calls, Rows rows) {
        String how = j.origin() != null ? EventKinds.value(j.origin()) : j.continuesNumber() > 0 ? "continues" : "first-seen";
        row(j, 0, how, j.site(), j.nanos(), calls, rows);
        List<JourneyStep> steps = j.steps();
        for (int i = 0; i < steps.size(); i++) {
            JourneyStep s = steps.get(i);
            row(j, i + 1, EventKinds.value(s.kind()), s.site(), s.nanos(), calls, rows);
        }
    }

    private static void row(ExceptionJourney j, int step, String how, CodeSite site, long nanos, long[] calls, Rows rows) {
        rows.set(0, j.number());
        rows.set(1, step);
        rows.set(2, j.thread().label());
        if (j.exception().type() != null) rows.set(3, j.exception().type());
        if (j.message() != null) rows.set(4, j.message());
        rows.set(5, how);
        if (site != null && rows.wants(6)) rows.set(6, site.displayName());
        rows.set(7, nanos);
        long call = calls != null && step < calls.length ? calls[step] : 0;
        if (call != 0) rows.set(8, call);
        rows.set(9, EventKinds.value(j.outcome()));
        rows.end();
    }
}
