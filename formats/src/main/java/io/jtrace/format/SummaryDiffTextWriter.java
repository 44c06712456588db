package io.jtrace.format;

import io.jtrace.compare.SummaryDiff;
import io.jtrace.text.Printable;

import java.io.PrintWriter;
import java.util.List;

/**
 * {@code jtrace diff --summary}: per method calls, total and self time in A and B with signed
 * deltas ({@code +1}, {@code -2.10 ms (-12.5%)}), the largest change first; then exceptions per type.
 */
public final class SummaryDiffTextWriter {
    private final PrintWriter out;
    private final Ansi ansi;
    private final int top;

    public SummaryDiffTextWriter(PrintWriter out, Ansi ansi, int top) {
        this.out = out;
        this.ansi = ansi;
        this.top = top;
    }

    public void write(String fileA, String fileB, SummaryDiff diff, SummaryDiff.Sort sort) {
        out.println(ansi.bold("--- " + fileA));
        out.println(ansi.bold("+++ " + fileB));
        List<SummaryDiff.MethodRow> rows = diff.methods();
        out.println(ansi.bold("methods (" + rows.size() + ", the largest change of " + sort + " first"
                + (rows.size() > top ? "; first " + top : "") + ")"));
        out.println(ansi.bold(String.format("%9s %9s %8s  %10s %10s %20s  %10s %10s %20s  %s",
                "calls A", "calls B", "delta", "total A", "total B", "delta", "self A", "self B", "delta", "method")));
        for (SummaryDiff.MethodRow r : rows.subList(0, Math.min(top, rows.size()))) {
            String only = r.a() == null ? "  (only in B)" : r.b() == null ? "  (only in A)" : "";
            out.println(String.format("%9s %9s %s  %10s %10s %s  %10s %10s %s  %s",
                    Counts.grouped(r.callsA()), Counts.grouped(r.callsB()), colored(r.callsB() - r.callsA(), count(r.callsA(), r.callsB()), 8),
                    Durations.format(r.totalA()), Durations.format(r.totalB()), colored(r.totalB() - r.totalA(), time(r.totalA(), r.totalB()), 20),
                    Durations.format(r.selfA()), Durations.format(r.selfB()), colored(r.selfB() - r.selfA(), time(r.selfA(), r.selfB()), 20),
                    Printable.text(r.info().displayName()) + only));
        }
        if (!diff.exceptions().isEmpty()) {
            out.println();
            out.println(ansi.bold("exceptions thrown"));
            out.println(ansi.bold(String.format("%9s %9s %8s  %s", "A", "B", "delta", "type")));
            for (SummaryDiff.ExceptionRow r : diff.exceptions()) {
                String only = r.a() == 0 ? "  (only in B)" : r.b() == 0 ? "  (only in A)" : "";
                out.println(String.format("%9s %9s %s  %s", Counts.grouped(r.a()), Counts.grouped(r.b()),
                        colored(r.b() - r.a(), count(r.a(), r.b()), 8), Printable.text(r.type()) + only));
            }
        }
        out.flush();
    }

    /** Red where B grew, cyan where it shrank; padded before colouring so the columns stay aligned. */
    private String colored(long delta, String text, int width) {
        text = Printable.padLeft(text, width);
        if (delta > 0) return ansi.red(text);
        if (delta < 0) return ansi.cyan(text);
        return text;
    }

    /** {@code +1}, {@code -12}, {@code 0}. */
    static String count(long a, long b) {
        long d = b - a;
        return d > 0 ? "+" + Counts.grouped(d) : d < 0 ? "-" + Counts.grouped(-d) : "0";
    }

    /** {@code +1.20 ms (+25.0%)}, {@code -300 ns (-3.1%)}; without a share where A had none. */
    static String time(long a, long b) {
        long d = b - a;
        if (d == 0) return "0";
        String sign = d > 0 ? "+" : "-";
        String s = sign + Durations.format(Math.abs(d));
        if (a > 0) s += " (" + sign + Counts.percent(Math.abs((double) d) / a) + "%)";
        return s;
    }
}
