package io.jtrace.cli.explore;

import io.jtrace.cli.explore.ShellCommand.Completion;
import io.jtrace.format.CallValuesText;
import io.jtrace.format.VariableText;
import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableKind;
import io.jtrace.read.EventView;
import io.jtrace.read.HistoryCursor;
import io.jtrace.read.ThreadHistory;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What is true at the cursor: the stack, the frame's variables, arguments and return value, the trace around it. */
final class InspectCommands {
    private InspectCommands() {}

    static void addTo(CommandTable t) {
        t.add(new ShellCommand("where", List.of("bt"), "where", "the stack at the cursor, innermost first",
                "The traced frames open at the cursor, innermost first, with when each was entered.",
                false, Completion.NONE, (s, a, out) -> {
                    noArguments("where", a);
                    out.println(s.text.event(s.cursor().at()));
                    s.text.stack(s.cursor().at()).forEach(out::println);
                }));
        t.add(new ShellCommand("locals", List.of(), "locals", "each variable of this frame with its last value before the cursor",
                "Each variable (local, parameter, field) the cursor's frame accessed up to the cursor, with the value it\n"
                + "had at its last access. Needs a recording made with 'jtrace run --vars PATTERN'.",
                false, Completion.NONE, (s, a, out) -> {
                    noArguments("locals", a);
                    show(s, out, lastValues(s, false), "no variable of this frame was recorded before the cursor");
                }));
        t.add(new ShellCommand("args", List.of(), "args", "the frame's arguments as recorded",
                "The cursor frame's arguments: the values the call was given, if it was recorded with 'jtrace run --args';\n"
                + "else each parameter with the first value recorded for it in this call ('jtrace run --vars'). 'this' is\n"
                + "not an argument.",
                false, Completion.NONE, InspectCommands::args));
        t.add(new ShellCommand("ret", List.of(), "ret", "how the cursor's call ended: return value, exception, duration",
                "At an exit or a call: how it ended (returned, threw, still running) and its duration, with the value it\n"
                + "returned if it was recorded with 'jtrace run --args' (else a returned value shows only as a variable\n"
                + "write before the exit, with 'jtrace run --vars').",
                false, Completion.NONE, InspectCommands::ret));
        t.add(new ShellCommand("ctx", List.of("list", "l"), "ctx [N]", "the indented trace around the cursor (N events each side, default 8)",
                "The lines of 'jtrace print' around the cursor, numbered, the cursor's line marked =>.",
                false, Completion.NONE, InspectCommands::ctx));
    }

    static void noArguments(String name, List<String> a) {
        if (!a.isEmpty()) throw new ShellError(name + " takes no arguments");
    }

    private static void ctx(ExploreSession s, List<String> a, PrintWriter out) {
        int around = 8;
        if (a.size() > 1) throw new ShellError("ctx takes at most one number");
        if (a.size() == 1) {
            try {
                around = Integer.parseInt(a.get(0));
            } catch (NumberFormatException e) {
                throw new ShellError("ctx takes a number of events, not '" + a.get(0) + "'");
            }
            if (around < 0 || around > 10_000) throw new ShellError("ctx takes 0 to 10000 events each side, not " + around);
        }
        HistoryCursor c = s.cursor();
        long from = Math.max(0, c.number() - around);
        long to = c.number() + around + 1;
        List<TraceEvent> events = new ArrayList<>();
        List<Long> numbers = new ArrayList<>();
        c.history().scan(from, to, e -> {
            events.add(e.toEvent());
            numbers.add(e.number());
            return false;
        });
        List<String> lines = s.text.lines(events);
        for (int i = 0; i < lines.size(); i++) {
            out.println(s.text.numbered(numbers.get(i), lines.get(i), numbers.get(i) == c.number()));
        }
    }

    private static void ret(ExploreSession s, List<String> a, PrintWriter out) {
        noArguments("ret", a);
        TraceEvent e = s.cursor().event();
        EventView.Kind kind = HistoryCursor.kind(e);
        if (kind != EventView.Kind.EXIT && kind != EventView.Kind.CALL) {
            throw new ShellError("the cursor is not on an exit; 'finish' goes to this frame's exit");
        }
        out.println(s.text.event(s.cursor().at()));
        CallValues values = values(e);
        if (values != null && values.returned() != null) show(s, out, values.returned(), "return");
    }

    /** The recorded arguments of the cursor's call ('run --args'), else its parameters as variables ('run --vars'). */
    private static void args(ExploreSession s, List<String> a, PrintWriter out) {
        noArguments("args", a);
        HistoryCursor c = s.cursor();
        ThreadHistory.Frame frame = c.frame();
        if (frame != null && s.index.symbols().recordsCallValues(frame.method().id())) {
            EventView.Kind kind = HistoryCursor.kind(c.event());
            long enter = kind == EventView.Kind.ENTER || kind == EventView.Kind.CALL || kind == EventView.Kind.EXIT
                    ? c.number() : c.rfinishTarget();
            CallValues values = enter < 0 ? null : values(c.history().at(enter).event());
            if (values == null) throw new ShellError("the arguments of this call were not recorded (its records were lost)");
            if (values.arguments().isEmpty()) throw new ShellError(frame.method().displayName() + " takes no arguments");
            for (Argument arg : values.arguments()) show(s, out, arg, "argument");
            return;
        }
        if (s.index.symbols().variableSiteCount() == 0) {
            throw new ShellError("no arguments in this recording: record them with 'jtrace run --args PATTERN'");
        }
        show(s, out, lastValues(s, true), "no parameter of this frame was recorded (record with 'jtrace run --args PATTERN')");
    }

    /** The values a call event carries, or null. */
    private static CallValues values(TraceEvent e) {
        if (e instanceof MethodEnter m) return m.values();
        if (e instanceof MethodExit m) return m.values();
        if (e instanceof MethodCall m) return m.values();
        return null;
    }

    private static void show(ExploreSession s, PrintWriter out, Argument a, String what) {
        out.println("  " + a.name() + " = " + CallValuesText.value(a) + "  " + s.ansi.dim("(" + what + " " + a.typeName() + ")"));
    }

    /**
     * The cursor frame's variables, each at its last access up to the cursor (or, for
     * {@code parametersOnly}, its first in this call). Reads back from the cursor to the frame's
     * enter, skipping batches of deeper calls.
     */
    private static Map<String, VariableAccess> lastValues(ExploreSession s, boolean parametersOnly) {
        if (s.index.symbols().variableSiteCount() == 0) {
            throw new ShellError("no variables in this recording: record them with 'jtrace run --vars PATTERN'");
        }
        HistoryCursor c = s.cursor();
        ThreadHistory.Frame frame = c.frame();
        if (frame == null) throw new ShellError("the cursor is outside every traced frame");
        int level = c.frameDepth() + 1;
        MethodInfo method = frame.method();
        EventView.Kind kind = HistoryCursor.kind(c.event());
        long enter = kind == EventView.Kind.ENTER || kind == EventView.Kind.CALL ? c.number() : Math.max(0, c.rfinishTarget());
        long exit = parametersOnly ? c.finishTarget() : -1; // a parameter's first value: anywhere in the call
        long upTo = parametersOnly && kind != EventView.Kind.EXIT && kind != EventView.Kind.CALL
                ? (exit < 0 ? Long.MAX_VALUE : exit) : c.number() + 1;
        Map<String, VariableAccess> values = new LinkedHashMap<>();
        c.history().scan(enter, upTo, level, e -> {
            if (e.level() == level && e.other() instanceof VariableAccess v && v.method().id() == method.id()) {
                if (parametersOnly && v.variable().kind() != VariableKind.PARAM) return false;
                String key = VariableText.target(v);
                if (parametersOnly) values.putIfAbsent(key, v);
                else values.put(key, v);
            }
            return false;
        });
        return values;
    }

    private static void show(ExploreSession s, PrintWriter out, Map<String, VariableAccess> values, String none) {
        if (values.isEmpty()) throw new ShellError(none);
        for (VariableAccess v : values.values()) {
            out.println("  " + VariableText.target(v) + " = " + VariableText.value(v.value(), v.variable().type())
                    + "  " + s.ansi.dim(VariableText.context(v) + (v.variable().write() ? ", written" : ", read")));
        }
    }
}
