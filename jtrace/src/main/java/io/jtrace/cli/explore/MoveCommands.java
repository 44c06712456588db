package io.jtrace.cli.explore;

import io.jtrace.cli.explore.ShellCommand.Completion;
import io.jtrace.format.Durations;
import io.jtrace.history.EventView;
import io.jtrace.history.HistoryCursor;
import io.jtrace.history.ThreadHistory;
import io.jtrace.model.ExceptionEvent;
import io.jtrace.model.ThreadInfo;
import io.jtrace.text.Printable;

import java.io.PrintWriter;
import java.util.List;
import java.util.function.Predicate;

/** Choosing a thread and moving the cursor through its events, forward and backward. */
final class MoveCommands {
    private MoveCommands() {}

    static void addTo(CommandTable t) {
        t.add(new ShellCommand("threads", List.of(), "threads", "list the threads (the current one marked =>)",
                "Each traced thread: id, name, events (as goto and the prompt number them) and the time of its first event.\n"
                + "Threads still being indexed in the background are waited for (Ctrl-C stops). 'filter thread' narrows the list.",
                false, Completion.NONE, MoveCommands::threads));
        t.add(new ShellCommand("thread", List.of("t"), "thread NAME|ID", "make a thread current (cursor on its first event)",
                "Switches to the thread with this name or id (a unique prefix will do); the cursor goes to its first event.\n"
                + "A thread that 'filter thread' leaves out is refused.",
                false, Completion.THREADS, (s, a, out) -> {
                    if (a.size() != 1) throw new ShellError("thread takes one name or id (see 'threads')");
                    ThreadInfo wanted = s.threadNamed(a.get(0));
                    if (!s.filters.showsThread(wanted)) {
                        throw new ShellError("thread " + ExploreSession.label(wanted) + " is left out by the session's filter (see 'filters'; 'filter clear')");
                    }
                    s.select(wanted);
                    show(s, out);
                }));
        t.add(move("goto", List.of("g"), "goto N|TIME|+5ms|-100|40%|@MARK", "move to an event by number, time, offset, percent or bookmark",
                "goto 1843     event #1843 of the current thread\n"
                + "goto 1.5s     the first event at or after 1.5 s of recording time (units: ns us ms s min)\n"
                + "goto +5ms     5 ms later than the cursor (-5ms: earlier); goto +100 / -100: that many events\n"
                + "goto 40%      the event 40% of the way through the thread's events\n"
                + "goto @NAME    a bookmark (switching thread if it is on another one)", Completion.MARKS_AND_NUMBERS, MoveCommands::goTo));
        t.add(move("first", List.of(), "first", "the thread's first event", "", Completion.NONE, (s, a, out) -> land(s, s.cursor().goTo(0), "")));
        t.add(move("last", List.of(), "last", "the thread's last event", "", Completion.NONE,
                (s, a, out) -> land(s, s.cursor().goTo(s.history().size() - 1), "")));
        t.add(move("step", List.of("s"), "step [N]", "the next event, into calls (after 'exc N': the exception's next step)",
                "Moves to the next event of the thread, entering calls; 'step N' N times. After 'exc N' it follows that\n"
                + "exception: to its next event (unwind, finally, catch, rethrow) until its journey on this thread ends.",
                Completion.NONE, (s, a, out) -> {
                    long n = count("step", a);
                    if (s.followed != null) repeat(s, n, () -> follow(s, true), null, out);
                    else jump(s, n, out);
                }));
        t.add(move("next", List.of("n"), "next [N]", "the next event in this frame, over calls",
                "From an enter: to its exit (over the call). Otherwise: the next event at the cursor's level or above.\n"
                + "'next N': N times.",
                Completion.NONE, (s, a, out) -> repeat(s, count("next", a), s.cursor()::next, "no later event in this frame or its callers", out)));
        t.add(move("finish", List.of("out"), "finish [N]", "to this frame's exit (return, throw or unwind)",
                "To the exit of the cursor's frame; from an exit, to the caller's exit. 'finish N': N times.",
                Completion.NONE, (s, a, out) -> repeat(s, count("finish", a), s.cursor()::finish,
                        "no frame to finish here (outside every traced frame)", out)));
        t.add(new ShellCommand("up", List.of(), "up [N]", "select the caller's frame (N: N frames up), without moving in time",
                "Selects the frame that called the selected one (at first the cursor's), as gdb's up: 'where', 'locals',\n"
                + "'args' and 'ret' then answer for it, at the cursor's moment. The cursor stays; moving it selects its own\n"
                + "frame again. To go back in time to the caller's enter: 'rfinish 2' (or rfinish from the enter).",
                false, Completion.NONE, (s, a, out) -> selectFrame(s, (int) Math.max(-1, s.selectedDepth() - count("up", a)), "up", out)));
        t.add(new ShellCommand("down", List.of(), "down [N]", "select the frame the selected one called (N: N frames down)",
                "Undoes 'up': selects the frame the selected one called, down to the cursor's own frame.",
                false, Completion.NONE, (s, a, out) -> selectFrame(s, (int) Math.min(Integer.MAX_VALUE, s.selectedDepth() + count("down", a)), "down", out)));
        t.add(new ShellCommand("frame", List.of(), "frame [N]", "select frame dN of the stack (as 'where' numbers them); alone: show the selected one",
                "Selects the frame 'where' shows as dN (d0 the outermost) without moving in time; 'frame' alone shows the\n"
                + "selected frame.",
                false, Completion.NONE, (s, a, out) -> {
                    if (a.isEmpty()) {
                        selectFrame(s, s.selectedDepth(), "frame", out);
                        return;
                    }
                    if (a.size() != 1 || !a.get(0).replaceFirst("^d", "").matches("[0-9]{1,9}")) {
                        throw new ShellError("frame takes a frame number as 'where' shows it (d0 the outermost), e.g. frame 1");
                    }
                    selectFrame(s, Integer.parseInt(a.get(0).replaceFirst("^d", "")), "frame", out);
                }));
        t.add(move("rstep", List.of("rs"), "rstep [N]", "the previous event (backward step)", "The previous event; 'rstep N': N events back.",
                Completion.NONE, (s, a, out) -> {
                    long n = count("rstep", a);
                    if (s.followed != null) repeat(s, n, () -> follow(s, false), null, out);
                    else jump(s, -n, out);
                }));
        t.add(move("rnext", List.of("rn"), "rnext [N]", "the previous event in this frame, over calls",
                "From an exit: to its enter (back over the call). Otherwise: the previous event at the cursor's level or above.\n"
                + "'rnext N': N times.",
                Completion.NONE, (s, a, out) -> repeat(s, count("rnext", a), s.cursor()::rnext, "no earlier event in this frame or its callers", out)));
        t.add(move("rfinish", List.of("rf"), "rfinish [N]", "back to this frame's enter",
                "To the enter of the cursor's frame; from an enter, to the caller's enter. 'rfinish N': N times.",
                Completion.NONE, (s, a, out) -> repeat(s, count("rfinish", a), s.cursor()::rfinish, "no frame to go back to the start of", out)));
        t.add(move("longest", List.of(), "longest", "to the longest call this frame made",
                "To the enter of the longest call the cursor's frame made directly (outside every frame: the longest top-level call).",
                Completion.NONE, (s, a, out) -> land(s, s.cursor().longest(), "this frame made no traced calls")));
    }

    private static ShellCommand move(String name, List<String> aliases, String usage, String summary, String help,
                                     Completion c, ShellCommand.Action action) {
        return new ShellCommand(name, aliases, usage, summary, help.isEmpty() ? summary : help, true, c, (s, a, out) -> {
            if (!COUNTED.contains(name) && !name.equals("goto") && !a.isEmpty()) throw new ShellError(name + " takes no arguments");
            if (!name.equals("step") && !name.equals("rstep")) s.followed = null;
            action.run(s, a, out);
            show(s, out);
        });
    }

    /** The moves that take a count. */
    private static final java.util.Set<String> COUNTED = java.util.Set.of("step", "next", "finish", "rstep", "rnext", "rfinish");

    /** The count of {@code step N}, {@code fn N}...: 1 if none is given. */
    static long count(String name, List<String> a) {
        if (a.isEmpty()) return 1;
        if (a.size() > 1) throw new ShellError(name + " takes at most a count, e.g. " + name + " 5");
        String word = a.get(0);
        long n;
        try {
            n = Long.parseLong(word);
        } catch (NumberFormatException e) {
            throw new ShellError(name + " takes a count, e.g. " + name + " 5, not '" + word + "'");
        }
        if (n < 1) throw new ShellError(name + " takes a count of 1 or more, not " + word);
        return n;
    }

    /**
     * Makes a move {@code n} times. If it cannot go on, the cursor stays where the last move took
     * it and that is shown, with the reason and how far it got.
     */
    static void repeat(ExploreSession s, long n, java.util.function.BooleanSupplier once, String why, PrintWriter out) {
        for (long i = 0; i < n; i++) {
            io.jtrace.replay.Cancellation.check();
            boolean moved;
            try {
                moved = once.getAsBoolean();
            } catch (ShellError e) {
                if (i == 0) throw e;
                show(s, out);
                throw new ShellError(e.getMessage() + " (stopped after " + i + " of " + n + ")");
            }
            if (!moved) {
                if (i == 0) throw new ShellError(why);
                show(s, out);
                throw new ShellError(why + " (stopped after " + i + " of " + n + ")");
            }
        }
    }

    /** {@code step N} ({@code delta} > 0) or {@code rstep N}: N events on, in one move; as far as the thread goes if it is shorter. */
    private static void jump(ExploreSession s, long delta, PrintWriter out) {
        HistoryCursor c = s.cursor();
        long from = c.number();
        long target = delta > 0 ? (from > Long.MAX_VALUE - delta ? Long.MAX_VALUE : from + delta) : Math.max(-1, from + delta);
        if (c.goTo(target)) return;
        String why = delta > 0 ? "at the last event of thread " + ExploreSession.label(s.thread())
                : "at the first event of thread " + ExploreSession.label(s.thread());
        long end = delta > 0 ? c.history().size() - 1 : 0;
        if (end == from) throw new ShellError(why);
        c.goTo(end);
        show(s, out);
        throw new ShellError(why + " (stopped after " + Math.abs(end - from) + " of " + Math.abs(delta) + ")");
    }

    /** Selects the frame at {@code depth} and shows it, as 'where' shows it, marked. */
    private static void selectFrame(ExploreSession s, int depth, String command, PrintWriter out) {
        int innermost = s.cursor().frameDepth();
        if (innermost < 0) throw new ShellError("the cursor is outside every traced frame");
        if (depth < 0) throw new ShellError(command.equals("up") ? "no traced caller: d0 is the outermost frame" : "no frame d" + depth);
        if (depth > innermost) {
            throw new ShellError(command.equals("down") ? "the cursor's own frame (d" + innermost + ") is the innermost"
                    : "no frame d" + depth + ": the stack at the cursor has d0 to d" + innermost);
        }
        s.selectFrame(depth);
        List<String> stack = s.text.stack(s.cursor().at(), depth);
        String line = stack.get(innermost - depth);
        out.println(depth == innermost ? "=>" + line.substring(2) : line);
    }

    /** A move that could not go anywhere is an error (scripts see it); the cursor stays. */
    private static void land(ExploreSession s, boolean moved, String why) {
        if (!moved) throw new ShellError(why);
    }

    static void show(ExploreSession s, PrintWriter out) {
        out.println(s.text.event(s.cursor().at()));
    }

    private static void threads(ExploreSession s, List<String> a, PrintWriter out) {
        if (!a.isEmpty()) throw new ShellError("threads takes no arguments; to switch: thread NAME");
        List<ThreadInfo> shown = s.index.threads().stream().filter(s.filters::showsThread).toList();
        // events, as goto and the prompt number them: known once a thread's history is built (most are, in
        // the background, by the time one asks); the rest are waited for, cancellably
        List<ThreadHistory> histories = shown.stream().map(s.histories::of).toList();
        boolean waiting = s.progress != null && histories.stream().anyMatch(h -> !h.complete());
        if (waiting) {
            s.progress.print("counting the events of threads still being indexed (Ctrl-C stops)...");
            s.progress.flush();
        }
        long[] events = new long[shown.size()];
        try {
            for (int i = 0; i < events.length; i++) events[i] = histories.get(i).size();
        } finally {
            if (waiting) {
                s.progress.print("\r\u001b[K");
                s.progress.flush();
            }
        }
        boolean times = s.text.times();
        out.println(s.ansi.bold(String.format("   %8s  %-24s %12s" + (times ? "  %10s" : "%s"), "id", "name", "events", times ? "first" : "")));
        for (int i = 0; i < events.length; i++) {
            ThreadInfo t = shown.get(i);
            boolean current = t.equals(s.thread());
            String name = ExploreSession.label(t) + (t.virtual() ? " (virtual)" : "");
            String line = String.format("%s %8d  %-24s %,12d", current ? "=>" : "  ", t.id(), name, events[i])
                    + (times ? "  " + Printable.padLeft(Durations.timestamp(s.index.firstNanosOf(t)), 10) : "");
            out.println(current ? s.ansi.bold(line) : line);
        }
    }

    private static void goTo(ExploreSession s, List<String> a, PrintWriter out) {
        if (a.size() != 1) throw new ShellError("goto takes one place: N, TIME, +5ms, -100, 40% or @MARK");
        String where = a.get(0);
        if (where.startsWith("@")) {
            Marks.Mark m = s.marks.get(where.substring(1));
            ThreadInfo t = s.index.threads().stream().filter(x -> x.id() == m.threadId()).findFirst()
                    .orElseThrow(() -> new ShellError("bookmark " + where + " is on thread id " + m.threadId() + ", which this recording does not have"));
            if (!t.equals(s.thread())) s.select(t);
            land(s, s.cursor().goTo(m.event()), "bookmark " + where + " points past the thread's last event");
            return;
        }
        HistoryCursor c = s.cursor();
        ThreadHistory h = c.history();
        long target;
        if (where.endsWith("%")) {
            double p = number(where.substring(0, where.length() - 1), where);
            if (p < 0 || p > 100) throw new ShellError("a percentage is 0 to 100, not " + where);
            target = Math.min(h.size() - 1, (long) Math.floor(h.size() * p / 100));
        } else if (where.startsWith("+") || where.startsWith("-")) {
            String amount = where.substring(1);
            int sign = where.startsWith("+") ? 1 : -1;
            if (amount.matches("[0-9]+")) {
                target = amount.length() > 18 ? (sign > 0 ? Long.MAX_VALUE : -1) : c.number() + sign * Long.parseLong(amount);
            } else {
                long delta = SessionFilters.duration(amount);
                long at = c.event().nanos() + sign * delta;
                // later: the first event at or after that time; earlier: the last at or before it (none: no event there)
                target = sign > 0 ? h.firstAtOrAfter(at) : h.firstAtOrAfter(at + 1) - 1;
            }
        } else if (where.matches("[0-9]+")) {
            target = where.length() > 18 ? Long.MAX_VALUE : Long.parseLong(where) - 1; // beyond any thread: said below
        } else if (where.matches("[0-9.]+[a-z]*")) {
            target = h.firstAtOrAfter(SessionFilters.duration(where));
        } else {
            throw new ShellError("not a place: '" + where + "' (N, TIME, +5ms, -100, 40% or @MARK)");
        }
        if (target < 0 || !h.exists(target)) {
            throw new ShellError("no event there: thread " + ExploreSession.label(s.thread()) + " has events #1 to #" + h.size()
                    + (s.text.times() ? " from " + Durations.timestamp(h.at(0).event().nanos()) + " to "
                    + Durations.timestamp(h.at(h.size() - 1).event().nanos()) : ""));
        }
        c.goTo(target);
    }

    private static double number(String text, String whole) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new ShellError("not a place: '" + whole + "' (N, TIME, +5ms, -100, 40% or @MARK)");
        }
    }

    /** The followed exception's next (or previous) event on this thread. */
    private static boolean follow(ExploreSession s, boolean forward) {
        long identity = s.followed.identity();
        Predicate<EventView> ofIt = e -> e.other() instanceof ExceptionEvent x && x.exception().identity() == identity
                || (e.kind() == EventView.Kind.EXIT || e.kind() == EventView.Kind.CALL) && e.exception() != null
                && e.exception().identity() == identity;
        ThreadHistory h = s.history();
        long n = forward ? h.findForward(s.cursor().number(), Integer.MAX_VALUE, ofIt::test)
                : h.findBackward(s.cursor().number(), Integer.MAX_VALUE, ofIt::test);
        if (n < 0) {
            s.followed = null;
            throw new ShellError("exception #" + s.followedNumber + " has no " + (forward ? "later" : "earlier")
                    + " event on this thread; step and rstep move event by event again");
        }
        return s.cursor().goTo(n);
    }
}
