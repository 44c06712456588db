package io.jtrace.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every command's help renders cleanly; the command list reads well; unknown commands are errors. */
class HelpTest {
    record Run(int exit, String out, String err) {}

    /** Runs the CLI in-process; picocli's own warnings go to System.err, so that is captured too. */
    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ByteArrayOutputStream systemErr = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(systemErr, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        } finally {
            System.setErr(saved);
        }
        return new Run(exit, out.toString(), err + systemErr.toString(StandardCharsets.UTF_8));
    }

    /** Every command and subcommand by its full path: [], [run], [print], ... */
    static List<List<String>> commands() {
        List<List<String>> all = new ArrayList<>();
        collect(Main.commandLine(), new ArrayList<>(), all);
        return all;
    }

    private static void collect(CommandLine cl, List<String> path, List<List<String>> all) {
        all.add(List.copyOf(path));
        for (var e : cl.getSubcommands().entrySet()) {
            List<String> sub = new ArrayList<>(path);
            sub.add(e.getKey());
            collect(e.getValue(), sub, all);
        }
    }

    /**
     * A command's description is wrapped by picocli to the width, not broken by hand: no line of it
     * ends where the next line's first word would still have fitted (hand-broken paragraphs,
     * re-wrapped at 80 columns, left half-empty lines mid-sentence).
     */
    @Test
    void descriptionsAreWrappedToTheWidthNotByHand() {
        for (List<String> path : commands()) {
            CommandLine cl = Main.commandLine();
            for (String name : path) cl = cl.getSubcommands().get(name);
            String[] paragraphs = cl.getCommandSpec().usageMessage().description();
            List<String> lines = new CommandLine.Help(cl.getCommandSpec(), CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                    .description().lines().toList();
            for (int i = 0; i + 1 < lines.size(); i++) {
                String line = lines.get(i).stripTrailing();
                String next = lines.get(i + 1).strip();
                String firstWord = next.contains(" ") ? next.substring(0, next.indexOf(' ')) : next;
                if (next.isEmpty()) continue; // a blank line between paragraphs
                boolean fitted = line.length() + 1 + firstWord.length() < 80; // picocli leaves the 80th column free
                boolean paragraphEnds = java.util.Arrays.stream(paragraphs).anyMatch(p -> p.strip().endsWith(line.strip()));
                assertTrue(!fitted || paragraphEnds,
                        "jtrace " + String.join(" ", path) + ": a line broken by hand before '" + firstWord + "': " + line);
            }
        }
    }

    @Test
    void everyCommandsHelpRendersWithoutWarnings() {
        List<List<String>> commands = commands();
        assertTrue(commands.size() > 8, commands.toString());
        for (List<String> path : commands) {
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            if (path.equals(List.of("help"))) args.remove("--help");
            Run r = run(args.toArray(String[]::new));
            assertEquals(0, r.exit(), path + ": " + r);
            assertTrue(r.out().startsWith("Usage: jtrace"), path + ": " + r.out());
            assertEquals("", r.err(), path + " --help wrote to stderr");
            // 'jtrace help CMD' renders the same usage
            if (!path.isEmpty() && !path.get(0).equals("help")) {
                Run viaHelp = run("help", path.get(0));
                assertEquals(0, viaHelp.exit(), path + ": " + viaHelp);
                assertEquals("", viaHelp.err(), "jtrace help " + path + " wrote to stderr");
            }
        }
    }

    @Test
    void everyCommandsFirstDescriptionLineIsASentence() {
        for (var e : Main.commandLine().getSubcommands().entrySet()) {
            String[] d = e.getValue().getCommandSpec().usageMessage().description();
            assertTrue(d.length > 0, e.getKey() + " has no description");
            assertTrue(d[0].strip().endsWith("."), "jtrace --help lists only the first line of " + e.getKey() + ": '" + d[0] + "'");
            assertFalse(d[0].replace("%n", "").replace("%%", "").contains("%"), e.getKey() + ": a lone '%' in the listed line");
        }
        Run top = run("--help");
        // in the command list, every entry (with its wrapped continuation lines) ends a sentence
        String list = top.out().substring(top.out().indexOf("Commands:"), top.out().indexOf("Examples:")).strip();
        String[] entries = list.substring("Commands:".length()).strip().split("\n  (?=\\S)");
        assertEquals(Main.commandLine().getSubcommands().size(), entries.length, list);
        for (String entry : entries) assertTrue(entry.strip().endsWith("."), "cut short in 'jtrace --help': " + entry);
    }

    /** A command line naming one subcommand builds only its model, the same model as the whole one's. */
    @Test
    void aNamedSubcommandAloneIsBuiltAndBuiltTheSame() {
        CommandLine all = Main.commandLine();
        for (String name : all.getSubcommands().keySet()) {
            if (name.equals("help")) continue;
            for (String[] args : List.of(new String[] {name, "x"}, new String[] {"--debug", name})) {
                CommandLine one = Main.commandLine(args);
                assertEquals(List.of(name), List.copyOf(one.getSubcommands().keySet()), String.join(" ", args));
                var full = all.getSubcommands().get(name).getCommandSpec();
                var alone = one.getSubcommands().get(name).getCommandSpec();
                assertEquals(full.optionsMap().keySet(), alone.optionsMap().keySet(), name);
                assertEquals(full.positionalParameters().size(), alone.positionalParameters().size(), name);
                assertEquals(full.parser().stopAtPositional(), alone.parser().stopAtPositional(), name);
            }
        }
        for (String[] args : List.of(new String[] {}, new String[] {"help", "run"}, new String[] {"--help"}, new String[] {"rn"},
                new String[] {"--", "run"})) {
            assertEquals(all.getSubcommands().keySet(), Main.commandLine(args).getSubcommands().keySet(), String.join(" ", args));
        }
    }

    @Test
    void unknownCommandsAreErrorsEvenWithHelp() {
        for (String[] args : List.of(new String[] {"nosuch"}, new String[] {"nosuch", "--help"}, new String[] {"--help", "nosuch"},
                new String[] {"shell", "--help"}, new String[] {"help", "nosuch"})) {
            Run r = run(args);
            String bad = args[0].startsWith("-") || args[0].equals("help") ? args[1] : args[0];
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r);
            assertEquals("jtrace: unknown command '" + bad + "' (see 'jtrace --help')\n", r.err(), String.join(" ", args));
            assertEquals("", r.out(), String.join(" ", args));
        }
        for (String typo : List.of("sumary", "exeptions", "prnt", "expotr", "var")) {
            Run r = run(typo, "--help");
            assertEquals(2, r.exit(), r.toString());
            assertTrue(r.err().startsWith("jtrace: unknown command '" + typo + "' (did you mean "), r.err());
        }
        assertEquals("jtrace: unknown command 'sumary' (did you mean summary?)\n", run("sumary").err());
        Run option = run("print", "--bogus", "--help");
        assertEquals(2, option.exit(), option.toString());
        assertTrue(option.err().startsWith("jtrace print: unknown option: '--bogus'"), option.err());
    }

    /**
     * The examples of {@code jtrace --help} come out as written, each on its own line: picocli
     * breaks a line longer than its 80 columns anywhere, mid-word (live.jfr became live. / jfr),
     * which breaks copy and paste. An example too long for one line goes on with a shell
     * continuation (a trailing backslash), so pasted it is still one command.
     */
    @Test
    void examplesInTheMainHelpAreNotBrokenMidWord() {
        String[] footer = Main.commandLine().getCommandSpec().usageMessage().footer();
        List<String> shown = run("--help").out().lines().toList();
        int examples = 0;
        for (String line : footer) {
            if (!line.startsWith("  ")) continue;
            examples++;
            assertTrue(shown.contains(line), "'" + line + "' is not a line of jtrace --help:\n" + String.join("\n", shown));
            assertTrue(line.length() < 80, "longer than help's width: " + line);
        }
        assertTrue(examples > 10, "no examples found in the footer");
        for (int i = 0; i < footer.length; i++) {
            if (footer[i].startsWith("      ")) assertTrue(footer[i - 1].endsWith(" \\"), "a continued example needs ' \\' before: " + footer[i]);
        }
    }

    /**
     * {@code jtrace --help} and {@code jtrace --version} take short cuts (the help rendered by the
     * build, else Main.listing; no model for --version): what they print is what the whole command
     * model prints, in colour too.
     */
    @Test
    void theShortCutsPrintWhatTheWholeModelPrints() {
        CommandLine whole = Main.commandLine();
        for (CommandLine.Help.Ansi ansi : List.of(CommandLine.Help.Ansi.OFF, CommandLine.Help.Ansi.ON)) {
            assertEquals(whole.getUsageMessage(ansi), Main.listing().getUsageMessage(ansi), ansi.toString());
        }
        // the build renders it (jtrace/pom.xml), and --help prints that text when it would not colour
        assertEquals(whole.getUsageMessage(CommandLine.Help.Ansi.OFF), HelpText.rendered(), "the help the build rendered");
        StringWriter usage = new StringWriter();
        whole.usage(new PrintWriter(usage));
        for (String[] args : List.of(new String[] {"--help"}, new String[] {"-h"})) {
            Run r = run(args);
            assertEquals(new Run(0, usage.toString(), ""), r, args[0]);
        }
        StringWriter version = new StringWriter();
        whole.printVersionHelp(new PrintWriter(version));
        assertTrue(version.toString().startsWith("jtrace "), version.toString());
        for (String[] args : List.of(new String[] {"--version"}, new String[] {"-V"}, new String[] {"--debug", "--version"})) {
            Run r = run(args);
            assertEquals(new Run(0, version.toString(), ""), r, args[0]);
        }
        Run sub = run("print", "--version");
        assertEquals(new Run(0, version.toString(), ""), sub, "a subcommand's -V");
    }
}
