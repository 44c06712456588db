package io.jtrace.cli.explore;

import io.jtrace.analysis.CallCondition;
import io.jtrace.history.EventView;
import io.jtrace.history.ThreadHistory;
import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableIdentity;
import io.jtrace.pattern.Glob;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.text.VariableText;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What {@code find} looks for, kept for {@code fn}/{@code fp}: {@code call GLOB [--min D]},
 * {@code throw TYPE}, {@code write VAR [= VALUE]}, {@code read VAR}. A call is found at its enter;
 * with a minimum duration it is recognised at its exit (only then is its duration known), and the
 * cursor goes to its enter.
 *
 * <p>A variable search follows the variable the cursor is at (see {@link VariableAtCursor}): a
 * field of that object, that element of that array, that static, searched on every thread
 * ({@code allThreads}); or a local of that frame instance ({@code frame}). {@code --by-name}
 * searches any variable of the name on this thread.
 */
record Search(String text, ThreadHistory.EventTest test, boolean byExit, boolean allThreads, FrameBounds frame, String note) {

    /** The events directly inside one call on one thread: numbers {@code from} to {@code to} (exclusive) at {@code level}. */
    record FrameBounds(io.jtrace.model.ThreadInfo thread, long from, long to, int level) {}

    Search(String text, ThreadHistory.EventTest test, boolean byExit) {
        this(text, test, byExit, false, null, null);
    }

    static Search parse(List<String> args, ExploreSession session) {
        if (args.isEmpty()) throw new ShellError("find what? call GLOB [--min D] [where EXPR], throw TYPE, write VAR [= VALUE | where EXPR] or read VAR");
        String what = args.get(0);
        List<String> rest = args.subList(1, args.size());
        SessionFilters filters = session.filters;
        return switch (what) {
            case "call" -> call(rest, session);
            case "throw" -> {
                if (rest.size() > 1) throw new ShellError("find throw takes one exception type (a glob), or none for any: find throw *Refused*");
                if (rest.isEmpty()) {
                    yield new Search("throw", e -> e.other() instanceof ExceptionThrown && filters.inWindow(e.nanos()), false);
                }
                Pattern type = Glob.compile(rest.get(0));
                yield new Search("throw " + rest.get(0), e -> e.other() instanceof ExceptionThrown t && filters.inWindow(e.nanos())
                        && t.exception().type() != null && matchesType(type, t.exception().type()), false);
            }
            case "write", "read" -> {
                if (session.index.symbols().variableSiteCount() == 0) {
                    throw new ShellError("no variables in this recording: record them with 'jtrace run --vars PATTERN'");
                }
                yield variable(what.equals("write"), rest, session);
            }
            default -> throw new ShellError("find " + what + "? call GLOB [--min D], throw TYPE, write VAR [= VALUE] or read VAR");
        };
    }

    private static Search call(List<String> args, ExploreSession session) {
        List<String> rest = new java.util.ArrayList<>(args);
        String where = where(rest, "find call GLOB [--min D] where EXPR, e.g. find call Bank.transfer where amount > 100");
        if (rest.isEmpty()) throw new ShellError("find call takes a method pattern: find call Bank.transfer, find call *transfer* --min 2ms");
        String glob = rest.get(0);
        long min = session.filters.minNanos;
        if (rest.size() == 3 && rest.get(1).equals("--min")) min = SessionFilters.duration(rest.get(2));
        else if (rest.size() != 1) throw new ShellError("find call GLOB [--min DURATION] [where EXPR], not '" + String.join(" ", rest) + "'");
        MethodFilter pattern;
        try {
            pattern = MethodFilter.parse(List.of(glob), List.of());
        } catch (IllegalArgumentException e) {
            throw new ShellError(e.getMessage());
        }
        BitSet ids = new BitSet();
        boolean hidden = false;
        List<MethodInfo> matched = new java.util.ArrayList<>();
        for (MethodInfo m : session.index.symbols().methods()) {
            if (!pattern.matches(m.className(), m.name())) continue;
            if (session.filters.showsMethod(m)) {
                ids.set(m.id());
                matched.add(m);
            } else {
                hidden = true;
            }
        }
        if (ids.isEmpty()) {
            throw new ShellError(hidden ? "the session's filters hide every method that matches '" + glob + "' (see 'filters'; 'filter clear')"
                    : "no traced method matches '" + glob + "'" + session.index.symbols().didYouMean(glob));
        }
        CallCondition condition = where == null ? null : callCondition(where, matched, glob, session);
        boolean atExit = min > 0 || condition != null && condition.names().stream().anyMatch(CallCondition::isReturn);
        long minNanos = min;
        SessionFilters filters = session.filters;
        String text = "call " + glob + (min > 0 ? " --min " + io.jtrace.format.Durations.format(min) : "") + (where == null ? "" : " where " + where);
        if (!atExit) {
            return new Search(text, e -> (e.kind() == EventView.Kind.ENTER || e.kind() == EventView.Kind.CALL)
                    && ids.get(e.method().id()) && filters.inWindow(e.nanos()) && (condition == null || condition.test(e.values())), false);
        }
        // the duration and the return value are known at the exit: found there, shown at the enter
        return new Search(text, e -> (e.kind() == EventView.Kind.EXIT || e.kind() == EventView.Kind.CALL)
                && ids.get(e.method().id()) && e.durationNanos() >= minNanos
                && filters.inWindow(e.nanos() - (e.kind() == EventView.Kind.EXIT ? e.durationNanos() : 0))
                && (condition == null || condition.test(e.values())), true);
    }

    /** Takes {@code where EXPR} off the end of a find's words: the condition's text, or null. */
    private static String where(List<String> rest, String usage) {
        int at = rest.indexOf("where");
        if (at < 0) return null;
        if (at != rest.size() - 2) throw new ShellError(at == rest.size() - 1 ? "where needs a condition: " + usage : usage);
        String text = rest.get(at + 1);
        rest.subList(at, rest.size()).clear();
        return text;
    }

    /** A call condition, as 'jtrace calls --where' parses and checks it. */
    private static CallCondition callCondition(String where, List<MethodInfo> matched, String glob, ExploreSession session) {
        CallCondition condition;
        try {
            condition = CallCondition.parse(where);
        } catch (IllegalArgumentException e) {
            throw new ShellError("bad condition '" + where + "': " + e.getMessage());
        }
        if (matched.stream().noneMatch(m -> session.index.symbols().recordsCallValues(m.id()))) {
            throw new ShellError("where needs the values of the calls, and none were recorded for " + glob
                    + ": record them with 'jtrace run --args " + glob + "'");
        }
        String problem = io.jtrace.report.CallListing.whereProblem(condition, matched, session.index.symbols(), glob);
        if (problem != null) throw new ShellError("bad condition '" + where + "': " + problem);
        return condition;
    }

    private static Search variable(boolean write, List<String> args, ExploreSession session) {
        List<String> rest = new java.util.ArrayList<>(args);
        boolean byName = rest.remove("--by-name");
        String usage = write ? "find write VAR [= VALUE | where EXPR] [--by-name], e.g. find write balance = 0"
                : "find read VAR [= VALUE | where EXPR] [--by-name], e.g. find read balance where value > 100";
        String where = where(rest, usage);
        if (rest.isEmpty() || rest.size() == 2 || rest.size() > 3 || rest.size() == 3 && !rest.get(1).equals("=")) {
            throw new ShellError(usage);
        }
        if (rest.get(0).startsWith("-")) throw new ShellError("unknown option '" + rest.get(0) + "': " + usage);
        String value = rest.size() == 3 ? rest.get(2) : null;
        Pattern name = Glob.compile(rest.get(0));
        CallCondition condition = where == null ? null : valueCondition(where, name, rest.get(0));
        String valueText = (value == null ? "" : " = " + value) + (where == null ? "" : " where " + where);
        SessionFilters filters = session.filters;
        VariableAtCursor at = byName ? null : VariableAtCursor.find(session, rest.get(0));
        if (at == null) {
            return new Search((write ? "write of any " : "read of any ") + rest.get(0) + valueText, e -> e.other() instanceof VariableAccess v
                    && v.variable().write() == write && filters.inWindow(e.nanos()) && VariableAtCursor.named(name, v)
                    && (value == null || valueMatches(v, value)) && (condition == null || condition.test(asValues(v))), false, false, null,
                    byName ? null : "(no " + rest.get(0) + " in the cursor's frame to follow: any variable of that name on this thread)");
        }
        VariableIdentity identity = at.identity();
        return new Search((write ? "write of " : "read of ") + at.describe() + valueText,
                e -> e.other() instanceof VariableAccess v && v.variable().write() == write && identity.matches(v)
                        && filters.inWindow(e.nanos()) && (value == null || valueMatches(v, value))
                        && (condition == null || condition.test(asValues(v))),
                false, at.frame() == null, at.frame(), null);
    }

    /**
     * A condition on a variable's value, in the language of 'calls --where': the value is called
     * {@code value} or by the variable's name ({@code balance < 0}).
     */
    private static CallCondition valueCondition(String where, Pattern name, String glob) {
        CallCondition condition;
        try {
            condition = CallCondition.parse(where);
        } catch (IllegalArgumentException e) {
            throw new ShellError("bad condition '" + where + "': " + e.getMessage());
        }
        for (String n : condition.names()) {
            if (!n.equals("value") && !name.matcher(n).matches()) {
                throw new ShellError("bad condition '" + where + "': no '" + n + "' here: the value is 'value' (or " + glob + ")");
            }
        }
        return condition;
    }

    /** A variable's value as the values a condition reads: by the variable's name and as {@code value}. */
    private static CallValues asValues(VariableAccess v) {
        String type = v.variable().type();
        return new CallValues(List.of(new Argument("value", type, v.value()), new Argument(v.variable().name(), type, v.value())), null);
    }

    /** The value as the trace prints it, or for a string also without quotes. */
    private static boolean valueMatches(VariableAccess v, String wanted) {
        String shown = VariableText.value(v.value(), v.variable().type());
        if (shown.equals(wanted)) return true;
        return v.value().text() != null && v.value().text().equals(wanted);
    }

    /** An exception type glob matches the whole name ({@code java.io.IOException}), the simple one ({@code *Refused*}) or a nested class's own ({@code Refused} for {@code Bank$Refused}). */
    static boolean matchesType(Pattern glob, String type) {
        int dot = type.lastIndexOf('.');
        String simple = dot < 0 ? type : type.substring(dot + 1);
        String nested = simple.substring(simple.lastIndexOf('$') + 1); // Refused for bank.Bank$Refused
        return glob.matcher(type).matches() || glob.matcher(simple).matches() || glob.matcher(nested).matches()
                || glob.matcher(type.toLowerCase(Locale.ROOT)).matches();
    }
}
