package io.jtrace.format;

import io.jtrace.compare.Divergence;
import io.jtrace.compare.MethodKey;
import io.jtrace.compare.RecordingDiff;
import io.jtrace.compare.Region;
import io.jtrace.compare.ThreadDiff;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.text.Printable;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code jtrace diff}'s text: like {@code diff -u} of two {@code print --no-times} outputs, one
 * hunk per thread that parts ways. Threads that are the same share one line.
 * <pre>
 * --- a.jfr
 * +++ b.jfr
 * same: worker-1, worker-2
 * @@ thread main: after 1,204 same steps, A calls demo.Path.left(int) where B calls demo.Path.right(int) @@
 *    stack: demo.Main.main(String[]) &gt; demo.Path.walk(int)
 *    = demo.Path.step(int)
 * -  = demo.Path.left(int)
 * +  = demo.Path.right(int)
 * </pre>
 */
public final class DiffTextWriter {
    private final PrintWriter out;
    private final Ansi ansi;
    /** Events as print shows them, without times (which always differ). */
    private final StringWriter line = new StringWriter();
    private final TextTraceWriter events;

    public DiffTextWriter(PrintWriter out, Ansi ansi) {
        this.out = out;
        this.ansi = ansi;
        this.events = new TextTraceWriter(new PrintWriter(line), new TextTraceWriter.Options(false, false, false, new Ansi(false), true));
    }

    public void write(String fileA, String fileB, RecordingDiff diff) {
        out.println(ansi.bold("--- " + fileA));
        out.println(ansi.bold("+++ " + fileB));
        List<String> same = new ArrayList<>();
        for (ThreadDiff t : diff.threads()) if (t.same()) same.add(Printable.text(t.pair().label()) + " (" + Counts.grouped(t.sameSteps()) + " steps)");
        if (!same.isEmpty()) out.println("same: " + String.join(", ", same));
        for (ThreadDiff t : diff.threads()) {
            if (t.pair().b() == null) out.println(ansi.red("only in A: thread " + Printable.text(t.pair().a().label())));
            else if (t.pair().a() == null) out.println(ansi.green("only in B: thread " + Printable.text(t.pair().b().label())));
        }
        for (ThreadDiff t : diff.threads()) {
            if (t.first() == null) continue;
            String thread = "thread " + Printable.text(t.pair().label());
            if (t.regions().isEmpty()) {
                hunk(thread, t.first());
            } else {
                for (int i = 0; i < t.regions().size(); i++) region(thread, i + 1, t.regions().get(i));
            }
            if (t.lost()) out.println("   (records were lost here: the rest of this thread is not compared)");
        }
        out.flush();
    }

    private void hunk(String thread, Divergence d) {
        out.println(ansi.cyan("@@ " + thread + ": after " + Counts.grouped(d.sameSteps()) + " same steps, "
                + Printable.text(d.what()) + " @@"));
        stack(d);
        for (TraceEvent e : d.before()) out.println("   " + text(e));
        for (TraceEvent e : d.inA()) out.println(ansi.red("-  " + text(e)));
        for (TraceEvent e : d.inB()) out.println(ansi.green("+  " + text(e)));
    }

    private void region(String thread, int n, Region r) {
        Divergence d = r.start();
        out.println(ansi.cyan("@@ " + thread + ", region " + n + ": after " + Counts.grouped(d.sameSteps()) + " same steps, "
                + Printable.text(d.what()) + " @@"));
        stack(d);
        for (TraceEvent e : d.inA()) out.println(ansi.red("-  " + text(e)));
        for (TraceEvent e : d.inB()) out.println(ansi.green("+  " + text(e)));
        out.println("   calls in the region: " + Counts.grouped(r.callsA()) + " in A, " + Counts.grouped(r.callsB()) + " in B"
                + (r.aligned() ? "" : " (the first " + Counts.grouped(Region.ALIGNED_CALLS) + " a side lined up, the rest matched by count)"));
        counts("only in A", r.onlyInA(), false);
        counts("only in B", r.onlyInB(), true);
    }

    private void counts(String label, Map<MethodKey, Long> calls, boolean b) {
        if (calls.isEmpty()) return;
        List<Map.Entry<MethodKey, Long>> rows = new ArrayList<>(calls.entrySet());
        rows.sort(Map.Entry.<MethodKey, Long>comparingByValue().reversed()
                .thenComparing(e -> e.getKey().className() + "." + e.getKey().name() + e.getKey().descriptor()));
        StringBuilder s = new StringBuilder("   " + label + ":");
        for (Map.Entry<MethodKey, Long> e : rows) {
            MethodKey k = e.getKey();
            s.append(' ').append(Counts.grouped(e.getValue())).append(" x ")
                    .append(Printable.text(new MethodInfo(0, k.className(), k.name(), k.descriptor(), null, 0, 0).displayName()))
                    .append(',');
        }
        s.setLength(s.length() - 1);
        out.println(b ? ansi.green(s.toString()) : ansi.red(s.toString()));
    }

    private void stack(Divergence d) {
        if (d.stack().isEmpty()) {
            out.println("   stack: (outside every traced frame)");
            return;
        }
        StringBuilder s = new StringBuilder("   stack: ");
        for (int i = 0; i < d.stack().size(); i++) {
            if (i > 0) s.append(" > ");
            s.append(Printable.text(d.stack().get(i).displayName()));
        }
        out.println(s);
    }

    /** The event as {@code print --no-times} shows it. */
    private String text(TraceEvent e) {
        line.getBuffer().setLength(0);
        try {
            events.event(e);
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
        events.end();
        String s = line.toString();
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }
}
