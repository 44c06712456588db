package io.jtrace.cli.explore;

import io.jtrace.cli.explore.ShellCommand.Completion;
import io.jtrace.history.EventView;
import io.jtrace.history.HistoryCursor;
import io.jtrace.history.ThreadHistory;
import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableKind;
import io.jtrace.text.CallValuesText;
import io.jtrace.text.VariableText;

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
                "The traced frames open at the cursor, innermost first, with when each was entered; the frame chosen\n"
                + "with up/down/frame is marked =>.",
                false, Completion.NONE, (s, a, out) -> {
                    noArguments("where", a);
                    out.println(s.text.event(s.cursor().at()));
                    s.text.stack(s.cursor().at(), s.selectedDepth()).forEach(out::println);
                }));
        t.add(new ShellCommand("locals", List.of(), "locals", "each variable of this frame with its last value before the cursor",
                "Each variable (local, parameter, field) the selected frame (the cursor's, or the one up/down/frame chose)\n"
                + "accessed up to the cursor, with the value it had at its last access. Needs a recording made with\n"
                + "'jtrace run --vars PATTERN'.",
                false, Completion.NONE, (s, a, out) -> {
                    noArguments("locals", a);
                    SelectedFrame f = selected(s);
                    show(s, out, lastValues(s, f, false), f.enter() == s.cursor().number()
                            ? "the call starts here: it has accessed no variable yet ('args' shows its arguments)"
                            : "no variable of this frame was recorded before the cursor");
                }));
        t.add(new ShellCommand("args", List.of(), "args", "the frame's arguments as recorded",
                "The selected frame's arguments: the values the call was given, if it was recorded with 'jtrace run --args';\n"
                + "else each parameter with the first value recorded for it in this call ('jtrace run --vars'), and which\n"
                + "parameters have no recorded value. 'this' is not an argument.",
                false, Completion.NONE, InspectCommands::args));
        t.add(new ShellCommand("ret", List.of(), "ret", "how the selected frame's call ended: return value, exception, duration",
                "How the selected frame's call (the cursor's, or the one up/down/frame chose) ended: its exit line\n"
                + "(returned, threw, or still running when the recording ended) and its duration, with the value it\n"
                + "returned if it was recorded with 'jtrace run --args' (else a returned value shows only as a variable\n"
                + "write before the exit, with 'jtrace run --vars'). The cursor stays.",
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

    /**
     * The frame the inspecting commands answer for, at the cursor: its depth and method, the
     * numbers of its enter and exit (-1: before tracing started / still running at the end), and
     * the level of the events directly inside it.
     */
    record SelectedFrame(int depth, MethodInfo method, long enter, long exit, int level) {}

    static SelectedFrame selected(ExploreSession s) {
        HistoryCursor c = s.cursor();
        int d = s.selectedDepth();
        if (d < 0) throw new ShellError("the cursor is outside every traced frame");
        ThreadHistory h = c.history();
        EventView.Kind kind = HistoryCursor.kind(c.event());
        boolean own = d == c.frameDepth();
        // the last event at level d or above before the cursor is frame d's enter; the first after it, its exit
        long enter = own && (kind == EventView.Kind.ENTER || kind == EventView.Kind.CALL) ? c.number() : h.findBackward(c.number(), d, e -> true);
        long exit = own && (kind == EventView.Kind.EXIT || kind == EventView.Kind.CALL) ? c.number() : h.findForward(c.number(), d, e -> true);
        return new SelectedFrame(d, c.at().stack().get(d).method(), enter, exit, d + 1);
    }

    private static void ret(ExploreSession s, List<String> a, PrintWriter out) {
        noArguments("ret", a);
        SelectedFrame f = selected(s);
        if (f.exit() < 0) {
            throw new ShellError(f.method().displayName() + " was still running when the recording ended");
        }
        ThreadHistory.Located exit = s.cursor().history().at(f.exit());
        out.println(exit.number() == s.cursor().number() ? s.text.event(exit)
                : s.text.numbered(exit.number(), s.text.lines(List.of(exit.event())).get(0), false));
        CallValues values = values(exit.event());
        if (values != null && values.returned() != null) show(s, out, values.returned(), "return");
    }

    /** The recorded arguments of the selected call ('run --args'), else its parameters as variables ('run --vars'), and those not recorded. */
    private static void args(ExploreSession s, List<String> a, PrintWriter out) {
        noArguments("args", a);
        SelectedFrame f = selected(s);
        List<String> types = io.jtrace.model.Descriptors.parameterTypes(f.method().descriptor()).stream()
                .map(io.jtrace.model.Descriptors::typeName).toList();
        if (s.index.symbols().recordsCallValues(f.method().id())) {
            CallValues values = f.enter() < 0 ? null : values(s.cursor().history().at(f.enter()).event());
            if (values == null) throw new ShellError("the arguments of this call were not recorded (its records were lost)");
            if (values.arguments().isEmpty() && types.isEmpty()) throw new ShellError(f.method().displayName() + " takes no arguments");
            for (Argument arg : values.arguments()) show(s, out, arg, "argument");
            if (values.arguments().size() < types.size()) {
                out.println("  " + s.ansi.dim("not recorded: parameters " + (values.arguments().size() + 1) + " to " + types.size()));
            }
            return;
        }
        if (s.index.symbols().variableSiteCount() == 0) {
            throw new ShellError("no arguments in this recording: record them with 'jtrace run --args PATTERN'");
        }
        if (types.isEmpty()) throw new ShellError(f.method().displayName() + " takes no arguments");
        Map<String, VariableAccess> params = lastValues(s, f, true);
        // which parameter each recorded one is: by its slot (this first in an instance method; long and double take two)
        int slot = (f.method().modifiers() & java.lang.reflect.Modifier.STATIC) != 0 ? 0 : 1;
        List<String> missing = new ArrayList<>();
        List<String> descriptors = io.jtrace.model.Descriptors.parameterTypes(f.method().descriptor());
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (VariableAccess v : params.values()) seen.add(v.variable().slot());
        for (int i = 0; i < descriptors.size(); i++) {
            if (!seen.contains(slot)) missing.add((i + 1) + " (" + types.get(i) + ")");
            slot += descriptors.get(i).equals("J") || descriptors.get(i).equals("D") ? 2 : 1;
        }
        for (VariableAccess v : params.values()) {
            out.println("  " + VariableText.target(v) + " = " + VariableText.value(v.value(), v.variable().type())
                    + "  " + s.ansi.dim(VariableText.context(v) + ", its first value in this call"));
        }
        if (!missing.isEmpty()) {
            out.println("  " + s.ansi.dim("not recorded: parameter" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + " (this call did not read them while traced; 'jtrace run --args' records every argument)"));
        }
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
     * The selected frame's variables, each at its last access up to the cursor (or, for
     * {@code parametersOnly}, its first in this call). Reads the events directly inside the frame,
     * skipping batches of deeper calls.
     */
    private static Map<String, VariableAccess> lastValues(ExploreSession s, SelectedFrame f, boolean parametersOnly) {
        if (s.index.symbols().variableSiteCount() == 0) {
            throw new ShellError("no variables in this recording: record them with 'jtrace run --vars PATTERN'");
        }
        int level = f.level();
        MethodInfo method = f.method();
        long enter = Math.max(0, f.enter());
        long upTo = parametersOnly ? (f.exit() < 0 ? Long.MAX_VALUE : f.exit()) : s.cursor().number() + 1; // a parameter's first value: anywhere in the call
        Map<String, VariableAccess> values = new LinkedHashMap<>();
        s.cursor().history().scan(enter, upTo, level, e -> {
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
