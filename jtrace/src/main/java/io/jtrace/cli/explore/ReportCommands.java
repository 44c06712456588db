package io.jtrace.cli.explore;

import io.jtrace.cli.Main;
import io.jtrace.cli.ReportOptions;
import io.jtrace.cli.Reports;
import io.jtrace.cli.UserException;
import io.jtrace.cli.explore.ShellCommand.Completion;
import io.jtrace.recording.Recording;
import io.jtrace.recording.ReportException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CLI's reports inside the shell: {@code summary}, {@code tree}, {@code exceptions} and
 * {@code vars} take the options of the {@code jtrace} commands of those names (the same
 * {@link ReportOptions} mixins, without FILE), run the same library report on the open recording,
 * and add the session's filters to the options given.
 */
final class ReportCommands {
    private ReportCommands() {}

    static final List<String> REPORTS = List.of("summary", "tree", "exceptions", "vars");

    static void addTo(CommandTable t) {
        for (String name : REPORTS) {
            t.add(new ShellCommand(name, List.of(), name + " [OPTIONS]", Reports.description(name)[0].toLowerCase(Locale.ROOT)
                    .replaceAll("\\.$", ""), new RenderedWhenRead(() -> usage(spec(name))), false, Completion.REPORT_OPTIONS,
                    (s, a, out) -> report(s, name, a, out)));
        }
    }

    /**
     * A report's usage, rendered the first time it is read ('help NAME'): rendering it builds the
     * report's command model, ~35 ms of every session's start for four reports that a session may
     * never ask about (bench/README.md, "explore's start").
     */
    private static final class RenderedWhenRead implements CharSequence {
        private final java.util.function.Supplier<String> render;
        private String text;

        RenderedWhenRead(java.util.function.Supplier<String> render) {
            this.render = render;
        }

        @Override
        public String toString() {
            if (text == null) text = render.get();
            return text;
        }

        @Override
        public int length() {
            return toString().length();
        }

        @Override
        public char charAt(int index) {
            return toString().charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return toString().subSequence(start, end);
        }
    }

    /** The report's command line in the shell: its options and the CLI command's description, no FILE. */
    static CommandSpec spec(String name) {
        return spec(name, Reports.options(name));
    }

    private static CommandSpec spec(String name, ReportOptions options) {
        CommandSpec spec = CommandSpec.create().name(name).mixinStandardHelpOptions(true);
        spec.addMixin("report", CommandSpec.forAnnotatedObject(options));
        spec.usageMessage().description(Reports.description(name));
        return spec;
    }

    /** The report's options, as 'help NAME' and 'NAME --help' print them. */
    private static String usage(CommandSpec spec) {
        StringWriter text = new StringWriter();
        new CommandLine(spec).usage(new PrintWriter(text), CommandLine.Help.Ansi.OFF);
        return text.toString().stripTrailing();
    }

    private static void report(ExploreSession s, String name, List<String> args, PrintWriter out) throws Exception {
        ReportOptions options = Reports.options(name);
        CommandLine line = new CommandLine(spec(name, options));
        try {
            line.parseArgs(args.toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            throw new ShellError(Main.problemLine(e, " (see 'help " + name + "')"));
        }
        if (line.isUsageHelpRequested()) {
            out.println(usage(line.getCommandSpec()));
            return;
        }
        if (line.isVersionHelpRequested()) return;
        boolean colourGiven = line.getParseResult().hasMatchedOption("--color");
        options.add(s.filters.scope(colourGiven ? null : s.ansi.enabled(), s.text.times()));
        List<String> warnings = new ArrayList<>();
        try {
            options.check();
            options.run(Recording.of(s.index), new ReportOptions.Output(out, null, null, warnings::add));
        } catch (UserException | ReportException e) {
            throw new ShellError(e.getMessage());
        }
        out.flush();
        // after the report, as the CLI's warnings come after its output on a terminal
        for (String w : warnings) out.println("warning: " + w);
        if (s.index.damage() != null) throw new ShellError(s.index.damage());
    }
}
