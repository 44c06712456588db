package io.jtrace.cli.explore;

import io.jtrace.cli.Main;
import io.jtrace.cli.RecordingCommand;
import io.jtrace.cli.explore.ShellCommand.Completion;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The CLI's reports inside the shell: {@code summary}, {@code tree}, {@code exceptions} and
 * {@code vars} are the very commands of {@code jtrace}, with their options, run on the open
 * recording (not read again) with the session's filters added as options where they take them.
 */
final class ReportCommands {
    private ReportCommands() {}

    static final List<String> REPORTS = List.of("summary", "tree", "exceptions", "vars");

    static void addTo(CommandTable t) {
        for (String name : REPORTS) {
            CommandLine.Model.CommandSpec spec = spec(name);
            t.add(new ShellCommand(name, List.of(), name + " [OPTIONS]", spec.usageMessage().description()[0].toLowerCase(java.util.Locale.ROOT)
                    .replaceAll("\\.$", ""), usage(name), false, Completion.REPORT_OPTIONS,
                    (s, a, out) -> report(s, name, a, out)));
        }
    }

    /** The CLI's model, built once: picocli builds every subcommand's model each time. */
    private static final CommandLine CLI = Main.commandLine();

    /** The report's own command line, for its options and help. */
    static CommandLine.Model.CommandSpec spec(String name) {
        return CLI.getSubcommands().get(name).getCommandSpec();
    }

    /** The report's options, as 'jtrace NAME --help' prints them. */
    private static String usage(String name) {
        StringWriter text = new StringWriter();
        CommandLine report = CLI.getSubcommands().get(name);
        report.usage(new PrintWriter(text), CommandLine.Help.Ansi.OFF);
        // the shell's report reads the open recording: no FILE in its usage, nor the line that describes it
        return text.toString().replace("Usage: jtrace " + name + " ", "Usage: " + name + " ").replace(" FILE", "").lines()
                .filter(l -> !l.strip().equals(report.getCommandSpec().positionalParameters().get(0).description()[0]))
                .collect(java.util.stream.Collectors.joining("\n")).stripTrailing();
    }

    private static void report(ExploreSession s, String name, List<String> args, PrintWriter out) {
        if (args.contains("--help") || args.contains("-h")) { // the shell's usage, not the CLI's (with its FILE)
            out.println(usage(name));
            return;
        }
        CommandLine.Model.CommandSpec spec = spec(name);
        List<String> line = new ArrayList<>();
        line.add(name);
        line.add(s.file.toString());
        line.addAll(s.filters.options(spec));
        if (spec.findOption("--color") != null && args.stream().noneMatch(a -> a.startsWith("--color"))) {
            line.add("--color=" + (s.ansi.enabled() ? "always" : "never"));
        }
        if (!s.text.times() && spec.findOption("--no-times") != null && !args.contains("--no-times")) line.add("--no-times");
        line.addAll(args);
        StringWriter errors = new StringWriter();
        PrintWriter err = new PrintWriter(errors);
        int code = RecordingCommand.withOpenRecording(s.index, () -> Main.execute(line.toArray(new String[0]), out, err));
        out.flush();
        err.flush();
        String problems = errors.toString().replace("jtrace " + name + ": ", "")
                .replace("(see 'jtrace " + name + " --help')", "(see 'help " + name + "')").stripTrailing();
        if (code != 0) throw new ShellError(problems.isEmpty() ? "failed (exit " + code + ")" : problems);
        if (!problems.isEmpty()) out.println(problems);
    }
}
