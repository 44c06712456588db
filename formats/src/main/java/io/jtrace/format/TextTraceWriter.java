package io.jtrace.format;

import io.jtrace.analysis.CallVisitor;
import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionCaught;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ExceptionRef;
import io.jtrace.model.ExceptionSuppressed;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ExceptionUncaught;
import io.jtrace.model.ExitKind;
import io.jtrace.model.FinallyEntered;
import io.jtrace.model.LineExecuted;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.RecordsLost;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
import io.jtrace.text.CallValuesText;
import io.jtrace.text.ObjectIds;
import io.jtrace.text.Printable;
import io.jtrace.text.VariableText;

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
 * by an exception, {@code ?} a frame still open when the recording ended, {@code ^} a frame already running
 * when tracing started (attach; its exit follows), {@code *} an exception
 * event (throw, catch, finally, suppress, uncaught) in the frame above it. With {@code --vars}
 * and {@code --lines} recordings, inside a frame: {@code r}/{@code w} a variable read or write
 * ({@code w sum = 55  (local int, line 12)}, see {@link VariableText}), {@code . line 12} a line.
 * With {@code --args} recordings, calls show their values ({@link CallValuesText}):
 * {@code > bank.Bank.transfer(from=bank.Account@1b6d3586, amount=250)},
 * {@code < bank.Bank.transfer(...) = true  15.9 us}, {@code = Fib.fib(n=10) = 55  1.7 us}.
 */
public final class TextTraceWriter implements TraceWriter {
    /**
     * How the lines are laid out; {@code values}: calls show the values {@code run --args} recorded;
     * {@code ids}: how objects are named (identity hashes, or numbers for output that diffs).
     */
    public record Options(boolean times, boolean threadColumn, boolean sections, Ansi ansi, boolean values, ObjectIds ids) {
        public Options(boolean times, boolean threadColumn, boolean sections, Ansi ansi, boolean values) {
            this(times, threadColumn, sections, ansi, values, ObjectIds.HASHES);
        }

        public Options(boolean times, boolean threadColumn, boolean sections, Ansi ansi) {
            this(times, threadColumn, sections, ansi, true);
        }
    }

    private final LineBuffer out;
    private final Options options;
    private int threadWidth = 8;
    private ThreadInfo currentSection;
    private final Map<MethodInfo, String> names = new IdentityHashMap<>();
    private final EncodedNames nameBytes;
    private ThreadInfo lastThread;
    private byte[] lastThreadColumn;

    public TextTraceWriter(PrintWriter out, Options options) {
        this.out = new LineBuffer(out, java.nio.charset.StandardCharsets.UTF_8);
        this.options = options;
        this.nameBytes = new EncodedNames(this.out, this::name);
    }

    /** Writes bytes in {@code charset} straight to {@code out} (the fast way for large traces). */
    public TextTraceWriter(java.io.OutputStream out, java.nio.charset.Charset charset, Options options) {
        this.out = new LineBuffer(out, charset);
        this.options = options;
        this.nameBytes = new EncodedNames(this.out, this::name);
    }

    @Override
    public void begin(RecordingInfo info) {
        int w = 4;
        for (ThreadInfo t : info.threads()) w = Math.max(w, Printable.text(t.label()).length());
        threadWidth = Math.min(w, 24);
    }

    @Override
    public void event(TraceEvent e) throws IOException {
        section(e.thread());
        if (!options.ansi().enabled()) {
            if (e instanceof MethodEnter m) {
                callLine(m.thread(), m.nanos(), m.depth(), '>', m.method(), 0, null, null, m.values());
                return;
            }
            if (e instanceof MethodExit m) {
                callLine(m.thread(), m.nanos(), m.depth(), '<', m.method(), m.durationNanos(), m.kind(), m.exception(), m.values());
                return;
            }
            if (e instanceof MethodCall m) {
                callLine(m.thread(), m.nanos(), m.depth(), '=', m.method(), m.durationNanos(), m.kind(), m.exception(), m.values());
                return;
            }
        }
        StringBuilder line = new StringBuilder(96);
        if (options.times()) line.append(options.ansi().dim(Printable.padLeft(Durations.timestamp(e.nanos()), 11))).append("  ");
        if (options.threadColumn()) line.append(padRight(Printable.text(e.thread().label()), threadWidth)).append("  ");
        for (int i = Indentation.levels(e.depth()); i > 0; i--) line.append("  ");
        line.append(Indentation.marker(e.depth()));
        Ansi a = options.ansi();
        if (e instanceof MethodEnter m) {
            line.append(a.cyan(">")).append(' ').append(name(m.method(), shown(m.values()), false));
        } else if (e instanceof MethodExit m) {
            line.append(marker(m.kind(), "<")).append(' ').append(name(m.method(), shown(m.values()), true));
            line.append(CallValuesText.returned(shown(m.values()), options.ids()));
            appendOutcome(line, m.durationNanos(), m.kind(), m.exception() == null ? null : m.exception().type());
        } else if (e instanceof MethodCall m) {
            line.append(marker(m.kind(), "=")).append(' ').append(name(m.method(), shown(m.values()), false));
            line.append(CallValuesText.returned(shown(m.values()), options.ids()));
            appendOutcome(line, m.durationNanos(), m.kind(), m.exception() == null ? null : m.exception().type());
        } else if (e instanceof ExceptionEvent x) {
            line.append(a.yellow("*")).append(' ').append(exceptionLine(x));
        } else if (e instanceof RecordsLost l) {
            line.append(a.red(l.batches() > 0
                    ? "~ " + l.batches() + " batch(es) of this thread's records were lost here; the frames below are unknown"
                    : "~ records of this thread were lost here (the tracer ran out of stack or memory)"));
        } else if (e instanceof VariableAccess v) {
            line.append(v.variable().write() ? a.yellow("w") : "r").append(' ').append(VariableText.access(v, options.ids()));
        } else if (e instanceof LineExecuted l) {
            line.append(a.dim(". line " + l.line()));
        }
        out.append(line.toString()).newline();
    }

    /** A section header when the thread changes ({@code --by-thread}). */
    private void section(ThreadInfo thread) {
        if (!options.sections() || thread.equals(currentSection)) return;
        if (currentSection != null) out.newline();
        currentSection = thread;
        out.append(options.ansi().bold("== thread " + Printable.text(thread.label()) + " (id " + thread.id()
                + (thread.virtual() ? ", virtual" : "") + ") ==")).newline();
    }

    /** The values to show of a call: none unless recorded and asked for. */
    private CallValues shown(CallValues values) {
        return options.values() ? values : null;
    }

    /** The method's display name, or with {@code values} its arguments in place of the parameter types. */
    private String name(MethodInfo method, CallValues values, boolean exit) {
        return values == null ? name(method) : CallValuesText.call(method, values, exit, options.ids());
    }

    /**
     * An enter ({@code kind} null), exit or call line without colours, written as bytes: the same
     * text as the general path of {@link #event}.
     */
    private void callLine(ThreadInfo thread, long nanos, int depth, char normal, MethodInfo method, long duration,
                          ExitKind kind, ExceptionRef exception, CallValues values) {
        if (options.times()) out.timestamp(nanos, 11).spaces(2);
        if (options.threadColumn()) out.append(threadColumn(thread));
        out.spaces(2 * Indentation.levels(depth));
        if (depth > Indentation.MAX_LEVELS) out.append(Indentation.marker(depth));
        char marker = kind == ExitKind.EXCEPTION ? '!' : kind == ExitKind.UNFINISHED ? '?' : normal;
        out.ascii(marker).ascii(' ');
        CallValues shown = shown(values);
        if (shown == null) out.append(nameBytes.of(method));
        else out.append(CallValuesText.call(method, shown, normal == '<', options.ids())).append(CallValuesText.returned(shown, options.ids()));
        if (kind != null) {
            if (options.times()) {
                if (kind == ExitKind.RETURN_UNTIMED) out.spaces(2).append(UNTIMED);
                else out.spaces(2).duration(duration);
            }
            if (kind == ExitKind.EXCEPTION) {
                String type = exception == null ? null : exception.type();
                out.spaces(2).append("threw ").append(type == null ? "(unknown exception)" : type);
            } else if (kind == ExitKind.UNFINISHED) {
                out.spaces(2).append("(still running when the recording ended)");
            }
        }
        out.newline();
    }

    /** The same lines as {@link #event} for each event, without the events (after {@link #begin}). */
    @Override
    public CallVisitor visitor() {
        return visitor(null);
    }

    /** As {@link #visitor()}, calls showing the values read from {@code values} (see {@link TraceWriter#visitor(java.util.function.Supplier)}). */
    @Override
    public CallVisitor visitor(java.util.function.Supplier<CallValues> values) {
        return new CallVisitor() {
            private CallValues values() {
                return values == null ? null : values.get();
            }

            @Override
            public void enter(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
                if (options.ansi().enabled()) {
                    other(new MethodEnter(thread, nanos, depth, method, values()));
                    return;
                }
                section(thread);
                callLine(thread, nanos, depth, '>', method, 0, null, null, values());
            }

            @Override
            public void exit(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                             ExceptionRef exception) {
                if (options.ansi().enabled()) {
                    other(new MethodExit(thread, nanos, depth, method, durationNanos, kind, exception, values()));
                    return;
                }
                section(thread);
                callLine(thread, nanos, depth, '<', method, durationNanos, kind, exception, values());
            }

            @Override
            public void call(ThreadInfo thread, long nanos, int depth, MethodInfo method, long durationNanos, ExitKind kind,
                             ExceptionRef exception) {
                if (options.ansi().enabled()) {
                    other(new MethodCall(thread, nanos, depth, method, durationNanos, kind, exception, values()));
                    return;
                }
                section(thread);
                callLine(thread, nanos, depth, '=', method, durationNanos, kind, exception, values());
            }

            @Override
            public void enteredBeforeTracing(ThreadInfo thread, long nanos, int depth, MethodInfo method) {
                section(thread);
                if (options.times()) out.timestamp(nanos, 11).spaces(2);
                if (options.threadColumn()) out.append(threadColumn(thread));
                out.spaces(2 * Indentation.levels(depth));
                if (depth > Indentation.MAX_LEVELS) out.append(Indentation.marker(depth));
                out.ascii('^').ascii(' ').append(nameBytes.of(method)).spaces(2).append("entered before tracing").newline();
            }

            @Override
            public void other(TraceEvent e) {
                try {
                    event(e);
                } catch (IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            }
        };
    }

    /** Encoded once per thread: interleaved threads switch every few lines. */
    private byte[] threadColumn(ThreadInfo thread) {
        if (thread == lastThread) return lastThreadColumn;
        int i = thread.ordinal();
        byte[] column = i >= 0 && i < threadColumns.length ? threadColumns[i] : null;
        if (column == null || threadsByOrdinal[i] != thread) {
            column = out.encode(padRight(Printable.text(thread.label()), threadWidth) + "  ");
            if (i >= 0 && i < 1 << 16) {
                if (i >= threadColumns.length) {
                    threadColumns = java.util.Arrays.copyOf(threadColumns, Math.max(i + 1, threadColumns.length * 2));
                    threadsByOrdinal = java.util.Arrays.copyOf(threadsByOrdinal, threadColumns.length);
                }
                threadColumns[i] = column;
                threadsByOrdinal[i] = thread;
            }
        }
        lastThread = thread;
        lastThreadColumn = column;
        return column;
    }

    private byte[][] threadColumns = new byte[8][];
    private ThreadInfo[] threadsByOrdinal = new ThreadInfo[8];

    /** Display names are built once per method: a trace repeats them millions of times. */
    private String name(MethodInfo method) {
        return names.computeIfAbsent(method, MethodInfo::displayName);
    }

    /**
     * An exception event inline, under the frame it happened in ({@code *}). Identity hashes
     * (which differ between runs) are shown with times, left out with them; numbers ({@code --no-ids}) always.
     */
    private String exceptionLine(ExceptionEvent x) {
        ObjectIds id = options.ids() != ObjectIds.HASHES ? options.ids() : options.times() ? ObjectIds.HASHES : null;
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
        return a.red("uncaught " + ExceptionText.name(u.exception(), id) + " in thread " + Printable.text(u.thread().label())
                + Printable.text(ExceptionUncaught.handledBy(u.handler())));
    }

    /**
     * In place of an untimed call's duration: it was not measured (shorter than the clock's own
     * cost, see ExitKind.RETURN_UNTIMED), and a number here would be invented.
     */
    static final String UNTIMED = "untimed";

    private String marker(ExitKind kind, String normal) {
        switch (kind) {
            case EXCEPTION: return options.ansi().red("!");
            case UNFINISHED: return options.ansi().yellow("?");
            default: return normal;
        }
    }

    private void appendOutcome(StringBuilder line, long duration, ExitKind kind, String exceptionType) {
        Ansi a = options.ansi();
        if (options.times()) line.append("  ").append(a.dim(kind == ExitKind.RETURN_UNTIMED ? UNTIMED : Durations.format(duration)));
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

    @Override
    public void close() {
        out.flush();
    }


    private static String padRight(String s, int width) {
        if (s.length() > width) return s.substring(0, width - 1) + "~";
        return s + " ".repeat(width - s.length());
    }
}
