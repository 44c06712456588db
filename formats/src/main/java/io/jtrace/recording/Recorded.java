package io.jtrace.recording;

import io.jtrace.read.TraceIndex;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a recording holds, typed: which kinds of events the tracer was asked to record. Asked of
 * the recording once, here, instead of each reader testing the agent's option string or the
 * symbol table on its own. A kind can be recorded and still have no event (the code never threw).
 */
public record Recorded(Set<Kind> kinds) {
    /** The kinds of events a recording may hold. */
    public enum Kind {
        /** Method enters and exits: every jtrace recording. */
        CALLS,
        /** Throw, catch, finally, suppress and uncaught (off with {@code run --no-exceptions}). */
        EXCEPTIONS,
        /** Argument and return values of calls ({@code run --args}). */
        ARGUMENTS,
        /** Variable reads and writes ({@code run --vars}). */
        VARIABLES,
        /** Executed source lines ({@code run --lines}). */
        LINES,
        /** Execution samples ({@code run --sample}). */
        SAMPLES
    }

    public Recorded {
        kinds = Set.copyOf(kinds);
    }

    public boolean has(Kind k) {
        return kinds.contains(k);
    }

    /** The kinds both recordings hold: what can be compared between them. */
    public Recorded and(Recorded other) {
        EnumSet<Kind> both = EnumSet.noneOf(Kind.class);
        for (Kind k : kinds) if (other.has(k)) both.add(k);
        return new Recorded(both);
    }

    /**
     * Read from the agent options the recording carries (its {@code jtrace.Session} event) and,
     * for recordings without them (older or filtered ones), from what its definitions show.
     */
    static Recorded of(TraceIndex index) {
        EnumSet<Kind> k = EnumSet.of(Kind.CALLS);
        String options = index.agentOptions();
        if (options == null || !hasOption(options, "exceptions", "false")) k.add(Kind.EXCEPTIONS);
        if (index.symbols().hasCallValues() || hasOption(options, "args", null)) k.add(Kind.ARGUMENTS);
        if (index.symbols().variableSiteCount() > 0 || hasOption(options, "vars", null)) k.add(Kind.VARIABLES);
        if (hasOption(options, "lines", null)) k.add(Kind.LINES);
        if (index.samples().samples() > 0 || hasOption(options, "sample", null)) k.add(Kind.SAMPLES);
        return new Recorded(k);
    }

    /**
     * Whether {@code index} says it was made without asking for {@code kind}: it carries the agent's
     * options and they leave the kind out. A recording without them (older, or filtered) may hold
     * any kind, so query keeps its table (empty if there are no such events).
     */
    public static boolean leftOut(TraceIndex index, Kind kind) {
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
