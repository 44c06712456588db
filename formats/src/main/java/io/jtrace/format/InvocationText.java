package io.jtrace.format;

import io.jtrace.analysis.Invocations.Invocation;
import io.jtrace.model.ExitKind;
import io.jtrace.text.CallValuesText;
import io.jtrace.text.ObjectIds;
import io.jtrace.text.Printable;

/**
 * The rows of {@code jtrace calls}, one per call, in columns: when it started, thread, duration,
 * then the call as {@code print} shows it with its values ({@link CallValuesText}) and how it
 * ended:
 * <pre>
 *       time  thread      duration  call
 *   0.141242  customer-2   15.9 us  bank.Bank.transfer(from=bank.Account@1b6d3586, to=bank.Account@4f3a2c1e, amount=250) = true
 *   0.144625  customer-2   31.0 us  bank.Bank.transfer(from=..., amount=332)  threw bank.InsufficientFundsException
 * </pre>
 * An untimed call (see {@code run --timing}) says so in place of its duration. Without times,
 * only the thread and the call (to compare two runs).
 */
public final class InvocationText {
    private static final int TIME_WIDTH = 11;
    private static final int DURATION_WIDTH = 9;

    private final boolean times;
    private final int threadWidth;
    private final Ansi ansi;
    private final ObjectIds ids;

    /** {@code threadWidth}: the widest thread label shown (cut to 24). */
    public InvocationText(boolean times, int threadWidth, Ansi ansi) {
        this(times, threadWidth, ansi, ObjectIds.HASHES);
    }

    /** {@code ids}: how objects among the values are named. */
    public InvocationText(boolean times, int threadWidth, Ansi ansi, ObjectIds ids) {
        this.ids = ids;
        this.times = times;
        this.threadWidth = Math.max(6, Math.min(threadWidth, 24));
        this.ansi = ansi;
    }

    /** The column titles. */
    public String header() {
        StringBuilder s = new StringBuilder();
        if (times) s.append(Printable.padLeft("time", TIME_WIDTH)).append("  ");
        s.append(padRight("thread", threadWidth)).append("  ");
        if (times) s.append(Printable.padLeft("duration", DURATION_WIDTH)).append("  ");
        return ansi.bold(s.append("call").toString());
    }

    public String row(Invocation i) {
        StringBuilder s = new StringBuilder(128);
        if (times) s.append(ansi.dim(Printable.padLeft(Durations.timestamp(i.nanos()), TIME_WIDTH))).append("  ");
        s.append(padRight(Printable.text(i.thread().label()), threadWidth)).append("  ");
        if (times) {
            String duration = i.kind() == ExitKind.RETURN_UNTIMED ? TextTraceWriter.UNTIMED : Durations.format(i.durationNanos());
            s.append(Printable.padLeft(duration, DURATION_WIDTH)).append("  ");
        }
        if (i.values() == null) {
            s.append(i.method().displayName());
        } else {
            s.append(CallValuesText.call(i.method(), i.values(), false, ids)).append(CallValuesText.returned(i.values(), ids));
        }
        if (i.kind() == ExitKind.EXCEPTION) {
            String type = i.exception() == null ? null : i.exception().type();
            s.append("  ").append(ansi.red("threw " + (type == null ? "(unknown exception)" : type)));
        } else if (i.kind() == ExitKind.UNFINISHED) {
            s.append("  ").append(ansi.yellow("(still running when the recording ended)"));
        }
        return s.toString();
    }

    private static String padRight(String s, int width) {
        if (s.length() > width) return s.substring(0, width - 1) + "~";
        return s + " ".repeat(width - s.length());
    }
}
