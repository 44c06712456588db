package io.jtrace.format;

import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.analysis.Events;
import io.jtrace.model.ExitKind;
import io.jtrace.model.TraceEvent;
import io.jtrace.text.Printable;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tree's text, written as bytes, is what the plain String form of each line (the writer's
 * earlier implementation, kept here as the reference) gives, on a tree with everything a line can
 * say: hidden paths, exceptional and untimed calls, grouped counts, a name that is not ASCII and
 * nesting past the indentation's limit; with and without times, colours and a threshold.
 */
class CallTreeTextWriterTest {
    private static CallTree tree() {
        Events e = new Events(1, "main");
        e.enter("p.Main.main", 0);
        for (int i = 0; i < 1234; i++) e.enter("p.A.a", 10 + i * 10L).exit(15 + i * 10L);
        e.enter("p.Ünïcode.straße", 20_000).exit(20_500, ExitKind.EXCEPTION);
        e.enter("p.U.untimed", 21_000).exit(21_000, ExitKind.RETURN_UNTIMED);
        e.enter("p.U.untimed", 21_100).exit(21_100, ExitKind.RETURN_UNTIMED);
        long t = 30_000;
        for (int d = 0; d < Indentation.MAX_LEVELS + 5; d++) e.enter("p.R.rec", t += 3);
        for (int d = 0; d < Indentation.MAX_LEVELS + 5; d++) e.exit(t += 1_000_000);
        e.enter("p.Tiny.t", t + 1).exit(t + 2);
        e.exit(t + 5_000_000_000L);
        List<TraceEvent> events = new ArrayList<>(e.list());
        Events other = new Events(2, "worker-ü");
        other.enter("p.W.work", 5).enter("p.A.a", 6).exit(7).exit(9);
        events.addAll(other.list());
        CallTreeBuilder b = new CallTreeBuilder(CallTreeBuilder.Options.DEFAULT);
        events.forEach(b::accept);
        return b.build();
    }

    @Test
    void bytesAreTheReferenceTextInEveryMode() {
        CallTree tree = tree();
        for (boolean times : new boolean[] {true, false}) {
            for (double minPercent : new double[] {0, 1, 0.5}) {
                for (boolean colour : new boolean[] {false, true}) {
                    CallTreeTextWriter.Options o = new CallTreeTextWriter.Options(times, minPercent, new Ansi(colour));
                    String expected = reference(tree, o);
                    StringWriter chars = new StringWriter();
                    new CallTreeTextWriter(new PrintWriter(chars), o).write(tree);
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    new CallTreeTextWriter(bytes, StandardCharsets.UTF_8, o).write(tree);
                    String mode = "times " + times + ", min " + minPercent + ", colour " + colour;
                    assertEquals(expected, chars.toString(), mode);
                    assertEquals(expected, bytes.toString(StandardCharsets.UTF_8), mode);
                }
            }
        }
        String text = reference(tree, new CallTreeTextWriter.Options(true, 0, new Ansi(false)));
        assertTrue(text.contains("p.Ünïcode.straße()  1 call, self 500 ns, 1 threw"), text);
        assertTrue(text.contains("p.A.a()  1,234 calls"), text);
        assertTrue(text.contains("[" + (Indentation.MAX_LEVELS + 1) + "] "), text);
        assertTrue(text.contains("2 untimed"), text);
    }

    // ---------------------------------------------------------------- the reference: a String per line

    private static String reference(CallTree tree, CallTreeTextWriter.Options options) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        boolean first = true;
        for (CallTree.Node root : tree.roots()) {
            if (!first) out.print('\n');
            first = false;
            String head = (root.label().equals("all threads") ? "" : "thread ") + Printable.text(root.label()) + ": "
                    + (options.times() ? Durations.format(root.totalNanos()) + " in " : "") + calls(root.calls());
            out.print(options.ansi().bold(head) + '\n');
            long threshold = (long) Math.ceil(root.totalNanos() * options.minPercent() / 100.0);
            children(out, options, root, "", 0, threshold);
        }
        out.flush();
        return text.toString();
    }

    private static void children(PrintWriter out, CallTreeTextWriter.Options options, CallTree.Node parent, String indent,
                                 int level, long threshold) {
        String marker = Indentation.marker(level);
        List<CallTree.Node> shown = new ArrayList<>();
        long hiddenCalls = 0, hiddenNanos = 0;
        int hidden = 0;
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
            out.print(indent + (last ? "`---" : "+---") + marker + line(options, c) + '\n');
            String deeper = level < Indentation.MAX_LEVELS ? indent + (last ? "    " : "|   ") : indent;
            children(out, options, c, deeper, level + 1, threshold);
        }
        if (hidden > 0) {
            double d = options.minPercent();
            out.print(indent + "`---" + marker + options.ansi().dim("(" + hidden + " more path(s) under "
                    + (d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d))
                    + "%: " + calls(hiddenCalls) + (options.times() ? ", " + Durations.format(hiddenNanos) : "") + ")") + '\n');
        }
    }

    private static String line(CallTreeTextWriter.Options options, CallTree.Node n) {
        Ansi a = options.ansi();
        StringBuilder sb = new StringBuilder();
        if (options.times()) {
            sb.append(a.dim("[" + Counts.percent(n.shareOfParent()) + "% " + Durations.format(n.totalNanos()) + "]")).append(' ');
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
}
