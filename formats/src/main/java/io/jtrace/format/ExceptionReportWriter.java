package io.jtrace.format;

import io.jtrace.model.ExceptionJourney;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionSummary;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.JourneyStep;
import io.jtrace.model.ThrowKind;
import io.jtrace.text.Printable;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The exception report, the way the classic CLR exception profilers logged an exception's life:
 * <pre>
 * #2 java.lang.IllegalArgumentException: three frames down
 *    thread main
 *    0.080190  thrown at exceptions.Unwinding.level3():27
 *    0.080262  finally at exceptions.Unwinding.level3():29
 *    0.080272  unwound exceptions.Unwinding.level3()
 *    0.080298  caught at exceptions.Journeys.unwinding():38 as java.lang.IllegalArgumentException
 * </pre>
 * and the summary: counts by type, by throw site and by catch site.
 */
public final class ExceptionReportWriter {
    /** {@code times}: a time column (seconds since tracing started). */
    public record Options(boolean times, Ansi ansi) {}

    private static final String INDENT = "   ";
    private final PrintWriter out;
    private final Options options;
    private boolean first = true;

    public ExceptionReportWriter(PrintWriter out, Options options) {
        this.out = out;
        this.options = options;
    }

    public void journey(ExceptionJourney j) {
        Ansi a = options.ansi();
        if (!first) out.println();
        first = false;
        out.println(a.bold("#" + j.number() + " " + ExceptionText.withMessage(j.exception(), j.message(), false)));
        StringBuilder info = new StringBuilder(INDENT).append("thread ").append(Printable.text(j.thread().label()));
        if (j.cause() != null) info.append("; caused by ").append(link(j.causeNumber(), j.cause()));
        out.println(info);
        if (j.site() != null) {
            step(j.nanos(), a.red(originText(j.origin())) + " " + j.site().displayName()
                    + (j.surfacedAt() == null ? "" : ", came out at " + j.surfacedAt().displayName()));
        } else {
            step(j.nanos(), j.continuesNumber() > 0 ? "continues #" + j.continuesNumber() : "first seen here (its start was not recorded)");
        }
        for (JourneyStep s : j.steps()) step(s.nanos(), stepText(s));
        String outcome = outcomeText(j);
        if (outcome != null) step(j.endNanos(), outcome);
    }

    /** The words that open a journey: how the exception came into the trace. */
    public static String originText(ThrowKind kind) {
        return switch (kind) {
            case THROWN -> "thrown at";
            case RETHROWN -> "rethrown at";
            case RAISED_BY_JVM -> "raised by the JVM at";
            case IN_UNTRACED_CODE -> "thrown in untraced code at";
            case UNRECORDED_THROW -> "thrown beyond the depth limit at";
        };
    }

    private String stepText(JourneyStep s) {
        Ansi a = options.ansi();
        return switch (s.kind()) {
            case RETHROWN -> a.red("rethrown at") + " " + s.site().displayName();
            case FINALLY -> a.yellow("finally at") + " " + s.site().displayName();
            case RESOURCE_CLOSE -> a.yellow("close resource at") + " " + s.site().displayName();
            case UNWOUND -> "unwound " + s.site().displayName();
            case CAUGHT -> a.cyan("caught at") + " " + s.site().displayName()
                    + (s.detail() == null ? "" : " as " + s.detail());
            case ADDED_SUPPRESSED -> "adds suppressed " + link(s.otherNumber(), s.other()) + " at " + s.site().displayName();
        };
    }

    private String outcomeText(ExceptionJourney j) {
        Ansi a = options.ansi();
        String at = j.outcomeSite() == null ? "" : " at " + j.outcomeSite().displayName();
        return switch (j.outcome()) {
            case CAUGHT -> null; // the last step says where
            case UNCAUGHT -> a.red("uncaught in " + Printable.text(j.thread().label())
                    + Printable.text(ExceptionUncaught.handledBy(j.handler())));
            case WRAPPED -> "wrapped into " + link(j.outcomeNumber(), j.outcomeOther()) + at;
            case SUPPRESSED -> "suppressed into " + link(j.outcomeNumber(), j.outcomeOther()) + at;
            case DROPPED_IN_FINALLY -> a.yellow("dropped: the finally block ended normally");
            case LEFT_TRACED_CODE -> "left traced code (untraced code caught or dropped it)";
            case IN_FLIGHT -> a.yellow("still unwinding when the thread's records end");
        };
    }

    /** {@code #3 java.lang.IllegalStateException}, or the type alone for an exception without a journey. */
    private static String link(long number, ExceptionRef e) {
        String name = e == null || e.type() == null ? "an exception not seen in traced code" : e.type();
        return number > 0 ? "#" + number + " " + name : name;
    }

    private void step(long nanos, String text) {
        StringBuilder line = new StringBuilder(INDENT);
        if (options.times()) line.append(options.ansi().dim(Durations.timestamp(nanos))).append("  ");
        out.println(line.append(text));
    }

    public void summary(ExceptionSummary s) {
        Ansi a = options.ansi();
        out.println(count(s.exceptions()) + " exception" + (s.exceptions() == 1 ? "" : "s") + " in "
                + s.threads() + " thread" + (s.threads() == 1 ? "" : "s"));
        out.println();
        out.println(a.bold("by type:"));
        for (ExceptionSummary.TypeRow r : s.byType()) out.println(INDENT + Printable.padLeft(count(r.count()), 11) + "  " + r.type());
        out.println();
        out.println(a.bold("by throw site:"));
        for (ExceptionSummary.ThrowSiteRow r : s.byThrowSite()) out.println(INDENT + throwSite(r));
        out.println();
        out.println(a.bold("by catch site:"));
        for (ExceptionSummary.CatchSiteRow r : s.byCatchSite()) {
            StringBuilder types = new StringBuilder();
            for (ExceptionSummary.TypeRow t : r.types()) {
                if (types.length() > 0) types.append(", ");
                types.append(simpleName(t.type())).append(" (").append(count(t.count())).append(")");
            }
            out.println(INDENT + r.site().shortName() + " \u2014 " + times(r.count()) + ": " + types);
        }
    }

    /** {@code NumberFormatException at Parser.parse:41 — 12,345 times, caught in Loader.load:88} */
    private static String throwSite(ExceptionSummary.ThrowSiteRow r) {
        StringBuilder b = new StringBuilder(simpleName(r.type())).append(" at ").append(r.site().shortName());
        if (r.origin() == ThrowKind.IN_UNTRACED_CODE) {
            b.append(" (untraced code").append(r.surfacedAt() == null ? "" : ", via " + r.surfacedAt().shortName()).append(')');
        } else if (r.origin() == ThrowKind.RAISED_BY_JVM) {
            b.append(" (raised by the JVM)");
        }
        b.append(" \u2014 ").append(times(r.count()));
        List<ExceptionSummary.OutcomeCount> outcomes = r.outcomes();
        for (int i = 0; i < outcomes.size(); i++) {
            ExceptionSummary.OutcomeCount o = outcomes.get(i);
            b.append(i == 0 ? ", " : "; ").append(outcomeWords(o));
            if (outcomes.size() > 1) b.append(" (").append(count(o.count())).append(')');
        }
        return b.toString();
    }

    private static String outcomeWords(ExceptionSummary.OutcomeCount o) {
        return switch (o.outcome()) {
            case CAUGHT -> "caught in " + o.site().shortName();
            case UNCAUGHT -> "uncaught";
            case WRAPPED -> "wrapped";
            case SUPPRESSED -> "suppressed";
            case DROPPED_IN_FINALLY -> "dropped in finally";
            case LEFT_TRACED_CODE -> "left traced code";
            case IN_FLIGHT -> "still unwinding at the end";
        };
    }

    /** {@code java.lang.NumberFormatException} becomes {@code NumberFormatException}. */
    public static String simpleName(String type) {
        if (type == null) return "(unknown exception)";
        return type.substring(type.lastIndexOf('.') + 1);
    }

    private static String times(long n) {
        return count(n) + (n == 1 ? " time" : " times");
    }

    private static String count(long n) {
        return Counts.grouped(n);
    }


    public void end() {
        out.flush();
    }
}
