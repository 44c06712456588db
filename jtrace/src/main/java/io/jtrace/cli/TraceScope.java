package io.jtrace.cli;

import io.jtrace.agent.AgentOptions;
import io.jtrace.agent.filter.Redaction;
import picocli.CommandLine.Option;

import java.util.List;

/** What {@code jtrace run} and {@code jtrace attach} record: the scope of tracing, variables and values, one definition for both. */
final class TraceScope {
    @Option(names = "--include", paramLabel = "PATTERN",
            description = "Trace only methods matching (com.acme.**, *Service.get*, Bank.transfer). Repeatable.")
    List<String> includes;

    @Option(names = "--exclude", paramLabel = "PATTERN", description = "Do not trace methods matching. Repeatable.")
    List<String> excludes;

    @Option(names = "--depth", paramLabel = "N", description = "Record calls only up to N traced frames deep.")
    Integer depth;

    @Option(names = "--vars", paramLabel = "PATTERN",
            description = "Also record every read and write of locals, parameters, fields and array elements,"
                    + " with values, in methods matching (these methods are traced even if --include leaves them out). Repeatable.")
    List<String> vars;

    @Option(names = "--args", paramLabel = "PATTERN",
            description = "Also record each call's argument values and its return value (or exception) in methods"
                    + " matching (these methods are traced even if --include leaves them out). Repeatable.")
    List<String> args;

    @Option(names = "--lines", paramLabel = "PATTERN",
            description = "Also record each executed source line in methods matching. Repeatable.")
    List<String> lines;

    /** How --vars and --args record references. */
    enum ValuesMode { identity, tostring }

    @Option(names = "--values", paramLabel = "HOW", defaultValue = "identity",
            description = "References in --vars and --args: identity (type and identity hash; never runs the program's code) or"
                    + " tostring (also their toString(), guarded). Strings are always copied. Default: ${DEFAULT-VALUE}.")
    ValuesMode values;

    @Option(names = "--redact", paramLabel = "PATTERN",
            description = "Never record values of variables and parameters named like this (a word, or a glob such as '*pin*'),"
                    + " besides password, passwd, secret, token, apikey, credential. Repeatable.")
    List<String> redact;

    @Option(names = "--string-length", paramLabel = "N",
            description = "Copy at most N characters of each string value (default 100).")
    Integer stringLength;
    /** Which calls read the clock (see MethodTiming in the runtime). */
    enum TimingMode { adaptive, full }

    @Option(names = "--timing", paramLabel = "HOW", defaultValue = "adaptive",
            description = "adaptive: calls of methods measured shorter than the clock's own cost are recorded (every"
                    + " enter and exit, in order) without times, which makes tracing cheaper; print shows them as untimed,"
                    + " summary estimates them with '~'. full: every call timed. Default: ${DEFAULT-VALUE}.")
    TimingMode timing;

    @Option(names = "--max-size", paramLabel = "SIZE",
            description = "Stop tracing when the trace reaches SIZE (500MB, 2GB; 'none': no budget, only the guard that"
                    + " stops before the disk is full); the program goes on untraced and a line says when tracing stopped."
                    + " Default: the smaller of 4GB and a quarter of the free space where the recording is written.")
    String maxSize;

    @Option(names = "--no-exceptions",
            description = "Do not record throw, catch, finally and uncaught exceptions (exceptional exits still are).")
    boolean noExceptions;

    /** Checks every pattern and number (before anything touches the target) and builds the agent's options. */
    AgentOptions agentOptions() {
        JtraceCommand.requirePositive("--depth", depth);
        JtraceCommand.requirePositive("--string-length", stringLength);
        JtraceCommand.methodFilter(includes, excludes);
        JtraceCommand.methodFilter(vars, null);
        JtraceCommand.methodFilter(lines, null);
        JtraceCommand.methodFilter(args, null);
        try {
            Redaction.of(redact == null ? List.of() : redact);
        } catch (IllegalArgumentException e) {
            throw new UserException(e.getMessage());
        }
        long budget = maxSize == null ? 0 : sizeInBytes("--max-size", maxSize);
        AgentOptions o = new AgentOptions();
        o.maxSize = budget;
        if (includes != null) o.include.addAll(includes);
        if (excludes != null) o.exclude.addAll(excludes);
        o.depth = depth == null ? 0 : depth;
        if (vars != null) o.vars.addAll(vars);
        if (lines != null) o.lines.addAll(lines);
        if (args != null) o.args.addAll(args);
        if (values == ValuesMode.tostring) o.values = values.name();
        if (redact != null) o.redact.addAll(redact);
        o.stringLength = stringLength == null ? 0 : stringLength;
        o.exceptions = !noExceptions;
        o.timingFull = timing == TimingMode.full;
        return o;
    }

    private static final java.util.regex.Pattern SIZE =
            java.util.regex.Pattern.compile("(?i)(\\d+(?:\\.\\d+)?)\\s*(b|k|kb|kib|m|mb|mib|g|gb|gib|t|tb|tib)?");

    /** 500MB, 2GB, 1.5g, 4096 (bytes): units of 1024; 'none' is -1 (no budget). */
    static long sizeInBytes(String option, String text) {
        if (text.strip().equalsIgnoreCase("none")) return -1;
        java.util.regex.Matcher m = SIZE.matcher(text.strip());
        if (m.matches()) {
            String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase(java.util.Locale.ROOT);
            int shift = switch (unit.charAt(0)) {
                case 'k' -> 10;
                case 'm' -> 20;
                case 'g' -> 30;
                case 't' -> 40;
                default -> 0;
            };
            double bytes = Double.parseDouble(m.group(1)) * (1L << shift);
            if (bytes >= 1 && bytes < Long.MAX_VALUE) return (long) bytes;
        }
        throw new UserException(option + " must be a size such as 500MB or 2GB (or none), not '" + text + "'");
    }
}
