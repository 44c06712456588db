package io.jtrace.agent;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's options: {@code key=value} pairs joined by commas, values percent-encoded so that
 * paths and patterns survive {@code JAVA_TOOL_OPTIONS} (split on spaces) and the comma syntax.
 * Repeatable keys (include, exclude, vars, lines, args, redact) may appear several times.
 */
public final class AgentOptions {
    /** Recording file; {@code %p} becomes the pid (one file per JVM under JAVA_TOOL_OPTIONS). */
    public String output;
    public final List<String> include = new ArrayList<>();
    public final List<String> exclude = new ArrayList<>();
    /** Record calls up to this traced depth; 0 = no limit. */
    public int depth;
    /** Where the agent writes what failed; null = stderr. */
    public String log;
    /** Methods whose variable reads and writes are recorded ({@code --vars}). */
    public final List<String> vars = new ArrayList<>();
    /** Methods whose argument and return values are recorded ({@code --args}). */
    public final List<String> args = new ArrayList<>();
    /** Methods whose executed source lines are recorded ({@code --lines}). */
    public final List<String> lines = new ArrayList<>();
    /** How references are recorded: {@code identity} (default) or {@code tostring}. */
    public String values;
    /** Extra variable-name patterns whose values are never recorded (added to the defaults). */
    public final List<String> redact = new ArrayList<>();
    /** Longest string value copied into a record; 0 = default. */
    public int stringLength;
    /** Record throw, catch, finally and uncaught exceptions (false: {@code exceptions=false}). */
    public boolean exceptions = true;
    /** Read the clock at every enter and exit ({@code timing=full}); else short calls go untimed. */
    public boolean timingFull;
    /** JFR execution sampling period (e.g. {@code 20 ms}); null = no sampling. */
    public String sample;
    /**
     * The trace's size budget in bytes ({@code --max-size}): tracing stops when the recording
     * reaches it. 0: the default budget (see {@code SizeBudget}); -1: none (the disk guard alone).
     */
    public long maxSize;
    /** Where rewritten classes are kept for the next run with the same scope (jtrace run's cache); null = none. */
    public String classCache;
    /**
     * A file the agent creates once the recording's file is complete (jtrace run then counts what
     * it holds while this JVM is still ending); null = none.
     */
    public String written;
    /** agentmain only: end the attached session ({@code jtrace detach}). */
    public boolean detach;
    /** agentmain only: jtrace attach's private directory, where the agent says when tracing runs and ends. */
    public String control;
    /**
     * agentmain only: the jtrace attach process, {@code PID:START} (its start, epoch milliseconds):
     * if it is gone (killed, even with SIGKILL, which leaves its control directory behind), tracing ends.
     */
    public String attacher;

    public static AgentOptions parse(String text) {
        AgentOptions o = new AgentOptions();
        if (text == null || text.isEmpty()) return o;
        for (String pair : text.split(",")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            switch (key) {
                case "output": o.output = value; break;
                case "include": o.include.add(value); break;
                case "exclude": o.exclude.add(value); break;
                case "log": o.log = value; break;
                case "vars": o.vars.add(value); break;
                case "lines": o.lines.add(value); break;
                case "args": o.args.add(value); break;
                case "redact": o.redact.add(value); break;
                case "values":
                    if (!value.equals("identity") && !value.equals("tostring")) {
                        throw new IllegalArgumentException("values must be identity or tostring, not '" + value + "'");
                    }
                    o.values = value;
                    break;
                case "stringLength":
                    try {
                        o.stringLength = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("stringLength must be a number, not '" + value + "'");
                    }
                    break;
                case "exceptions":
                    if (!value.equals("true") && !value.equals("false")) {
                        throw new IllegalArgumentException("exceptions must be true or false, not '" + value + "'");
                    }
                    o.exceptions = Boolean.parseBoolean(value);
                    break;
                case "timing":
                    if (!value.equals("full") && !value.equals("adaptive")) {
                        throw new IllegalArgumentException("timing must be full or adaptive, not '" + value + "'");
                    }
                    o.timingFull = value.equals("full");
                    break;
                case "sample": o.sample = value; break;
                case "maxSize":
                    try {
                        o.maxSize = Long.parseLong(value);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("maxSize must be a number of bytes, not '" + value + "'");
                    }
                    break;
                case "detach": o.detach = true; break;
                case "control": o.control = value; break;
                case "attacher": o.attacher = value; break;
                case "classCache": o.classCache = value; break;
                case "written": o.written = value; break;
                case "depth":
                    try {
                        o.depth = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("depth must be a number, not '" + value + "'");
                    }
                    break;
                default:
                    throw new IllegalArgumentException("unknown agent option '" + key + "'");
            }
        }
        return o;
    }

    /** The inverse of {@link #parse}. */
    public String format() {
        Map<String, List<String>> pairs = new LinkedHashMap<>();
        if (output != null) pairs.put("output", List.of(output));
        if (!include.isEmpty()) pairs.put("include", include);
        if (!exclude.isEmpty()) pairs.put("exclude", exclude);
        if (depth > 0) pairs.put("depth", List.of(String.valueOf(depth)));
        if (log != null) pairs.put("log", List.of(log));
        if (!vars.isEmpty()) pairs.put("vars", vars);
        if (!lines.isEmpty()) pairs.put("lines", lines);
        if (!args.isEmpty()) pairs.put("args", args);
        if (values != null) pairs.put("values", List.of(values));
        if (!redact.isEmpty()) pairs.put("redact", redact);
        if (stringLength > 0) pairs.put("stringLength", List.of(String.valueOf(stringLength)));
        if (!exceptions) pairs.put("exceptions", List.of("false"));
        if (timingFull) pairs.put("timing", List.of("full"));
        if (sample != null) pairs.put("sample", List.of(sample));
        if (maxSize != 0) pairs.put("maxSize", List.of(String.valueOf(maxSize)));
        if (detach) pairs.put("detach", List.of("true"));
        if (control != null) pairs.put("control", List.of(control));
        if (attacher != null) pairs.put("attacher", List.of(attacher));
        if (classCache != null) pairs.put("classCache", List.of(classCache));
        if (written != null) pairs.put("written", List.of(written));
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<String>> e : pairs.entrySet()) {
            for (String v : e.getValue()) {
                if (sb.length() > 0) sb.append(',');
                sb.append(e.getKey()).append('=').append(encode(v));
            }
        }
        return sb.toString();
    }

    private static String encode(String v) {
        // URLEncoder turns spaces into '+', which URLDecoder reads back; '+' itself is encoded.
        return URLEncoder.encode(v, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
