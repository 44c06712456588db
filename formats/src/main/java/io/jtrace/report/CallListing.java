package io.jtrace.report;

import io.jtrace.analysis.CallCondition;
import io.jtrace.analysis.Invocations;
import io.jtrace.format.Ansi;
import io.jtrace.format.InvocationText;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.read.SymbolTable;
import io.jtrace.recording.Recording;
import io.jtrace.recording.ReportException;
import io.jtrace.replay.CurrentValues;
import io.jtrace.replay.Replay;
import io.jtrace.text.ObjectIds;
import io.jtrace.text.Printable;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One row per call of the methods named, with the values {@code run --args} recorded (arguments,
 * return value or exception) and its duration; a {@code --where} condition keeps the calls whose
 * values match. What {@code jtrace calls} prints; the explore shell's {@code find call ... where}
 * checks its condition by {@link #whereProblem}.
 */
public final class CallListing {
    /** Order of the rows: when each call started, or the longest first. */
    public enum Order { TIME, DURATION }

    /**
     * How to show the rows.
     *
     * @param top show only the first rows in that order (0: all)
     */
    public record Options(boolean times, Ansi ansi, Order order, int top) {}

    private final Recording recording;
    private final List<String> patterns;
    private final String methodsText;
    private final CallCondition condition;
    private final String where;
    private final List<MethodInfo> matched;
    private final boolean valuesRecorded;

    /**
     * The calls of the methods {@code methods} selects ({@code patterns}: the same as given, for
     * the messages), whose values match {@code condition} ({@code where} as given; null: every
     * call). A {@link ReportException} if no traced method matches or if the condition names what
     * the calls do not have.
     */
    public CallListing(Recording recording, List<String> patterns, MethodFilter methods, CallCondition condition, String where) {
        this.recording = recording;
        this.patterns = List.copyOf(patterns);
        this.methodsText = String.join(", ", patterns);
        this.where = where;
        this.condition = condition;
        SymbolTable symbols = recording.index().symbols();
        this.matched = matchedMethods(symbols, methods);
        this.valuesRecorded = matched.stream().anyMatch(m -> symbols.recordsCallValues(m.id()));
        if (condition != null) checkNames();
    }

    /** Parses a {@code --where} condition (null stays null); one that does not parse is a {@link ReportException}. */
    public static CallCondition condition(String where) {
        if (where == null) return null;
        try {
            return CallCondition.parse(where);
        } catch (IllegalArgumentException e) {
            throw new ReportException("bad --where '" + where + "': " + e.getMessage());
        }
    }

    /** Whether the recording has the values of any of these calls ({@code run --args}). */
    public boolean valuesRecorded() {
        return valuesRecorded;
    }

    /** The traced methods the patterns select; none is an error naming the patterns. */
    private List<MethodInfo> matchedMethods(SymbolTable symbols, MethodFilter filter) {
        List<MethodInfo> found = new ArrayList<>();
        for (MethodInfo m : symbols.methods()) {
            if (m.className() != null && filter.matches(m.className(), m.name())) found.add(m);
        }
        if (found.isEmpty()) {
            String near = filter.includes().size() == 1 ? symbols.didYouMean(filter.includes().get(0).glob()) : "";
            throw new ReportException("no traced method matches " + methodsText + " in " + recording.file().getFileName()
                    + (near.isEmpty() ? " (its methods: 'jtrace summary " + recording.file().getFileName() + "')" : near));
        }
        return found;
    }

    /** Every name in the condition must be an argument of a matched method (by name or position) or ret. */
    private void checkNames() {
        if (!valuesRecorded) {
            throw new ReportException("--where needs the values of the calls, and " + recording.file().getFileName() + " has none for "
                    + methodsText + ": record them with " + recordingHint());
        }
        String problem = whereProblem(condition, matched, recording.index().symbols(), methodsText);
        if (problem != null) throw new ReportException("bad --where '" + where + "': " + problem);
    }

    /**
     * Whether every name of a condition is an argument of one of {@code matched} (by name or
     * position) or {@code ret}: null if so, else what is wrong (the explore shell's {@code find call
     * ... where} says the same).
     */
    public static String whereProblem(CallCondition condition, List<MethodInfo> matched, SymbolTable symbols, String methodsText) {
        Set<String> known = new LinkedHashSet<>();
        int most = 0;
        for (MethodInfo m : matched) {
            for (int i = 0; symbols.parameter(m.id(), i) != null; i++) {
                known.add(symbols.parameter(m.id(), i).name());
                most = Math.max(most, i + 1);
            }
        }
        // void methods and constructors return no value: 'ret == false' on them would list nothing, silently
        boolean anyReturns = matched.stream().anyMatch(m -> m.descriptor() != null && !m.descriptor().endsWith(")V"));
        for (String name : condition.names()) {
            if (CallCondition.isReturn(name) && !anyReturns && !matched.isEmpty()) {
                return name + ": " + methodsText + " returns nothing (void), so no call of it has a return value to compare";
            }
            if (CallCondition.isReturn(name) || known.contains(name)) continue;
            int position = CallCondition.position(name);
            if (position >= 0 && position < most) continue;
            return "no argument '" + name + "' in the calls of " + methodsText
                    + (known.isEmpty() ? " (they take none)" : " (arguments: " + String.join(", ", known) + ")") + "; use ret for the return value";
        }
        return null;
    }

    /** How to record the values of these calls: {@code 'jtrace run --args Bank.transfer --args ...'}. */
    public String recordingHint() {
        return "'jtrace run --args " + String.join(" --args ", patterns) + "'";
    }

    /** Writes the title, the header and the rows of the calls on {@code threads}; returns how many calls matched. */
    public long write(List<ThreadInfo> threads, Options options, ObjectIds ids, PrintWriter out) throws IOException {
        BitSet selected = new BitSet();
        for (MethodInfo m : matched) if (m.id() >= 0) selected.set(m.id());
        int threadWidth = threads.stream().mapToInt(t -> Printable.text(t.label()).length()).max().orElse(6);
        InvocationText text = new InvocationText(options.times(), threadWidth, options.ansi(), ids);
        try (SortedLines rows = new SortedLines(options.top())) {
            CurrentValues values = new CurrentValues();
            Replay.of(recording.index(), threads).values(values).into(new Invocations(m -> m.id() >= 0 && selected.get(m.id()), values,
                    i -> condition == null || condition.test(i.values()), i -> {
                        try {
                            if (options.order() == Order.TIME) rows.add(i.nanos(), i.thread().ordinal(), text.row(i));
                            else rows.add(-i.durationNanos(), i.nanos(), text.row(i));
                        } catch (IOException x) {
                            throw new UncheckedIOException(x); // the spill file: reported as what it is
                        }
                    }));
            out.println(title(rows.added(), options));
            if (rows.added() > 0) {
                out.println(text.header());
                rows.writeTo(out);
            }
            out.flush();
            return rows.added();
        }
    }

    /** {@code 27 calls of Bank.transfer where amount > 300; the 3 longest}. */
    private String title(long count, Options options) {
        StringBuilder s = new StringBuilder().append(count).append(count == 1 ? " call of " : " calls of ").append(methodsText);
        if (where != null) s.append(" where ").append(where);
        int top = options.top();
        if (top > 0 && count > top) {
            s.append("; the ").append(top == 1 ? "" : top + " ").append(options.order() == Order.DURATION ? "longest" : "first");
        }
        return s.toString();
    }
}
