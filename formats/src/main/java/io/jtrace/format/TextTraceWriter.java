package io.jtrace.format;

import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ExceptionSuppressed;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.ExitKind;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.FinallyEntered;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The indented per-thread trace, the way the classic call-trace profilers printed it:
 * <pre>
 *   0.000120  main      &gt; bank.Bank.transfer(Account, Account, long)
 *   0.000131  main        = bank.Account.withdraw(long)  2.10 us
 *   0.000140  main        ! bank.Account.withdraw(long)  1.90 us  threw bank.InsufficientFundsException
 *   0.000152  main      &lt; bank.Bank.transfer(Account, Account, long)  32.0 us
 * </pre>
 * {@code >} enter, {@code <} exit, {@code =} a call with no traced callees, {@code !} a frame left
 * by an exception, {@code ?} a frame still open when the recording ended, {@code *} an exception
 * event (throw, catch, finally, suppress, uncaught) in the frame above it. With {@code --vars}
 * and {@code --lines} recordings, inside a frame: {@code r}/{@code w} a variable read or write
 * ({@code w sum = 55  (local int, line 12)}, see {@link VariableText}), {@code . line 12} a line.
 */
public final class TextTraceWriter implements TraceWriter {
    /** How the lines are laid out. */
    public record Options(boolean times, boolean threadColumn, boolean sections, Ansi ansi) {}

    private final PrintWriter out;
    private final Options options;
    private int threadWidth = 8;
    private ThreadInfo currentSection;
    private final Map<MethodInfo, String> names = new IdentityHashMap<>();

    public TextTraceWriter(PrintWriter out, Options options) {
        this.out = out;
        this.options = options;
    }

    @Override
    public void begin(RecordingInfo info) {
        int w = 4;
        for (ThreadInfo t : info.threads()) w = Math.max(w, Printable.text(t.label()).length());
        threadWidth = Math.min(w, 24);
    }

    @Override
    public void event(TraceEvent e) throws IOException {
        if (options.sections() && !e.thread().equals(currentSection)) {
            if (currentSection != null) out.println();
            currentSection = e.thread();
            out.println(options.ansi().bold("== thread " + Printable.text(e.thread().label()) + " (id " + e.thread().id()
                    + (e.thread().virtual() ? ", virtual" : "") + ") =="));
        }
        StringBuilder line = new StringBuilder(96);
        if (options.times()) line.append(options.ansi().dim(pad(Durations.timestamp(e.nanos()), 11))).append("  ");
        if (options.threadColumn()) line.append(padRight(Printable.text(e.thread().label()), threadWidth)).append("  ");
        for (int i = e.depth(); i > 0; i--) line.append("  ");
        Ansi a = options.ansi();
        if (e instanceof MethodEnter m) {
            line.append(a.cyan(">")).append(' ').append(name(m.method()));
        } else if (e instanceof MethodExit m) {
            line.append(marker(m.kind(), "<")).append(' ').append(name(m.method()));
            appendOutcome(line, m.durationNanos(), m.kind(), m.exception() == null ? null : m.exception().type());
        } else if (e instanceof MethodCall m) {
            line.append(marker(m.kind(), "=")).append(' ').append(name(m.method()));
            appendOutcome(line, m.durationNanos(), m.kind(), m.exception() == null ? null : m.exception().type());
        } else if (e instanceof ExceptionEvent x) {
            line.append(a.yellow("*")).append(' ').append(exceptionLine(x));
        } else if (e instanceof RecordsLost l) {
            line.append(a.red(l.batches() > 0
                    ? "~ " + l.batches() + " batch(es) of this thread's records were lost here; the frames below are unknown"
                    : "~ records of this thread were lost here (the tracer ran out of stack or memory)"));
        } else if (e instanceof VariableAccess v) {
            line.append(v.variable().write() ? a.yellow("w") : "r").append(' ').append(VariableText.access(v));
        } else if (e instanceof LineExecuted l) {
            line.append(a.dim(". line " + l.line()));
        }
        out.println(line);
    }

    /** Display names are built once per method: a trace repeats them millions of times. */
    private String name(MethodInfo method) {
        return names.computeIfAbsent(method, MethodInfo::displayName);
    }

    /**
     * An exception event inline, under the frame it happened in ({@code *}). Identity hashes
     * (which differ between runs) are shown with times, left out with them.
     */
    private String exceptionLine(ExceptionEvent x) {
        boolean id = options.times();
        Ansi a = options.ansi();
        if (x instanceof ExceptionThrown t) {
            String what = ExceptionText.withMessage(t.exception(), t.message(), id);
            String at = t.site() == null ? "" : " at " + t.site().shortName();
            return switch (t.kind()) {
                case THROWN -> a.red("throw " + what) + at;
                case RETHROWN -> a.red("rethrow " + ExceptionText.name(t.exception(), id)) + at;
                case RAISED_BY_JVM -> a.red("raised by the JVM " + what) + at;
                case UNRECORDED_THROW -> a.red("thrown deeper than the depth limit " + what) + at;
                case IN_UNTRACED_CODE -> a.red("thrown in untraced code " + what) + at
                        + (t.surfacedAt() == null ? "" : ", came out at " + t.surfacedAt().shortName());
            };
        }
        if (x instanceof ExceptionCaught c) {
            return a.cyan("catch " + ExceptionText.name(c.exception(), id)) + " at " + c.site().shortName()
                    + (c.declaredType() == null ? "" : " as " + c.declaredType());
        }
        if (x instanceof FinallyEntered f) {
            return (f.resourceClose() ? "close resource" : "finally") + " at " + f.site().shortName()
                    + " while " + ExceptionText.name(f.exception(), id) + " unwinds";
        }
        if (x instanceof ExceptionSuppressed s) {
            return "suppress " + ExceptionText.name(s.exception(), id) + " into " + ExceptionText.name(s.primary(), id)
                    + " at " + s.site().shortName();
        }
        ExceptionUncaught u = (ExceptionUncaught) x;
        return a.red("uncaught " + ExceptionText.name(u.exception(), id) + ": thread " + Printable.text(u.thread().label()) + " dies");
    }

    private String marker(ExitKind kind, String normal) {
        switch (kind) {
            case EXCEPTION: return options.ansi().red("!");
            case UNFINISHED: return options.ansi().yellow("?");
            default: return normal;
        }
    }

    private void appendOutcome(StringBuilder line, long duration, ExitKind kind, String exceptionType) {
        Ansi a = options.ansi();
        if (options.times()) line.append("  ").append(a.dim(Durations.format(duration)));
        if (kind == ExitKind.EXCEPTION) {
            line.append("  ").append(a.red("threw " + (exceptionType == null ? "(unknown exception)" : exceptionType)));
        } else if (kind == ExitKind.UNFINISHED) {
            line.append("  ").append(a.yellow("(still running when the recording ended)"));
        }
    }

    @Override
    public void end() {
        out.flush();
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    private static String padRight(String s, int width) {
        if (s.length() > width) return s.substring(0, width - 1) + "~";
        return s + " ".repeat(width - s.length());
    }
}
