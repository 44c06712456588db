package io.jtrace.cli.docs;

import io.jtrace.cli.Version;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.util.List;
import java.util.Map;

/** man/jtrace.1, written from the CLI's own definition so it cannot drift from it. */
public final class ManPage {
    private ManPage() {}

    public static String render(CommandLine root) {
        StringBuilder m = new StringBuilder();
        CommandSpec spec = root.getCommandSpec();
        m.append(".TH JTRACE 1 \"\" \"jtrace ").append(Version.version()).append("\" \"User Commands\"\n");
        m.append(".SH NAME\njtrace \\- a tracing profiler for the JVM, on JDK Flight Recorder\n");
        m.append(".SH SYNOPSIS\n.B jtrace\n.I COMMAND\n[\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n.br\n.B jtrace\n\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n");
        m.append(".SH DESCRIPTION\n").append(escape(String.join(" ", spec.usageMessage().description()))).append("\n");
        m.append(".PP\n").append(escape("jtrace run launches a program with a java agent that records method enter and exit "
                + "(and more) as custom JFR events into a standard .jfr file; the other commands read that file.")).append("\n");
        m.append(".SH COMMANDS\n");
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            CommandSpec sub = e.getValue().getCommandSpec();
            if (sub.usageMessage().hidden() || e.getKey().equals("help")) continue;
            m.append(".SS \"").append(escape(synopsis(sub))).append("\"\n");
            m.append(escape(String.join(" ", sub.usageMessage().description()).replace("%n", " ").strip())).append("\n");
            for (PositionalParamSpec p : sub.positionalParameters()) {
                m.append(".TP\n.I ").append(escape(p.paramLabel())).append("\n")
                        .append(escape(String.join(" ", p.description()))).append("\n");
            }
            for (OptionSpec o : sub.options()) {
                if (o.hidden() || o.usageHelp() || o.versionHelp()) continue;
                m.append(".TP\n").append(optionTerm(o)).append("\n").append(escape(description(o))).append("\n");
            }
        }
        m.append(".SH OPTIONS\n");
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) continue;
            m.append(".TP\n").append(optionTerm(o)).append("\n").append(escape(description(o))).append("\n");
        }
        m.append(".SH PATTERNS\n").append(escape("Method patterns (--include, --exclude) are globs over package.Class.method: "
                + "'*' matches within one name, '**' across dots, '?' one character; a pattern may start at any package "
                + "boundary (Bank.transfer, *Service.get*); a pattern that matches a class selects all its methods "
                + "(com.acme.**).")).append("\n");
        m.append(".SH EXIT STATUS\n").append(escape("0 on success; 2 for usage and input errors (a missing file, a file "
                + "that is not a recording, a truncated recording, a bad pattern, an unknown option, an output that "
                + "cannot be written); 1 for internal "
                + "errors; jtrace run exits with the traced command's exit code.")).append("\n");
        m.append(".SH ENVIRONMENT\n");
        for (String[] env : List.of(
                new String[] {"JTRACE_JAVA", "Java 17+ executable that runs jtrace (else $JAVA_HOME/bin/java, else java)."},
                new String[] {"JTRACE_OPTS", "Extra options for the JVM that runs jtrace, e.g. -Xmx64m."},
                new String[] {"NO_COLOR", "When set to a non-empty value, no colour even on a terminal."},
                new String[] {"XDG_CACHE_HOME", "Where the agent jars and the SQL engine's native library are unpacked and"
                        + " jtrace's class-data archives kept (default ~/.cache/jtrace)."},
                new String[] {"JTRACE_CDS", "off: jtrace's JVM neither uses nor makes its class-data archive (AppCDS;"
                        + " made in the background after the first command, ~0.2 s less start-up for every later one)."},
                new String[] {"TMPDIR", "Where jtrace keeps its temporary files (the reading commands' spill files,"
                        + " jtrace run's jtrace-run-* directory); default /tmp."},
                new String[] {"JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS, _JAVA_OPTIONS", "For the traced program only, never for"
                        + " jtrace's own JVM; jtrace run adds the agent to JAVA_TOOL_OPTIONS for commands other than java."})) {
            m.append(".TP\n.B ").append(env[0]).append("\n").append(escape(env[1])).append("\n");
        }
        m.append(".SH EXAMPLES\n.nf\n");
        for (String line : spec.usageMessage().footer()) {
            if (!line.isBlank() && !line.startsWith("Examples")) m.append(escape(line.strip())).append("\n");
        }
        m.append(".fi\n.SH SEE ALSO\n.BR jfr (1)\n");
        return m.toString();
    }

    private static String synopsis(CommandSpec sub) {
        StringBuilder s = new StringBuilder("jtrace " + sub.name());
        if (!sub.options().isEmpty()) s.append(" [OPTIONS]");
        for (PositionalParamSpec p : sub.positionalParameters()) s.append(' ').append(p.paramLabel());
        return s.toString();
    }

    private static String optionTerm(OptionSpec o) {
        StringBuilder t = new StringBuilder();
        for (String name : o.names()) {
            if (t.length() > 0) t.append(", ");
            t.append("\\fB").append(escape(name)).append("\\fR");
        }
        if (o.arity().max() > 0) t.append(" \\fI").append(escape(o.paramLabel())).append("\\fR");
        return t.toString();
    }

    private static String description(OptionSpec o) {
        String d = String.join(" ", o.description());
        d = d.replace("${DEFAULT-VALUE}", String.valueOf(o.defaultValue()));
        if (o.completionCandidates() != null) {
            d = d.replace("${COMPLETION-CANDIDATES}", String.join(", ", o.completionCandidates()));
        }
        return d;
    }

    /** troff: backslashes and leading dots/quotes must not be read as requests. */
    static String escape(String s) {
        String e = s.replace("\\", "\\e").replace("-", "\\-");
        if (e.startsWith(".") || e.startsWith("'")) e = "\\&" + e;
        return e;
    }
}
