package io.jtrace.format;

import io.jtrace.analysis.CallTree;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The call tree as indented text, in the style of Arthas's {@code trace} but for a whole
 * recording:
 * <pre>
 * thread main: 12.3 ms in 5,003 calls
 * `---[100.0% 12.3 ms] sampler.Main.main(String[])  1 call, self 1.20 ms
 *     +---[45.2% 5.56 ms] sampler.Recursion.fib(int)  177 calls, self 1.02 ms
 *     |   `---[80.0% 4.45 ms] ...
 *     `---[...]
 * </pre>
 * The percentage is the share of the parent's time. Children are sorted by total time (without
 * times: in the order they were first called).
 */
public final class CallTreeTextWriter {
    /** {@code minPercent}: hide paths with less than that share of their root's time. */
    public record Options(boolean times, double minPercent, Ansi ansi) {}

    private final PrintWriter out;
    private final Options options;

    public CallTreeTextWriter(PrintWriter out, Options options) {
        this.out = out;
        this.options = options;
    }

    public void write(CallTree tree) {
        boolean first = true;
        for (CallTree.Node root : tree.roots()) {
            if (!first) out.println();
            first = false;
            String head = (root.label().equals("all threads") ? "" : "thread ") + Printable.text(root.label()) + ": "
                    + (options.times() ? Durations.format(root.totalNanos()) + " in " : "") + calls(root.calls());
            out.println(options.ansi().bold(head));
            long threshold = (long) Math.ceil(root.totalNanos() * options.minPercent() / 100.0);
            writeChildren(root, "", 0, threshold);
        }
        out.flush();
    }

    /** {@code level}: of the children; the indent stops growing at {@link Indentation#MAX_LEVELS}, lines then say their level. */
    private void writeChildren(CallTree.Node parent, String indent, int level, long threshold) {
        String marker = Indentation.marker(level);
        List<CallTree.Node> shown = new ArrayList<>();
        long hiddenCalls = 0, hiddenNanos = 0;
        int hidden = 0;
        // Without times, children come in call order, so two runs of the same program print the same tree.
        for (CallTree.Node c : options.times() ? parent.children() : parent.childrenInCallOrder()) {
            if (options.minPercent() > 0 && c.totalNanos() < threshold) {
                hidden++;
                hiddenCalls += c.calls();
                hiddenNanos += c.totalNanos();
            } else {
                shown.add(c);
            }
        }
        for (int i = 0; i < shown.size(); i++) {
            CallTree.Node c = shown.get(i);
            boolean last = i == shown.size() - 1 && hidden == 0;
            out.println(indent + (last ? "`---" : "+---") + marker + line(c));
            String deeper = level < Indentation.MAX_LEVELS ? indent + (last ? "    " : "|   ") : indent;
            writeChildren(c, deeper, level + 1, threshold);
        }
        if (hidden > 0) {
            out.println(indent + "`---" + marker + options.ansi().dim("(" + hidden + " more path(s) under " + trim(options.minPercent())
                    + "%: " + calls(hiddenCalls) + (options.times() ? ", " + Durations.format(hiddenNanos) : "") + ")"));
        }
    }

    private String line(CallTree.Node n) {
        Ansi a = options.ansi();
        StringBuilder sb = new StringBuilder(96);
        if (options.times()) {
            sb.append(a.dim("[" + Counts.percent(n.shareOfParent()) + "% " + Durations.format(n.totalNanos()) + "]"))
                    .append(' ');
        }
        sb.append(n.method().displayName()).append("  ").append(calls(n.calls()));
        if (options.times()) sb.append(", self ").append(Durations.format(n.selfNanos()));
        if (n.untimedCalls() > 0) sb.append(", ").append(a.dim(Counts.grouped(n.untimedCalls()) + " untimed (their time is in the caller's self)"));
        if (n.exceptionalExits() > 0) sb.append(", ").append(a.red(n.exceptionalExits() + " threw"));
        return sb.toString();
    }

    private static String calls(long n) {
        return Counts.grouped(n) + (n == 1 ? " call" : " calls");
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
