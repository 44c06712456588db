package io.jtrace.cli.docs;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.Map;

/**
 * Completion scripts generated from the CLI's definition: bash by picocli, zsh as the same
 * script under bashcompinit, fish written here (picocli has no fish generator).
 */
public final class Completions {
    private Completions() {}

    public static String bash(CommandLine root) {
        return AutoComplete.bash("jtrace", root);
    }

    public static String zsh(CommandLine root) {
        return "#compdef jtrace\n# zsh completion for jtrace: the bash script, through zsh's bashcompinit.\n"
                + "autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n\n" + bash(root);
    }

    public static String fish(CommandLine root) {
        StringBuilder f = new StringBuilder("# fish completion for jtrace, generated from its command definition\n");
        f.append("complete -c jtrace -f\n");
        StringBuilder all = new StringBuilder();
        for (String name : root.getSubcommands().keySet()) all.append(' ').append(name);
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            CommandSpec sub = e.getValue().getCommandSpec();
            f.append("complete -c jtrace -n \"not __fish_seen_subcommand_from").append(all).append("\" -a ")
                    .append(e.getKey()).append(" -d ").append(quote(firstSentence(sub))).append('\n');
        }
        for (OptionSpec o : root.getCommandSpec().options()) f.append(option("__fish_use_subcommand", o));
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            CommandSpec sub = e.getValue().getCommandSpec();
            String cond = "__fish_seen_subcommand_from " + e.getKey();
            if (!sub.positionalParameters().isEmpty() && !e.getKey().equals("help")) {
                f.append("complete -c jtrace -n \"").append(cond).append("\" -F\n"); // files
            }
            for (OptionSpec o : sub.options()) f.append(option(cond, o));
        }
        return f.toString();
    }

    private static String option(String condition, OptionSpec o) {
        StringBuilder line = new StringBuilder("complete -c jtrace -n \"" + condition + "\"");
        for (String name : o.names()) {
            if (name.startsWith("--")) line.append(" -l ").append(name.substring(2));
            else if (name.startsWith("-")) line.append(" -s ").append(name.substring(1));
        }
        if (o.arity().max() > 0) {
            line.append(" -r");
            if (o.completionCandidates() != null) line.append(" -a ").append(quote(String.join(" ", o.completionCandidates())));
            else if (o.paramLabel().contains("FILE") || o.type() == java.nio.file.Path.class) line.append(" -F"); // as bash: a path completes to files
        }
        String d = o.description().length > 0 ? o.description()[0] : "";
        line.append(" -d ").append(quote(d.replaceAll("\\$\\{[^}]*}", "").replaceAll("\\s+", " ").strip()));
        return line.append('\n').toString();
    }

    private static String firstSentence(CommandSpec sub) {
        String[] d = sub.usageMessage().description();
        String s = d.length > 0 ? d[0].replace("%n", " ").strip() : "";
        int dot = s.indexOf(". ");
        return dot > 0 ? s.substring(0, dot) : s.replaceAll("[.:]$", "");
    }

    private static String quote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
