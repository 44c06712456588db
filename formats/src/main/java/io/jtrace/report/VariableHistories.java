package io.jtrace.report;

import io.jtrace.analysis.CallAdapter;
import io.jtrace.format.Ansi;
import io.jtrace.format.Durations;
import io.jtrace.model.MethodInfo;
import io.jtrace.model.ThreadInfo;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.VariableAccess;
import io.jtrace.model.VariableInfo;
import io.jtrace.model.VariableKind;
import io.jtrace.pattern.Glob;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.recording.ReportException;
import io.jtrace.replay.Replay;
import io.jtrace.text.ObjectIds;
import io.jtrace.text.Printable;
import io.jtrace.text.VariableText;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The history of each variable recorded with {@code run --vars}: every write and read in time
 * order, with value, line, thread and time, one section per variable (a local or parameter of one
 * method, an instance field of one object, a static field, or the elements of one array). What
 * {@code jtrace vars} and the explore shell's {@code vars} print.
 */
public final class VariableHistories {
    /**
     * What to read and how to show it.
     *
     * @param names variable-name globs ({@link #nameGlobs}); empty: every variable
     * @param methods only accesses made in the methods it selects
     * @param times whether lines carry their timestamp
     */
    public record Options(List<Pattern> names, MethodFilter methods, boolean times, Ansi ansi) {}

    private final Recording recording;
    private final Options options;
    private final List<Pattern> nameGlobs;

    /** Fails with a {@link ReportException} if the recording has no variable records. */
    public VariableHistories(Recording recording, Options options) {
        this.recording = recording;
        this.options = options;
        this.nameGlobs = options.names();
        if (recording.index().symbols().variableSiteCount() == 0) {
            throw new ReportException(recording.file() + " has no variable records: record them with 'jtrace run --vars PATTERN -o "
                    + recording.file().getFileName() + " -- java ...'");
        }
    }

    /**
     * What one history is about; accesses with equal keys form one section. An array's key is its
     * identity (and whether its elements are primitive): the same array reached through a named
     * variable, a compound assignment, its initializer or a call's result is one section.
     */
    private record Key(VariableKind kind, int methodId, String owner, String name, String type, long identity) {
        // written out, as the record's own (see ThreadInfo): the generated ones cost the command's start-up
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && kind == k.kind && methodId == k.methodId && identity == k.identity
                    && java.util.Objects.equals(owner, k.owner) && java.util.Objects.equals(name, k.name)
                    && java.util.Objects.equals(type, k.type);
        }

        @Override
        public int hashCode() {
            int h = java.util.Objects.hashCode(kind);
            h = 31 * h + methodId;
            h = 31 * h + java.util.Objects.hashCode(owner);
            h = 31 * h + java.util.Objects.hashCode(name);
            h = 31 * h + java.util.Objects.hashCode(type);
            return 31 * h + Long.hashCode(identity);
        }
    }

    /**
     * An array's section title, refined as accesses stream by: the first real name seen beats
     * "(array)", a type from a named access beats one from an unnamed access (the bytecode types
     * {@code aastore} as Object, {@code bastore} as byte even for boolean[]), and any type beats
     * Object. {@code selected} records whether any of its accesses matched a name glob.
     */
    private static final class ArrayTitle {
        final long identity;
        final ObjectIds ids;
        String name = "";
        String type;
        int typeRank = -1;
        boolean selected;

        ArrayTitle(long identity, ObjectIds ids) {
            this.identity = identity;
            this.ids = ids;
        }

        void see(VariableInfo v) {
            String n = VariableText.arrayName(v);
            boolean named = !"(array)".equals(n);
            if (named && name.isEmpty()) name = n;
            boolean object = v.type() == null || v.type().isEmpty() || "Ljava/lang/Object;".equals(v.type());
            int rank = (object ? 0 : 2) + (named ? 1 : 0);
            if (rank > typeRank) {
                typeRank = rank;
                type = v.type();
            }
        }

        String header() {
            String typeName = new VariableInfo(0, 0, VariableKind.ARRAY, name, type, -1, "", 0, false, false).typeName();
            return "array " + typeName + "[] " + (name.isEmpty() ? "(array)" : name) + ids.suffix(identity);
        }
    }

    /** Variable names or globs (sum, count*, Tally.total, values) as {@link Options#names} takes them; an empty one is a {@link ReportException}. */
    public static List<Pattern> nameGlobs(List<String> names) {
        return names == null ? List.of() : names.stream().map(VariableHistories::glob).toList();
    }

    /**
     * Writes the sections of the accesses on {@code threads} to {@code out}, objects named by
     * {@code ids}; returns how many sections (0: no access matched).
     */
    public long write(List<ThreadInfo> threads, ObjectIds ids, PrintWriter out) throws IOException {
        Ansi ansi = options.ansi();
        MethodFilter methodFilter = options.methods();
        Map<GroupedLines.Group, ArrayTitle> arrays = new IdentityHashMap<>();
        int threadWidth = Math.min(24, recording.threads().stream().mapToInt(t -> Printable.text(t.label()).length()).max().orElse(4));
        try (GroupedLines histories = new GroupedLines()) {
            // every variable access, all threads in time order (one history per variable)
            Replay.of(recording.index(), threads).order(Replay.Order.BY_TIME).into(new CallAdapter() {
                @Override
                public boolean needsThreadsInterleaved() {
                    return false; // calls are not looked at: only the order of the accesses matters
                }

                @Override
                public void other(TraceEvent e) {
                    if (!(e instanceof VariableAccess a)) return;
                    if (!methodFilter.isEmpty() && !methodFilter.matches(a.method().className(), a.method().name())) return;
                    boolean nameMatches = nameGlobs.isEmpty() || nameGlobs.stream().anyMatch(g -> nameMatches(g, a.variable()));
                    boolean array = a.variable().kind() == VariableKind.ARRAY;
                    // An array's accesses are kept even if this one's name does not match: another
                    // access may name the same array (the section is shown if any of them matches).
                    if (!nameMatches && !array) return;
                    GroupedLines.Group g = histories.group(key(a));
                    String valueType = a.variable().type();
                    if (array) {
                        ArrayTitle title = arrays.computeIfAbsent(g, x -> new ArrayTitle(a.array(), ids));
                        title.see(a.variable());
                        title.selected |= nameMatches;
                        valueType = title.type; // boolean[] elements as true/false once the array's type is known
                    }
                    if (a.variable().write()) g.writes++;
                    else g.reads++;
                    try {
                        histories.add(g, line(a, valueType, ansi, threadWidth, ids));
                    } catch (IOException x) {
                        throw new UncheckedIOException(x); // the spill file: reported as what it is
                    }
                }
            });
            long written = 0;
            for (GroupedLines.Group g : histories.groups()) {
                ArrayTitle title = arrays.get(g);
                if (title != null && !title.selected) continue;
                if (written > 0) out.println();
                written++;
                out.println(ansi.bold(title != null ? title.header() : header((Key) g.key, recording.index(), ids))
                        + ansi.dim("  (" + count(g.writes, "write") + ", " + count(g.reads, "read") + ")"));
                histories.print(g, out);
            }
            out.flush();
            return written;
        }
    }

    private static Key key(VariableAccess a) {
        VariableInfo v = a.variable();
        return switch (v.kind()) {
            case LOCAL, PARAM -> new Key(v.kind(), v.methodId(), "", v.name(), v.type(), 0);
            case FIELD -> new Key(v.kind(), 0, v.ownerClass(), v.name(), v.type(), a.owner());
            case STATIC -> new Key(v.kind(), 0, v.ownerClass(), v.name(), v.type(), 0);
            case ARRAY -> new Key(v.kind(), 0, "", "", elementSort(v.type()), a.array());
            case UNKNOWN, ARGUMENT, RETURN -> new Key(v.kind(), v.siteId(), "", v.name(), v.type(), 0); // no access site has the last two
        };
    }

    /**
     * {@code local int sum in counter.Counter.main(String[])}, {@code field int count of vars.Tally@1b6d3586}, ...
     * made from the key when the section is printed (an array's title is {@link ArrayTitle}'s).
     */
    private static String header(Key k, TraceIndex index, ObjectIds ids) {
        String typeName = new VariableInfo(0, 0, k.kind(), k.name(), k.type(), -1, "", 0, false, false).typeName();
        return switch (k.kind()) {
            case LOCAL, PARAM -> {
                MethodInfo m = index.symbols().method(k.methodId());
                yield k.kind().label() + " " + typeName + " " + k.name() + " in " + (m == null ? "method #" + k.methodId() : m.displayName());
            }
            case FIELD -> "field " + typeName + " " + k.name() + " of " + k.owner()
                    + (k.identity() != 0 ? ids.suffix(k.identity()) : " (before its constructor's super())");
            case STATIC -> "static " + typeName + " " + k.owner() + "." + k.name();
            case ARRAY -> "array " + typeName + "[] (array)" + ids.suffix(k.identity());
            case UNKNOWN, ARGUMENT, RETURN -> "variable site #" + k.methodId() + " (its definition is missing from the recording)";
        };
    }

    /**
     * What every access to one array agrees on: its primitive element type, or "L" for a reference
     * array (Object or the declared type); byte and boolean arrays share baload/bastore, so "B".
     */
    private static String elementSort(String type) {
        if (type == null || type.isEmpty()) return "L";
        char c = type.charAt(0);
        return c == 'L' || c == '[' ? "L" : c == 'Z' ? "B" : String.valueOf(c);
    }

    private String line(VariableAccess a, String valueType, Ansi ansi, int threadWidth, ObjectIds ids) {
        VariableInfo v = a.variable();
        StringBuilder s = new StringBuilder(96).append("  ");
        if (options.times()) s.append(ansi.dim(Printable.padLeft(Durations.timestamp(a.nanos()), 11))).append("  ");
        String thread = Printable.text(a.thread().label());
        s.append(thread.length() > threadWidth ? thread.substring(0, threadWidth - 1) + "~" : thread + " ".repeat(threadWidth - thread.length()));
        s.append("  ").append(v.write() ? ansi.yellow("w") : "r").append("  ");
        if (v.kind() == VariableKind.ARRAY) s.append('[').append(a.index()).append("] = ");
        s.append(VariableText.value(a.value(), valueType, ids));
        if (v.line() > 0) s.append(ansi.dim("  line " + v.line()));
        if (v.kind() != VariableKind.LOCAL && v.kind() != VariableKind.PARAM) s.append(ansi.dim("  in " + a.method().displayName()));
        return s.toString();
    }

    private static boolean nameMatches(Pattern glob, VariableInfo v) {
        String name = v.kind() == VariableKind.ARRAY ? VariableText.arrayName(v) : v.name();
        return glob.matcher(name).matches() || glob.matcher(v.name()).matches()
                || (!v.ownerClass().isEmpty() && (glob.matcher(v.simpleOwner() + "." + name).matches()
                    || glob.matcher(v.ownerClass() + "." + name).matches()));
    }

    private static Pattern glob(String g) {
        if (g.isEmpty()) throw new ReportException("empty --var name: give a variable name or a glob such as 'count*'");
        return Glob.compile(g);
    }

    private static String count(long n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
