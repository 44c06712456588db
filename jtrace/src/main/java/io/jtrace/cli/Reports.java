package io.jtrace.cli;

import picocli.CommandLine.Command;

/** The reports the explore shell runs as {@code jtrace} does: their options and descriptions, by name. */
public final class Reports {
    private Reports() {}

    /** Fresh options of the report {@code name} (summary, tree, exceptions, vars), for one run. */
    public static ReportOptions options(String name) {
        return switch (name) {
            case "summary" -> new SummaryOptions();
            case "tree" -> new TreeOptions();
            case "exceptions" -> new ExceptionsOptions();
            case "vars" -> new VarsOptions();
            default -> throw new IllegalArgumentException("no report named " + name);
        };
    }

    /** The description of {@code jtrace NAME}, as its --help shows it. */
    public static String[] description(String name) {
        Class<?> command = switch (name) {
            case "summary" -> SummaryCommand.class;
            case "tree" -> TreeCommand.class;
            case "exceptions" -> ExceptionsCommand.class;
            case "vars" -> VarsCommand.class;
            default -> throw new IllegalArgumentException("no report named " + name);
        };
        return command.getAnnotation(Command.class).description();
    }
}
