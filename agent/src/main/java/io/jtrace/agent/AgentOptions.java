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
 * Repeatable keys (include, exclude) may appear several times.
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
    /** JFR execution sampling period (e.g. {@code 20 ms}); null = no sampling. */
    public String sample;

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
                case "sample": o.sample = value; break;
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
        if (sample != null) pairs.put("sample", List.of(sample));
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
