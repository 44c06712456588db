package io.jtrace.cli;

import io.jtrace.agent.filter.MethodFilter;
import io.jtrace.analysis.CallCondition;
import io.jtrace.analysis.Invocations;
import io.jtrace.format.InvocationText;
import io.jtrace.format.Printable;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.read.CurrentValues;
import io.jtrace.read.Replay;
import io.jtrace.read.SortedLines;
import io.jtrace.read.SymbolTable;
import io.jtrace.read.TraceIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code jtrace calls FILE --method PATTERN}: one row per call of the methods named, with the
 * values {@code run --args} recorded (arguments, return value or exception) and its duration;
 * {@code --where} keeps the calls whose values match (Arthas' {@code tt -l} for a whole recording).
 */
@Command(name = "calls", mixinStandardHelpOptions = true,
        description = {"List each call of the methods named, with its arguments, return value or exception, and duration.",
            "One row per call: when it started, thread, duration, the call with the values recorded by 'jtrace run --args', and the value it returned or the exception that ended it."})
public final class CallsCommand extends RecordingCommand {
    /** Order of the rows. */
    enum Sort { time, duration }

    @Option(names = "--method", paramLabel = "PATTERN", required = true,
            description = "The methods whose calls to list (Bank.transfer, *Service.get*, com.acme.**). Repeatable.")
    List<String> methods;

    @Option(names = "--thread", paramLabel = "PATTERN",
            description = "Only calls on threads whose name matches (glob: worker-*) or with this id. Repeatable.")
    List<String> threads;

    @Option(names = "--where", paramLabel = "EXPR",
            description = "Only calls whose values match: an argument (by name, or arg0, arg1...) or ret compared with"
                    + " a number, a \"string\", true, false or null by ==, !=, <, <=, >, >=; joined by and, or;"
                    + " e.g. 'amount > 100', 'ret == false', 'arg0 == \"x\"'.")
    String where;

    @Option(names = "--sort", paramLabel = "ORDER", defaultValue = "time",
            description = "Order of the rows: ${COMPLETION-CANDIDATES} (time: when each call started; duration: the"
                    + " longest first). Default: ${DEFAULT-VALUE}.")
    Sort sort;

    @Option(names = "--top", paramLabel = "N", description = "Show only the first N rows in that order.")
    Integer top;

    @Option(names = "--no-times", description = "Leave out times and durations (to diff two runs).")
    boolean noTimes;

    @Mixin
    ObjectIdsOption objectIds;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws IOException {
        requirePositive("--top", top);
        MethodFilter filter = methodFilter(methods, null);
        CallCondition condition = condition();
        try (TraceIndex index = open(); SortedLines rows = new SortedLines(top == null ? 0 : top)) {
            List<ThreadInfo> shown = selectThreads(index, file, threads);
            List<MethodInfo> matched = matchedMethods(index.symbols(), filter);
            BitSet ids = new BitSet();
            for (MethodInfo m : matched) if (m.id() >= 0) ids.set(m.id());
            boolean recorded = matched.stream().anyMatch(m -> index.symbols().recordsCallValues(m.id()));
            if (condition != null) checkNames(condition, matched, index.symbols(), recorded);
            else if (!recorded) warn("the values of these calls were not recorded: record them with 'jtrace run --args "
                    + String.join(" --args ", methods) + "'");

            int threadWidth = shown.stream().mapToInt(t -> Printable.text(t.label()).length()).max().orElse(6);
            InvocationText text = new InvocationText(!noTimes, threadWidth, color.ansi(), objectIds.ids(index));
            CurrentValues values = new CurrentValues();
            Replay.of(index, shown).values(values).into(new Invocations(m -> m.id() >= 0 && ids.get(m.id()), values,
                    i -> condition == null || condition.test(i.values()), i -> {
                        try {
                            if (sort == Sort.time) rows.add(i.nanos(), i.thread().ordinal(), text.row(i));
                            else rows.add(-i.durationNanos(), i.nanos(), text.row(i));
                        } catch (IOException x) {
                            throw new UncheckedIOException(x); // the spill file: reported as what it is
                        }
                    }));
            PrintWriter out = out();
            out.println(title(rows.added()));
            if (rows.added() > 0) {
                out.println(text.header());
                rows.writeTo(out);
            }
            out.flush();
            return finish(index);
        }
    }

    private CallCondition condition() {
        if (where == null) return null;
        try {
            return CallCondition.parse(where);
        } catch (IllegalArgumentException e) {
            throw new UserException("bad --where '" + where + "': " + e.getMessage());
        }
    }

    /** The traced methods the patterns select; none is an error naming the patterns. */
    private List<MethodInfo> matchedMethods(SymbolTable symbols, MethodFilter filter) {
        List<MethodInfo> matched = new ArrayList<>();
        for (MethodInfo m : symbols.methods()) {
            if (m.className() != null && filter.matches(m.className(), m.name())) matched.add(m);
        }
        if (matched.isEmpty()) {
            throw new UserException("no traced method matches " + String.join(", ", methods) + " in " + file.getFileName()
                    + " (its methods: 'jtrace summary " + file.getFileName() + "')");
        }
        return matched;
    }

    /** Every name in --where must be an argument of a matched method (by name or position) or ret. */
    private void checkNames(CallCondition condition, List<MethodInfo> matched, SymbolTable symbols, boolean recorded) {
        if (!recorded) {
            throw new UserException("--where needs the values of the calls, and " + file.getFileName() + " has none for "
                    + String.join(", ", methods) + ": record them with 'jtrace run --args " + String.join(" --args ", methods) + "'");
        }
        String problem = whereProblem(condition, matched, symbols, String.join(", ", methods));
        if (problem != null) throw new UserException("bad --where '" + where + "': " + problem);
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

    /** {@code 27 calls of Bank.transfer where amount > 300; the 3 longest}. */
    private String title(long count) {
        StringBuilder s = new StringBuilder().append(count).append(count == 1 ? " call of " : " calls of ").append(String.join(", ", methods));
        if (where != null) s.append(" where ").append(where);
        if (top != null && count > top) {
            s.append("; the ").append(top == 1 ? "" : top + " ").append(sort == Sort.duration ? "longest" : "first");
        }
        return s.toString();
    }
}
