package io.jtrace.cli.explore;

import io.jtrace.analysis.ExceptionFlow;
import io.jtrace.cli.explore.ShellCommand.Completion;
import io.jtrace.format.ExceptionText;
import io.jtrace.model.ExceptionJourney;
import io.jtrace.model.ExceptionThrown;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.VariableAccess;
import io.jtrace.read.HistoryCursor;
import io.jtrace.read.Replay;
import io.jtrace.read.ThreadHistory;

import java.io.PrintWriter;
import java.util.List;

/** Searches that move the cursor to what they find, keeping it for fn/fp; variables' origins; exception journeys. */
final class SearchCommands {
    private SearchCommands() {}

    static void addTo(CommandTable t) {
        t.add(new ShellCommand("find", List.of("f"), "find call GLOB [--min D] | throw TYPE | write VAR [= VALUE] | read VAR",
                "search forward in this thread; the match is printed with its stack",
                "find call Bank.transfer        the next call of a method (patterns as in --include)\n"
                + "find call *transfer* --min 2ms   the next call that took 2 ms or more\n"
                + "find throw *Refused*           the next throw of an exception type (simple or full name glob)\n"
                + "find write balance = 0         the next write of a variable (a glob), with this value if given\n"
                + "find read balance              the next read\n"
                + "fn / fp repeat the search forward / backward. Session filters (filter include/exclude/min/time) apply.",
                true, Completion.FIND, (s, a, out) -> {
                    Search search = Search.parse(a, s);
                    s.lastSearch = search;
                    s.followed = null;
                    run(s, search, true, out);
                }));
        t.add(new ShellCommand("fn", List.of(), "fn", "the next match of the last find", "", true, Completion.NONE,
                (s, a, out) -> again(s, a, true, out)));
        t.add(new ShellCommand("fp", List.of(), "fp", "the previous match of the last find", "", true, Completion.NONE,
                (s, a, out) -> again(s, a, false, out)));
        t.add(new ShellCommand("origin", List.of(), "origin VAR", "to the last write of VAR before the cursor (again: the one before)",
                "Where did this value come from? Goes back to the last write of the variable (a name or glob, as 'locals'\n"
                + "shows it) on this thread before the cursor; 'origin VAR' again, or 'fp', goes to the write before that.",
                true, Completion.VARIABLES, (s, a, out) -> {
                    if (a.size() != 1) throw new ShellError("origin takes one variable name, e.g. origin balance");
                    Search search = Search.parse(List.of("write", a.get(0)), s);
                    s.lastSearch = search;
                    s.followed = null;
                    run(s, search, false, out);
                }));
        t.add(new ShellCommand("exc", List.of(), "exc N", "to exception #N's throw (as 'jtrace exceptions' numbers them); step follows it",
                "Jumps to the throw of exception #N (the numbers of 'jtrace exceptions' and 'exceptions' here), on its\n"
                + "thread. 'step' then follows that exception to its next event (unwind, finally, catch), 'rstep' back.",
                false, Completion.NONE, SearchCommands::exception));
    }

    private static void again(ExploreSession s, List<String> a, boolean forward, PrintWriter out) {
        InspectCommands.noArguments(forward ? "fn" : "fp", a);
        if (s.lastSearch == null) throw new ShellError("no search yet: find call|throw|write|read ...");
        run(s, s.lastSearch, forward, out);
    }

    /** Moves to the next (or previous) match and prints it with its stack. */
    static void run(ExploreSession s, Search search, boolean forward, PrintWriter out) {
        HistoryCursor c = s.cursor();
        ThreadHistory h = c.history();
        long from = c.number();
        long found;
        while (true) {
            found = forward ? h.findForward(from, Integer.MAX_VALUE, search.test()) : h.findBackward(from, Integer.MAX_VALUE, search.test());
            if (found < 0 || !search.byExit()) break;
            long enter = h.callStart(found);
            if (forward ? enter > c.number() : enter < c.number()) {
                found = enter;
                break;
            }
            from = found; // its enter is on the wrong side of the cursor: look further
        }
        if (found < 0) {
            throw new ShellError("no " + search.text() + " " + (forward ? "after" : "before") + " #" + (c.number() + 1)
                    + " on thread " + ExploreSession.label(s.thread()));
        }
        c.goTo(found);
        out.println(s.text.event(c.at()));
        if (c.event() instanceof VariableAccess || c.event() instanceof ExceptionThrown || c.frameDepth() >= 0) {
            s.text.stack(c.at()).forEach(out::println);
        }
    }

    /** Stops the exception flow once the wanted journey has been seen. */
    private static final class Found extends RuntimeException {
        final ExceptionJourney journey;

        Found(ExceptionJourney journey) {
            super(null, null, false, false);
            this.journey = journey;
        }
    }

    private static void exception(ExploreSession s, List<String> a, PrintWriter out) throws Exception {
        if (a.size() != 1 || !a.get(0).replace("#", "").matches("[0-9]+")) throw new ShellError("exc takes an exception number, e.g. exc 3");
        long wanted = Long.parseLong(a.get(0).replace("#", ""));
        ExceptionJourney journey = null;
        ExceptionFlow flow = new ExceptionFlow(j -> {
            if (j.number() == wanted) throw new Found(j);
        });
        try {
            Replay.of(s.index, s.index.threads()).order(Replay.Order.BY_TIME).into(flow.visitor());
            flow.finish();
        } catch (Found f) {
            journey = f.journey;
        }
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
