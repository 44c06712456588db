package io.jtrace.cli.explore;

import io.jtrace.cli.explore.ShellCommand.Completion;
import io.jtrace.compare.Region;
import io.jtrace.text.Printable;

import java.io.PrintWriter;
import java.util.List;

/** {@code explore B --against A}: moving between the divergent regions of the two runs, and to the other run. */
final class DivergeCommands {
    private DivergeCommands() {}

    static void addTo(CommandTable t) {
        t.add(new ShellCommand("diverge", List.of(), "diverge [next|prev [N]|first|list]",
                "to the next place where this run parts from the other (--against)",
                "With 'explore B.jfr --against A.jfr': moves between the divergent regions of the current thread, as\n"
                + "'jtrace diff --all' lists them (a region runs from where the two runs part to where both leave the\n"
                + "frame they parted in). 'diverge' or 'diverge next': the next region after the cursor; 'diverge next 3':\n"
                + "three on; 'diverge prev [N]': back; 'diverge first': the first divergence, where 'jtrace diff' points;\n"
                + "'diverge list': every region with where it starts. Each move shows what differs, the event and the stack.",
                true, Completion.DIVERGE, DivergeCommands::diverge));
        t.add(new ShellCommand("other", List.of(), "other",
                "the same point in the other recording (--against); 'other' again comes back",
                "With 'explore B.jfr --against A.jfr': shows the other recording at the event that stands where the\n"
                + "cursor stands (the two threads walked in step, each divergent region lined up as 'jtrace diff --all'\n"
                + "lines it up): the same event, where the other run does something else, or, for an event that is not a\n"
                + "point where the runs line up (a call only this run made, an exit or a value inside a divergent region,\n"
                + "an event the comparison leaves out), the nearest point before it where they do. The prompt says which recording is shown\n"
                + "([A ...] or [B ...]); every command works on it. 'other' again, before moving, returns exactly.",
                false, Completion.NONE, (s, a, out) -> {
                    InspectCommands.noArguments("other", a);
                    comparison(s).other(s, out);
                }));
    }

    private static Comparison comparison(ExploreSession s) {
        if (s.comparison == null) {
            throw new ShellError("no recording to compare with: start the shell with 'jtrace explore B.jfr --against A.jfr'");
        }
        return s.comparison;
    }

    private static void diverge(ExploreSession s, List<String> a, PrintWriter out) {
        Comparison c = comparison(s);
        String how = a.isEmpty() ? "next" : a.get(0);
        switch (how) {
            case "list" -> {
                if (a.size() > 1) throw new ShellError("diverge list takes no count");
                list(s, c, out);
                return;
            }
            case "first" -> {
                if (a.size() > 1) throw new ShellError("diverge first takes no count");
                land(s, c, c.regions(s), 0, out);
                return;
            }
            case "next", "prev" -> {
                long n = MoveCommands.count("diverge " + how, a.isEmpty() ? List.of() : a.subList(1, a.size()));
                List<Region> regions = c.regions(s);
                long here = s.cursor().number();
                int at = -1; // the region the count starts from
                if (how.equals("next")) {
                    int k = 0;
                    while (k < regions.size() && c.start(s, regions.get(k)) <= here) k++;
                    long target = k + n - 1;
                    if (k == regions.size()) throw new ShellError(noMore(regions, "after"));
                    if (target >= regions.size()) {
                        throw new ShellError("only " + (regions.size() - k) + " more region(s) after the cursor (" + regions.size() + " in all)");
                    }
                    at = (int) target;
                } else {
                    int k = regions.size() - 1;
                    while (k >= 0 && c.start(s, regions.get(k)) >= here) k--;
                    long target = k - n + 1;
                    if (k < 0) throw new ShellError(noMore(regions, "before"));
                    if (target < 0) throw new ShellError("only " + (k + 1) + " region(s) before the cursor (" + regions.size() + " in all)");
                    at = (int) target;
                }
                land(s, c, regions, at, out);
            }
            default -> throw new ShellError("diverge takes next, prev (each with a count), first or list, not '" + how + "'");
        }
    }

    private static String noMore(List<Region> regions, String where) {
        return "no divergent region " + where + " the cursor in this thread (" + regions.size() + " in all; 'diverge list')";
    }

    private static void land(ExploreSession s, Comparison c, List<Region> regions, int k, PrintWriter out) {
        Region r = regions.get(k);
        s.followed = null;
        Comparison.goTo(s, c.start(s, r));
        out.println("region " + (k + 1) + " of " + regions.size() + ": " + Printable.text(r.start().what()));
        Comparison.show(s, out);
    }

    /** Every region: its number, where it starts on the side shown (=> at the cursor), what differs. */
    private static void list(ExploreSession s, Comparison c, PrintWriter out) {
        List<Region> regions = c.regions(s);
        long here = s.cursor().number();
        for (int k = 0; k < regions.size(); k++) {
            Region r = regions.get(k);
            long start = c.start(s, r);
            out.println(String.format("%s %3d  #%-8d %s", start == here ? "=>" : "  ", k + 1, start + 1, Printable.text(r.start().what())));
        }
    }
}
