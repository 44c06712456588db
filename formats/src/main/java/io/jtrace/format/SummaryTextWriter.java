package io.jtrace.format;

import io.jtrace.analysis.MethodStatistics.MethodRow;
import io.jtrace.analysis.MethodStatistics.ThreadRow;
import io.jtrace.analysis.MethodStatistics;
import io.jtrace.analysis.RecordingSummary;
import io.jtrace.read.SampleProfile;
import io.jtrace.text.Printable;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The text of {@code jtrace summary}: the recording's span and event counts, a loud warning if
 * JFR lost data, a table of methods (calls, total, self, average, maximum, exceptional exits),
 * a table of threads with their busiest methods, and what execution samples say.
 */
public final class SummaryTextWriter {
    /** Which column the method table is sorted by. */
    public enum Sort { self, total, calls, average, max }

    public record Options(Sort sort, int top, Ansi ansi) {}

    private final PrintWriter out;
    private final Options options;

    public SummaryTextWriter(PrintWriter out, Options options) {
        this.out = out;
        this.options = options;
    }

    public void write(RecordingSummary s) {
        Ansi a = options.ansi();
        MethodStatistics st = s.statistics();
        if (s.dataLossEvents() > 0) {
            out.println(a.red(a.bold("!! WARNING: JFR LOST AT LEAST " + Counts.grouped(s.dataLossBytes())
                    + " BYTES OF EVENTS IN " + s.dataLossEvents() + " PLACE(S) WHILE RECORDING: the figures below miss those calls !!")));
        }
        if (st.lostMarkers() > 0) {
            String why = st.lostBatches() > 0 ? st.lostBatches() + " BATCH(ES) OF TRACE RECORDS" : "TRACE RECORDS";
            out.println(a.red(a.bold("!! WARNING: " + why + " ARE MISSING in " + st.lostMarkers()
                    + " place(s): calls in them are not counted !!")));
        }
        if (s.damage() != null) out.println(a.red(a.bold("!! WARNING: " + s.damage() + " !!")));
        out.println(a.bold("recording") + "  " + s.source());
        out.println(a.bold("span     ") + "  " + Durations.format(s.spanNanos()) + " (traced events from "
                + Durations.timestamp(st.firstNanos()) + " to " + Durations.timestamp(st.lastNanos())
                + " s after tracing started)");
        out.println(a.bold("threads  ") + "  " + st.threads().size());
        StringBuilder kinds = new StringBuilder();
        kinds.append(n(st.events())).append(" events: ").append(n(st.enters())).append(" enter, ")
                .append(n(st.exits())).append(" exit, ").append(n(st.leafCalls())).append(" leaf call (enter+exit)");
        if (st.lostMarkers() > 0) kinds.append(", ").append(n(st.lostMarkers())).append(" lost-records marker");
        for (Map.Entry<String, Long> e : st.otherKinds().entrySet()) kinds.append(", ").append(n(e.getValue())).append(' ').append(e.getKey());
        out.println(a.bold("events   ") + "  " + kinds);
        out.println(a.bold("calls    ") + "  " + n(st.calls()) + " (" + n(st.exceptionalExits()) + " left by an exception, "
                + n(st.unfinished()) + " still running at the end)");
        List<MethodRow> methods = st.methods();
        if (st.untimedCalls() > 0) {
            out.println(a.bold("untimed  ") + "  " + n(st.untimedCalls()) + " calls not timed (their methods measured shorter"
                    + " than the clock's own cost; 'jtrace run --timing full' times every call). '~': partly estimated, each"
                    + " untimed call at its method's timed calls just before, taken out of its caller's self time");
        }
        out.println();
        writeMethods(methods);
        out.println();
        writeThreads(st.threads());
        if (s.samples() != null) {
            out.println();
            writeSamples(s.samples());
        }
        out.flush();
    }

    private void writeMethods(List<MethodRow> rows) {
        Comparator<MethodRow> order = switch (options.sort()) {
            case self -> Comparator.comparingLong(MethodRow::selfNanos);
            case total -> Comparator.comparingLong(MethodRow::totalNanos);
            case calls -> Comparator.comparingLong(MethodRow::calls);
            case average -> Comparator.comparingLong(MethodRow::averageNanos);
            case max -> Comparator.comparingLong(MethodRow::maxNanos);
        };
        List<MethodRow> sorted = new ArrayList<>(rows);
        sorted.sort(order.reversed().thenComparing(r -> r.method().displayName()));
        int shown = Math.min(options.top(), sorted.size());
        String by = options.sort() == Sort.calls ? "calls" : options.sort() + " time";
        out.println(options.ansi().bold("methods") + " by " + by + (shown < sorted.size() ? ", top " + shown + " of " + sorted.size() : ""));
        out.println(options.ansi().dim(String.format(Locale.ROOT, "%12s %10s %10s %10s %10s %6s  %s",
                "calls", "total", "self", "average", "max", "exc", "method")));
        for (MethodRow r : sorted.subList(0, shown)) {
            boolean estimated = r.untimedCalls() > 0;
            out.println(String.format(Locale.ROOT, "%12s %10s %10s %10s %10s %6s  %s", n(r.calls()),
                    estimate(estimated, r.totalNanos()), estimate(estimated || r.selfMovedNanos() > 0, r.selfNanos()),
                    estimate(estimated, r.averageNanos()), Durations.format(r.maxNanos()), n(r.exceptionalExits()),
                    r.method().displayName() + (r.untimedCalls() > 0 ? options.ansi().dim(" (" + n(r.untimedCalls()) + " untimed)") : "")));
        }
    }

    /** A time, with '~' in front if part of it is estimated (untimed calls). */
    private static String estimate(boolean estimated, long nanos) {
        return estimated ? "~" + Durations.format(nanos) : Durations.format(nanos);
    }

    private void writeThreads(List<ThreadRow> rows) {
        List<ThreadRow> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparingLong(ThreadRow::tracedNanos).reversed().thenComparing(r -> r.thread().ordinal()));
        int shown = Math.min(options.top(), sorted.size());
        out.println(options.ansi().bold("threads") + " by traced time" + (shown < sorted.size() ? ", top " + shown + " of " + sorted.size() : ""));
        int w = 6;
        for (ThreadRow r : sorted.subList(0, shown)) w = Math.max(w, Math.min(24, Printable.text(r.thread().label()).length()));
        out.println(options.ansi().dim(String.format(Locale.ROOT, "%-" + w + "s %12s %12s %10s  %s",
                "thread", "events", "calls", "traced", "busiest methods (self time)")));
        for (ThreadRow r : sorted.subList(0, shown)) {
            String busiest = r.busiest().stream()
                    .map(m -> m.method().displayName() + " " + Durations.format(m.selfNanos()))
                    .collect(Collectors.joining(", "));
            out.println(String.format(Locale.ROOT, "%-" + w + "s %12s %12s %10s  %s", clip(Printable.text(r.thread().label()), w),
                    n(r.events()), n(r.calls()), Durations.format(r.tracedNanos()), busiest));
        }
    }

    private void writeSamples(SampleProfile.Result s) {
        Ansi a = options.ansi();
        out.println(a.bold("execution samples") + " (jdk.ExecutionSample, taken while tracing): " + n(s.samples()));
        if (s.samples() == 0) return;
        out.println(String.format(Locale.ROOT, "  %5.1f%% in traced methods, %5.1f%% in untraced code called from traced methods, "
                        + "%5.1f%% outside traced code", pct(s.inTracedMethods(), s.samples()),
                pct(s.underTracedMethods(), s.samples()), pct(s.outsideTracedCode(), s.samples())));
        if (s.inTracer() > 0) {
            out.println(String.format(Locale.ROOT, "  %5.1f%% in jtrace's own tracer (recording calls, rewriting classes: the cost of"
                    + " tracing), left out of the frames below", pct(s.inTracer(), s.samples())));
        }
        if (s.overflow() > 0) out.println("  (" + n(s.overflow()) + " samples with rarer stacks are only counted in the total)");
        out.println(a.dim("  top sampled frames:"));
        for (SampleProfile.Count c : s.topFrames()) {
            out.println(String.format(Locale.ROOT, "  %8s %6.1f%%  %s%s", n(c.samples()), pct(c.samples(), s.samples()),
                    c.frame().displayName(), c.traced() ? "" : a.dim("  (untraced)")));
        }
        if (!s.untracedTimeUnder().isEmpty()) {
            out.println(a.dim("  untraced time by nearest traced caller:"));
            for (SampleProfile.Count c : s.untracedTimeUnder()) {
                out.println(String.format(Locale.ROOT, "  %8s %6.1f%%  %s", n(c.samples()), pct(c.samples(), s.samples()),
                        c.frame().displayName()));
            }
        }
    }

    private static double pct(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    private static String n(long v) {
        return Counts.grouped(v);
    }

    private static String clip(String s, int w) {
        return s.length() > w ? s.substring(0, w - 1) + "~" : s;
    }
}
