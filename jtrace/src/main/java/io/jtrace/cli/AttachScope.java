package io.jtrace.cli;

import io.jtrace.agent.AgentOptions;
import io.jtrace.agent.filter.Redaction;
import picocli.CommandLine.Option;

import java.util.List;

/** What {@code jtrace attach} records: the same options, with the same meanings, as {@code jtrace run}'s. */
final class AttachScope {
    @Option(names = "--include", paramLabel = "PATTERN",
            description = "Trace only methods matching (com.acme.**, *Service.get*, Bank.transfer). Repeatable.")
    List<String> includes;

    @Option(names = "--exclude", paramLabel = "PATTERN", description = "Do not trace methods matching. Repeatable.")
    List<String> excludes;

    @Option(names = "--depth", paramLabel = "N", description = "Record calls only up to N traced frames deep.")
    Integer depth;

    @Option(names = "--vars", paramLabel = "PATTERN",
            description = "Also record every read and write of variables, with values, in methods matching. Repeatable.")
    List<String> vars;

    @Option(names = "--lines", paramLabel = "PATTERN",
            description = "Also record each executed source line in methods matching. Repeatable.")
    List<String> lines;

    @Option(names = "--values", paramLabel = "HOW", defaultValue = "identity",
            description = "References in --vars: identity or tostring (see 'jtrace run --help'). Default: ${DEFAULT-VALUE}.")
    RunCommand.ValuesMode values;

    @Option(names = "--redact", paramLabel = "PATTERN",
            description = "Never record values of variables named like this, besides the built-in secret names. Repeatable.")
    List<String> redact;

    @Option(names = "--string-length", paramLabel = "N", description = "Copy at most N characters of each string value (default 100).")
    Integer stringLength;

    @Option(names = "--no-exceptions", description = "Do not record throw, catch, finally and uncaught exceptions.")
    boolean noExceptions;

    /** Checks every pattern and number (before anything touches the target) and builds the agent's options. */
    AgentOptions agentOptions() {
        JtraceCommand.requirePositive("--depth", depth);
        JtraceCommand.requirePositive("--string-length", stringLength);
        JtraceCommand.methodFilter(includes, excludes);
        JtraceCommand.methodFilter(vars, null);
        JtraceCommand.methodFilter(lines, null);
        try {
            Redaction.of(redact == null ? List.of() : redact);
        } catch (IllegalArgumentException e) {
            throw new UserException(e.getMessage());
        }
        AgentOptions o = new AgentOptions();
        if (includes != null) o.include.addAll(includes);
        if (excludes != null) o.exclude.addAll(excludes);
        o.depth = depth == null ? 0 : depth;
        if (vars != null) o.vars.addAll(vars);
        if (lines != null) o.lines.addAll(lines);
        if (values == RunCommand.ValuesMode.tostring) o.values = values.name();
        if (redact != null) o.redact.addAll(redact);
        o.stringLength = stringLength == null ? 0 : stringLength;
        o.exceptions = !noExceptions;
        return o;
    }
}
