package io.jtrace.recording;

import io.jtrace.model.EventKind;
import io.jtrace.read.TraceIndex;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a recording holds, typed: which kinds of events the tracer was asked to record. Asked of
 * the recording once, here, instead of each reader testing the agent's option string or the
 * symbol table on its own. A kind can be recorded and still have no event (the code never threw).
 */
public record Recorded(Set<EventKind> kinds) {
    public Recorded {
        kinds = Set.copyOf(kinds);
    }

    public boolean has(EventKind k) {
        return kinds.contains(k);
    }

    /** The kinds both recordings hold: what can be compared between them. */
    public Recorded and(Recorded other) {
        EnumSet<EventKind> both = EnumSet.noneOf(EventKind.class);
        for (EventKind k : kinds) if (other.has(k)) both.add(k);
        return new Recorded(both);
    }

    /**
     * Read from the agent options the recording carries (its {@code jtrace.Session} event) and,
     * for recordings without them (older or filtered ones), from what its definitions show.
     */
    static Recorded of(TraceIndex index) {
        EnumSet<EventKind> k = EnumSet.of(EventKind.CALLS);
        String options = index.agentOptions();
        if (options == null || !hasOption(options, "exceptions", "false")) k.add(EventKind.EXCEPTIONS);
        if (index.symbols().hasCallValues() || hasOption(options, "args", null)) k.add(EventKind.ARGUMENTS);
        if (index.symbols().variableSiteCount() > 0 || hasOption(options, "vars", null)) k.add(EventKind.VARIABLES);
        if (hasOption(options, "lines", null)) k.add(EventKind.LINES);
        if (index.samples().samples() > 0 || hasOption(options, "sample", null)) k.add(EventKind.SAMPLES);
        return new Recorded(k);
    }

    /**
     * Whether {@code index} says it was made without asking for {@code kind}: it carries the agent's
     * options and they leave the kind out. A recording without them (older, or filtered) may hold
     * any kind, so query keeps its table (empty if there are no such events).
     */
    public static boolean leftOut(TraceIndex index, EventKind kind) {
        String options = index.agentOptions();
        if (options == null) return false;
        return switch (kind) {
            case CALLS -> false;
            case EXCEPTIONS -> hasOption(options, "exceptions", "false");
            case ARGUMENTS -> !hasOption(options, "args", null);
            case VARIABLES -> !hasOption(options, "vars", null);
            case LINES -> !hasOption(options, "lines", null);
            case SAMPLES -> !hasOption(options, "sample", null);
        };
    }

    /**
     * Whether the agent's option string ({@code key=value,...}, the agent's AgentOptions.format)
     * has {@code key}, with {@code value} if one is given. Values are URL-encoded there, so a
     * comma or an equals sign inside one cannot be taken for a separator.
     */
    private static boolean hasOption(String options, String key, String value) {
        if (options == null || options.isEmpty()) return false;
        for (String pair : options.split(",")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            if (!k.equals(key)) continue;
            if (value == null || (eq >= 0 && pair.substring(eq + 1).equals(value))) return true;
        }
        return false;
    }
}
