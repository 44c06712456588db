package io.jtrace.cli.explore;

import io.jtrace.format.Ansi;
import io.jtrace.format.Durations;
import io.jtrace.format.TextTraceWriter;
import io.jtrace.history.ThreadHistory;
import io.jtrace.model.TraceEvent;
import io.jtrace.text.Printable;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** How the shell shows events and stacks: the lines of {@code jtrace print}, numbered; times unless left out. */
final class EventText {
    private final Ansi ansi;
    private final boolean times;

    EventText(Ansi ansi, boolean times) {
        this.ansi = ansi;
        this.times = times;
    }

    boolean times() {
        return times;
    }

    /** The print lines of {@code events} (one line each), without a thread column. */
    List<String> lines(List<TraceEvent> events) {
        StringWriter text = new StringWriter();
        PrintWriter w = new PrintWriter(text);
        TextTraceWriter writer = new TextTraceWriter(w, new TextTraceWriter.Options(times, false, false, ansi));
        try {
            for (TraceEvent e : events) writer.event(e);
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        w.flush();
        List<String> lines = new ArrayList<>(text.toString().lines().toList());
        while (lines.size() < events.size()) lines.add("");
        return lines;
    }

    /** {@code => #1843  0.001234  > bank.Bank.transfer(...)}; {@code cursor} marks the line. */
    String numbered(long number, String line, boolean cursor) {
        String n = Printable.padLeft("#" + (number + 1), 8);
        return (cursor ? ansi.bold("=>") : "  ") + " " + (cursor ? ansi.bold(n) : ansi.dim(n)) + "  " + line;
    }

    /** The event at the cursor, on one line. */
    String event(ThreadHistory.Located at) {
        return numbered(at.number(), lines(List.of(at.event())).get(0), true);
    }

    /** The stack, innermost first, like a debugger's backtrace. */
    List<String> stack(ThreadHistory.Located at) {
        return stack(at, at.stack().size() - 1);
    }

    /** The stack, innermost first, the frame at {@code selected} marked {@code =>} if it is not the innermost. */
    List<String> stack(ThreadHistory.Located at, int selected) {
        List<String> lines = new ArrayList<>();
        List<ThreadHistory.Frame> stack = at.stack();
        if (stack.isEmpty()) {
            lines.add("  (no traced frame is open here)");
            return lines;
        }
        long now = at.event().nanos();
        for (int d = stack.size() - 1; d >= 0; d--) {
            ThreadHistory.Frame f = stack.get(d);
            String name = Printable.text(f.method().displayName());
            String source = f.method().sourceFile() == null ? "" : "  " + ansi.dim("(" + f.method().sourceFile()
                    + (f.method().line() > 0 ? ":" + f.method().line() : "") + ")");
            String entered = times ? "  " + ansi.dim("entered " + Durations.timestamp(f.enterNanos()) + ", "
                    + Durations.format(now - f.enterNanos()) + " before") : "";
            String depth = Printable.padLeft("d" + d, 6);
            if (d == selected && selected != stack.size() - 1) depth = "=>" + depth.substring(2);
            lines.add(depth + "  " + (d == selected ? ansi.bold(name) : name) + entered + source);
        }
        return lines;
    }
}
