package io.jtrace.format;

import io.jtrace.analysis.CallTree;
import io.jtrace.model.MethodInfo;
import io.jtrace.text.Printable;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
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
 *
 * <p>Lines are made as bytes ({@link LineBuffer}): a deep recursion's merged tree is millions of
 * lines (bench/README.md, "a quiet VM, the call tree in pages"), and a String per line with its
 * indentation copied in
 * cost more than building the tree. The indentation is one byte array that grows and shrinks with
 * the walk; each method's name is encoded once.
 */
public final class CallTreeTextWriter {
    /** {@code minPercent}: hide paths with less than that share of their root's time. */
    public record Options(boolean times, double minPercent, Ansi ansi) {}

    private static final byte[] BRANCH = {'+', '-', '-', '-'};
    private static final byte[] LAST = {'`', '-', '-', '-'};
    private static final byte[] PIPE = {'|', ' ', ' ', ' '};
    private static final byte[] BLANK = {' ', ' ', ' ', ' '};
    private static final byte[] CALL = ascii(" call"), CALLS = ascii(" calls"), SELF = ascii(", self ");

    private final LineBuffer out;
    private final Options options;
    private final Ansi ansi;
    /** Indentation of the level being written: 4 bytes per level up to {@link Indentation#MAX_LEVELS}. */
    private final byte[] indent = new byte[4 * Indentation.MAX_LEVELS];
    private final EncodedNames names;

    /** Writes to a character stream (tests, and output that is not the process's stdout). */
    public CallTreeTextWriter(PrintWriter out, Options options) {
        this(new LineBuffer(out, java.nio.charset.StandardCharsets.UTF_8), options);
    }

    /** Writes bytes in {@code charset} to {@code out}. */
    public CallTreeTextWriter(OutputStream out, Charset charset, Options options) {
        this(new LineBuffer(out, charset), options);
    }

    private CallTreeTextWriter(LineBuffer out, Options options) {
        this.out = out;
        this.options = options;
        this.ansi = options.ansi();
        this.names = new EncodedNames(out, MethodInfo::displayName);
    }

    public void write(CallTree tree) {
        boolean first = true;
        for (CallTree.Node root : tree.roots()) {
            if (!first) out.newline();
            first = false;
            String head = (root.label().equals("all threads") ? "" : "thread ") + Printable.text(root.label()) + ": "
                    + (options.times() ? Durations.format(root.totalNanos()) + " in " : "") + calls(root.calls());
            out.append(ansi.bold(head)).newline();
            long threshold = (long) Math.ceil(root.totalNanos() * options.minPercent() / 100.0);
            writeChildren(root, 0, 0, threshold);
        }
        out.flush();
    }

    /**
     * {@code level}: of the children; {@code indentLen} bytes of {@link #indent} are theirs. The
     * indent stops growing at {@link Indentation#MAX_LEVELS}; lines then say their level.
     */
    private void writeChildren(CallTree.Node parent, int level, int indentLen, long threshold) {
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
        boolean deeper = level < Indentation.MAX_LEVELS;
        for (int i = 0; i < shown.size(); i++) {
            CallTree.Node c = shown.get(i);
            boolean last = i == shown.size() - 1 && hidden == 0;
            out.append(indent, indentLen).append(last ? LAST : BRANCH);
            if (!marker.isEmpty()) out.append(marker);
            line(c);
            out.newline();
            if (deeper) System.arraycopy(last ? BLANK : PIPE, 0, indent, indentLen, 4);
            writeChildren(c, level + 1, deeper ? indentLen + 4 : indentLen, threshold);
        }
        if (hidden > 0) {
            out.append(indent, indentLen).append(LAST).append(marker)
                    .append(ansi.dim("(" + hidden + " more path(s) under " + trim(options.minPercent())
                            + "%: " + calls(hiddenCalls) + (options.times() ? ", " + Durations.format(hiddenNanos) : "") + ")"))
                    .newline();
        }
    }

    private void line(CallTree.Node n) {
        if (ansi.enabled()) {
            out.append(coloredLine(n));
            return;
        }
        if (options.times()) {
            out.ascii('[').percent(n.shareOfParent()).ascii('%').ascii(' ').duration(n.totalNanos())
                    .ascii(']').ascii(' ');
        }
        out.append(names.of(n.method())).ascii(' ').ascii(' ');
        calls(n.calls(), out);
        if (options.times()) out.append(SELF).duration(n.selfNanos());
        if (n.untimedCalls() > 0) {
            out.append(", ");
            out.grouped(n.untimedCalls()).append(" untimed (their time is in the caller's self)");
        }
        if (n.exceptionalExits() > 0) out.append(", ").number(n.exceptionalExits()).append(" threw");
    }

    /** The same line with ANSI colours (a terminal: no need for speed). */
    private String coloredLine(CallTree.Node n) {
        StringBuilder sb = new StringBuilder(96);
        if (options.times()) {
            sb.append(ansi.dim("[" + Counts.percent(n.shareOfParent()) + "% " + Durations.format(n.totalNanos()) + "]"))
                    .append(' ');
        }
        sb.append(n.method().displayName()).append("  ").append(calls(n.calls()));
        if (options.times()) sb.append(", self ").append(Durations.format(n.selfNanos()));
        if (n.untimedCalls() > 0) sb.append(", ").append(ansi.dim(Counts.grouped(n.untimedCalls()) + " untimed (their time is in the caller's self)"));
        if (n.exceptionalExits() > 0) sb.append(", ").append(ansi.red(n.exceptionalExits() + " threw"));
        return sb.toString();
    }

    private static void calls(long n, LineBuffer out) {
        out.grouped(n).append(n == 1 ? CALL : CALLS);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static String calls(long n) {
        return Counts.grouped(n) + (n == 1 ? " call" : " calls");
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
