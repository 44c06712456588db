package io.jtrace.cli.explore;

import io.jtrace.cli.explore.ShellCommand.Completion;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/** Bookmarks, session filters, help and leaving. */
final class SessionCommands {
    private SessionCommands() {}

    /** Thrown by {@code quit}: the shell ends. */
    static final class Quit extends RuntimeException {
        Quit() {
            super(null, null, false, false);
        }
    }

    static void addTo(CommandTable t) {
        t.add(new ShellCommand("mark", List.of(), "mark NAME", "bookmark the cursor (kept beside the recording in FILE.marks)",
                "Saves the cursor (thread and event) as NAME in FILE.marks beside the recording; 'goto @NAME' returns to it,\n"
                + "in this session or a later one.", false, Completion.MARKS_AND_NUMBERS, (s, a, out) -> {
                    if (a.size() != 1) throw new ShellError("mark takes one name, e.g. mark refused");
                    String name = a.get(0).startsWith("@") ? a.get(0).substring(1) : a.get(0);
                    s.marks.put(name, new Marks.Mark(s.thread().id(), s.cursor().number()));
                    out.println("@" + name + " = " + ExploreSession.label(s.thread()) + " #" + (s.cursor().number() + 1));
                }));
        t.add(new ShellCommand("marks", List.of(), "marks", "list the bookmarks", "", false, Completion.NONE, (s, a, out) -> {
            InspectCommands.noArguments("marks", a);
            if (s.marks.all().isEmpty()) {
                out.println("no bookmarks (set one with 'mark NAME'; they are kept in " + s.marks.store().getFileName() + ")");
                return;
            }
            for (Map.Entry<String, Marks.Mark> m : s.marks.all().entrySet()) {
                String thread = s.index.threads().stream().filter(x -> x.id() == m.getValue().threadId()).findFirst()
                        .map(ExploreSession::label).orElse("thread id " + m.getValue().threadId());
                out.println(String.format("  @%-16s %s #%d", m.getKey(), thread, m.getValue().event() + 1));
            }
        }));
        t.add(new ShellCommand("filter", List.of(), "filter thread|include|exclude|min|time VALUE... | filter clear",
                "add a filter that stays for the session",
                "filter thread worker-*       reports and 'threads' show these threads (names, globs or ids)\n"
                + "filter include bank.**       reports and find show only these methods (patterns as in --include)\n"
                + "filter exclude *.toString    ... and not these\n"
                + "filter min 1ms               'find call' finds only calls that took this long or longer\n"
                + "filter time 1.5s 3s          reports and find keep to this window of recording time (TO optional)\n"
                + "filter clear                 remove every filter; 'filters' lists them",
                false, Completion.FILTER, (s, a, out) -> {
                    if (a.isEmpty()) throw new ShellError("filter what? thread, include, exclude, min, time or clear");
                    if (a.get(0).equals("clear")) {
                        if (a.size() > 1) throw new ShellError("filter clear takes nothing after it (it removes every filter)");
                        s.filters.clear();
                        out.println("no filters");
                        return;
                    }
                    if (a.get(0).equals("thread")) { // a name no thread has would hide them all, silently
                        for (String name : a.subList(1, a.size())) {
                            if (s.index.threads().stream().noneMatch(th -> io.jtrace.recording.Selection.threadPatterns(List.of(name)).test(th))) {
                                throw new ShellError("no thread matches '" + name + "' (see 'threads')");
                            }
                        }
                    }
                    s.filters.add(a.get(0), a.subList(1, a.size()));
                    s.filters.describe().forEach(l -> out.println("  " + l));
                }));
        t.add(new ShellCommand("filters", List.of(), "filters", "list the session's filters", "", false, Completion.NONE, (s, a, out) -> {
            InspectCommands.noArguments("filters", a);
            List<String> lines = s.filters.describe();
            if (lines.isEmpty()) out.println("no filters");
            lines.forEach(l -> out.println("  " + l));
        }));
        t.add(new ShellCommand("help", List.of("?"), "help [COMMAND]", "list the commands, or explain one", "", false,
                Completion.COMMANDS, SessionCommands::help));
        t.add(new ShellCommand("quit", List.of("exit", "q"), "quit", "leave the shell (also Ctrl-D)", "", false, Completion.NONE,
                (s, a, out) -> {
                    throw new Quit();
                }));
    }

    private static void help(ExploreSession s, List<String> a, PrintWriter out) {
        if (a.size() > 1) throw new ShellError("help takes at most one command name");
        if (a.size() == 1) {
            ShellCommand c = s.commands.get(a.get(0));
            out.println(s.ansi.bold(c.usage()) + (c.aliases().isEmpty() ? "" : "   (also " + String.join(", ", c.aliases()) + ")"));
            out.println(c.help().isEmpty() ? c.summary() : c.help());
            return;
        }
        out.println("Commands (help COMMAND for more; 'CMD | grep X', 'CMD | head N', 'CMD > file' after any command;");
        out.println("';' between commands; Enter on an empty line repeats the last move):");
        for (ShellCommand c : s.commands.all()) {
            String names = c.name() + (c.aliases().isEmpty() ? "" : ", " + String.join(", ", c.aliases()));
            out.println(String.format("  %-22s %s", names, c.summary()));
        }
    }
}
