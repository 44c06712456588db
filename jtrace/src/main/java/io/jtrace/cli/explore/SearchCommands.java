package io.jtrace.cli.explore;

import io.jtrace.analysis.ExceptionFlow;
import io.jtrace.cli.explore.ShellCommand.Completion;
import io.jtrace.format.ExceptionText;
import io.jtrace.history.AcrossThreads;
import io.jtrace.history.HistoryCursor;
import io.jtrace.history.JourneyIndex;
import io.jtrace.history.ThreadHistory;
import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.ExceptionJourney;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.Value;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableIdentity;
import io.jtrace.model.VariableKind;
import io.jtrace.replay.Replay;
import io.jtrace.text.VariableText;

import java.io.PrintWriter;
import java.util.List;

/** Searches that move the cursor to what they find, keeping it for fn/fp; variables' origins; exception journeys. */
final class SearchCommands {
    private SearchCommands() {}

    static void addTo(CommandTable t) {
        t.add(new ShellCommand("find", List.of("f"), "find call GLOB [--min D] [where EXPR] | throw [TYPE] | write|read VAR [= VALUE | where EXPR]",
                "search forward; the match is printed with its stack",
                "find call Bank.transfer        the next call of a method on this thread (patterns as in --include)\n"
                + "find call *transfer* --min 2ms   the next call that took 2 ms or more\n"
                + "find call Bank.transfer where amount > 100 and to != null\n"
                + "                               the next call whose values (run --args) match, as 'jtrace calls --where'\n"
                + "                               says them; 'ret' is the return value (found at the exit, shown at the enter)\n"
                + "find throw *Refused*           the next throw of an exception type (simple, nested or full name glob;\n"
                + "                               Tab offers the types this recording threw)\n"
                + "find throw                     the next throw of any exception\n"
                + "find write balance = 0         the next write of the variable balance at the cursor, with this value if given:\n"
                + "                               a field of that object (on any thread), that array element, that static,\n"
                + "                               or a local of this call (not of a recursive call's)\n"
                + "find read balance              the next read of it\n"
                + "find write balance where value < 0   the next write whose value matches ('value' or the variable's name)\n"
                + "find write balance --by-name   the next write of any variable named balance (a glob) on this thread\n"
                + "                               (what find write does when the cursor's frame has no variable of the name)\n"
                + "find ... --nth N               the Nth match (find ...; then fn N-1 times)\n"
                + "fn / fp repeat the search forward / backward; fn N / fp N: the Nth match on.\n"
                + "Session filters (filter include/exclude/min/time) apply.",
                true, Completion.FIND, (s, a, out) -> {
                    List<String> words = new java.util.ArrayList<>(a);
                    long nth = 1;
                    int at = words.indexOf("--nth");
                    if (at >= 0) {
                        if (at + 1 >= words.size()) throw new ShellError("--nth takes a count, e.g. find call Bank.transfer --nth 1000");
                        nth = MoveCommands.count("--nth", List.of(words.get(at + 1)));
                        words.remove(at + 1);
                        words.remove(at);
                    }
                    Search search = Search.parse(words, s);
                    s.lastSearch = search;
                    s.followed = null;
                    if (search.note() != null) out.println(search.note());
                    run(s, search, true, nth, out);
                }));
        t.add(new ShellCommand("fn", List.of(), "fn [N]", "the next match of the last find (N: the Nth)", "", true, Completion.NONE,
                (s, a, out) -> again(s, a, true, out)));
        t.add(new ShellCommand("fp", List.of(), "fp [N]", "the previous match of the last find (N: the Nth back)", "", true, Completion.NONE,
                (s, a, out) -> again(s, a, false, out)));
        t.add(new ShellCommand("origin", List.of(), "origin VAR [--by-name]", "to the write that gave VAR its value at the cursor",
                "Where did this value come from? Goes back to the last write before the cursor of the variable VAR is at\n"
                + "the cursor (as 'locals' shows it): a field of that very object, that element of that array, that static,\n"
                + "on whichever thread wrote it last (the line says so when it was another thread); a local or parameter\n"
                + "of this call. 'origin VAR' again, or 'fp', goes to the write before that.\n"
                + "If no traced write gave the value, it says where the value was first seen: a parameter's value at the\n"
                + "call's enter, an object where its identity first appears (an argument, a return value, a variable),\n"
                + "else the first read of the variable (written where it was not traced).\n"
                + "origin VAR --by-name: the last write of any variable of that name on this thread.",
                true, Completion.VARIABLES, SearchCommands::origin));
        t.add(new ShellCommand("exc", List.of(), "exc N", "to exception #N's throw (as 'jtrace exceptions' numbers them); step follows it",
                "Jumps to the throw of exception #N (the numbers of 'jtrace exceptions' and 'exceptions' here), on its\n"
                + "thread. 'step' then follows that exception to its next event (unwind, finally, catch), 'rstep' back.",
                false, Completion.NONE, SearchCommands::exception));
    }

    private static void again(ExploreSession s, List<String> a, boolean forward, PrintWriter out) {
        long n = MoveCommands.count(forward ? "fn" : "fp", a);
        if (s.lastSearch == null) throw new ShellError("no search yet: find call|throw|write|read ...");
        run(s, s.lastSearch, forward, n, out);
    }

    /** Moves to the next (or previous) match and prints it with its stack. */
    static void run(ExploreSession s, Search search, boolean forward, PrintWriter out) {
        run(s, search, forward, 1, out);
    }

    /**
     * Moves to the {@code nth} next (or previous) match and prints it with its stack; with fewer
     * matches, to the last one there is, saying how many there were.
     */
    static void run(ExploreSession s, Search search, boolean forward, long nth, PrintWriter out) {
        ThreadInfo before = s.thread();
        long moved = moveNth(s, search, forward, nth);
        if (moved == 0) {
            throw new ShellError("no " + search.text() + " " + (forward ? "after" : "before") + " #" + (s.cursor().number() + 1)
                    + (search.allThreads() ? " on any thread" : " on thread " + ExploreSession.label(s.thread())));
        }
        if (!s.thread().equals(before)) out.println("(on thread " + ExploreSession.label(s.thread()) + ")");
        show(s, out);
        if (moved < nth) {
            throw new ShellError("only " + moved + " matches of " + search.text() + (forward ? " on" : " back") + ", not " + nth
                    + " (stopped at the last)");
        }
    }

    /**
     * Moves to the {@code nth} match, returning how many matches it moved over (fewer than
     * {@code nth} if it ran out). Forward on one thread it counts matches in one pass; otherwise
     * it moves match by match.
     */
    private static long moveNth(ExploreSession s, Search search, boolean forward, long nth) {
        if (nth > 1 && forward && !search.allThreads() && !search.byExit()) {
            HistoryCursor c = s.cursor();
            long[] seen = {0, -1}; // matches so far, the last one's number
            ThreadHistory.EventTest counting = e -> {
                if (!search.test().test(e)) return false;
                seen[1] = e.number();
                return ++seen[0] == nth;
            };
            move(s, new Search(search.text(), counting, false, false, search.frame(), null), true);
            if (seen[0] > 0 && c.number() != seen[1]) c.goTo(seen[1]); // fewer than nth: the last there was
            return seen[0];
        }
        long moved = 0;
        while (moved < nth) {
            io.jtrace.replay.Cancellation.check();
            if (!move(s, search, forward)) break;
            moved++;
        }
        return moved;
    }

    /** Prints the cursor's event and its stack, as a search's answer. */
    private static void show(ExploreSession s, PrintWriter out) {
        HistoryCursor c = s.cursor();
        out.println(s.text.event(c.at()));
        if (c.event() instanceof VariableAccess || c.event() instanceof ExceptionThrown || c.frameDepth() >= 0) {
            List<String> stack = s.text.stack(c.at());
            // the innermost frames say where a match is; a deep stack in full after every fn buries the matches
            stack.subList(0, Math.min(stack.size(), SHOWN_FRAMES)).forEach(out::println);
            if (stack.size() > SHOWN_FRAMES) {
                out.println(s.ansi.dim("      ... " + (stack.size() - SHOWN_FRAMES) + " outer frames ('where' shows them all)"));
            }
        }
    }

    /** Frames shown with a search's match. */
    private static final int SHOWN_FRAMES = 6;

    /**
     * Moves the cursor to the next (or previous) match, switching thread for a match on another
     * one; false if there is none.
     */
    static boolean move(ExploreSession s, Search search, boolean forward) {
        HistoryCursor c = s.cursor();
        ThreadHistory h = c.history();
        Search.FrameBounds frame = search.frame();
        if (frame != null && !frame.thread().equals(s.thread())) {
            throw new ShellError("this search follows a local of a call on thread " + ExploreSession.label(frame.thread())
                    + "; 'thread " + ExploreSession.label(frame.thread()) + "' first");
        }
        ThreadHistory.EventTest test = frame == null ? search.test() : e -> e.level() == frame.level() && search.test().test(e);
        int maxLevel = frame == null ? Integer.MAX_VALUE : frame.level();
        long from = c.number();
        long found;
        while (true) {
            if (frame != null) {
                found = forward ? h.findForward(from, frame.to(), maxLevel, test) : h.findBackward(from, frame.from(), maxLevel, test);
            } else {
                found = forward ? h.findForward(from, maxLevel, test) : h.findBackward(from, maxLevel, test);
            }
            if (found < 0 || !search.byExit()) break;
            long enter = h.callStart(found);
            if (forward ? enter > c.number() : enter < c.number()) {
                found = enter;
                break;
            }
            from = found; // its enter is on the wrong side of the cursor: look further
        }
        if (search.allThreads()) {
            // another thread's match between the cursor's time and this thread's match is nearer
            long now = c.event().nanos();
            long here = found < 0 ? (forward ? Long.MAX_VALUE : Long.MIN_VALUE) : h.at(found).event().nanos();
            List<ThreadHistory> others = s.index.threads().stream().filter(t -> !t.equals(s.thread()) && s.filters.showsThread(t))
                    .map(s.histories::of).toList();
            AcrossThreads.Match m = forward ? AcrossThreads.earliestBetween(others, now, here, test)
                    : AcrossThreads.latestBetween(others, here, now, test);
            if (m != null) {
                s.select(m.history().thread());
                s.cursor().goTo(m.number());
                return true;
            }
        }
        if (found < 0) return false;
        c.goTo(found);
        return true;
    }

    /** {@code origin VAR [--by-name]}: the write that gave the variable at the cursor its value, or where the value was first seen. */
    private static void origin(ExploreSession s, List<String> a, PrintWriter out) {
        List<String> rest = new java.util.ArrayList<>(a);
        boolean byName = rest.remove("--by-name");
        if (rest.size() != 1 || rest.get(0).startsWith("-")) throw new ShellError("origin takes one variable name, e.g. origin balance [--by-name]");
        String name = rest.get(0);
        if (s.index.symbols().variableSiteCount() == 0) {
            throw new ShellError("no variables in this recording: record them with 'jtrace run --vars PATTERN'");
        }
        s.followed = null;
        if (byName) {
            Search search = Search.parse(List.of("write", name, "--by-name"), s);
            s.lastSearch = search;
            run(s, search, false, out);
            return;
        }
        VariableAtCursor at = VariableAtCursor.find(s, name);
        if (at == null) {
            throw new ShellError("the cursor's frame has no variable '" + name + "' ('locals' lists them); 'origin " + name
                    + " --by-name' goes to the last write of any variable of that name");
        }
        VariableIdentity identity = at.identity();
        Search search = new Search("write of " + at.describe(), e -> e.other() instanceof VariableAccess v
                && v.variable().write() && identity.matches(v), false, at.frame() == null, at.frame(), null);
        s.lastSearch = search;
        ThreadInfo before = s.thread();
        if (move(s, search, false)) {
            if (!s.thread().equals(before)) out.println("(on thread " + ExploreSession.label(s.thread()) + ")");
            show(s, out);
            return;
        }
        firstSeen(s, at, out);
    }

    /** Where a value that no traced write produced was first seen; the cursor goes there. */
    private static void firstSeen(ExploreSession s, VariableAtCursor at, PrintWriter out) {
        VariableAccess access = at.access();
        String variable = at.describe();
        HistoryCursor c = s.cursor();
        if (at.frame() != null) {
            if (access.variable().kind() != VariableKind.PARAM) {
                throw new ShellError("no traced write of " + variable + " before #" + (c.number() + 1));
            }
            c.goTo(at.frame().from());
            out.println("no write of " + variable + " in this call before the cursor: its value is the argument it was called with");
            show(s, out);
            return;
        }
        List<ThreadHistory> all = s.index.threads().stream().filter(s.filters::showsThread).map(s.histories::of).toList();
        long now = c.event().nanos();
        Value value = access.value();
        long identity = value.kind() == Value.Kind.OBJECT || value.kind() == Value.Kind.TEXT ? value.identity() : 0;
        AcrossThreads.Match m = null;
        String how = null;
        if (identity != 0) {
            m = AcrossThreads.earliestBetween(all, Long.MIN_VALUE, now + 1, e -> carries(e, identity));
            how = "the object " + VariableText.value(value, access.variable().type()) + " first appears here (an argument, a return value or a variable)";
        }
        if (m == null) {
            VariableIdentity id = at.identity();
            m = AcrossThreads.earliestBetween(all, Long.MIN_VALUE, now + 1, e -> e.other() instanceof VariableAccess v && id.matches(v));
            how = "its first traced access is this read: it was written where it was not traced (a method outside --vars, or before the recording)";
        }
        if (m == null || m.history().thread().equals(s.thread()) && m.number() == c.number()) {
            throw new ShellError("no traced write of " + variable + " before #" + (c.number() + 1) + ", and the value is not seen earlier");
        }
        if (!m.history().thread().equals(s.thread())) s.select(m.history().thread());
        s.cursor().goTo(m.number());
        out.println("no traced write of " + variable + " before the cursor; " + how + ", on thread "
                + ExploreSession.label(s.thread()) + ":");
        show(s, out);
    }

    /** Whether an event carries an object of this identity: a variable's value, or a call's argument or return value. */
    private static boolean carries(io.jtrace.history.EventView e, long identity) {
        if (e.other() instanceof VariableAccess v) return same(v.value(), identity);
        CallValues values = e.values();
        if (values == null) return false;
        for (Argument arg : values.arguments()) if (same(arg.value(), identity)) return true;
        return values.returned() != null && same(values.returned().value(), identity);
    }

    private static boolean same(Value v, long identity) {
        return (v.kind() == Value.Kind.OBJECT || v.kind() == Value.Kind.TEXT) && v.identity() == identity;
    }

    private static void exception(ExploreSession s, List<String> a, PrintWriter out) throws Exception {
        if (a.size() != 1 || !a.get(0).replace("#", "").matches("[0-9]{1,18}")) throw new ShellError("exc takes an exception number, e.g. exc 3");
        long wanted = Long.parseLong(a.get(0).replace("#", ""));
        JourneyIndex.Start journey = s.journeys().get(wanted);
        if (journey == null) throw new ShellError("no exception #" + wanted + " (see 'exceptions --summary')");
        ThreadInfo t = journey.thread();
        if (!t.equals(s.thread())) s.select(t);
        ThreadHistory h = s.history();
        long identity = journey.exception().identity();
        long at = h.firstAtOrAfter(journey.nanos());
        long thrown = h.findForward(at - 1, Integer.MAX_VALUE, e -> e.other() instanceof ExceptionThrown x
                && x.exception().identity() == identity);
        if (thrown < 0) throw new ShellError("exception #" + wanted + "'s throw is not in thread " + ExploreSession.label(t) + "'s events");
        s.cursor().goTo(thrown);
        s.followed = journey.exception();
        s.followedNumber = wanted;
        out.println("exception #" + wanted + ": " + ExceptionText.withMessage(journey.exception(), journey.message(), true)
                + " on " + ExploreSession.label(t) + " ('step' follows it)");
        out.println(s.text.event(s.cursor().at()));
        s.text.stack(s.cursor().at()).forEach(out::println);
    }
}
