package io.jtrace.compare;

import io.jtrace.model.ThreadInfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which thread of one run is which thread of the other. By name, with every run of digits taken
 * as the same ({@code pool-3-thread-2} and {@code pool-7-thread-5} are both {@code pool-#-thread-#}:
 * pools and threads are numbered in the order they start, which another input changes); threads
 * with the same normalised name pair in the order they started. Pairs given by the user come first.
 */
public final class ThreadPairs {
    private ThreadPairs() {}

    /** One thread of A and its counterpart in B; either is null when the other run has none. */
    public record Pair(ThreadInfo a, ThreadInfo b) {
        /** {@code main}, or {@code pool-1-thread-1 = pool-2-thread-1} when the names differ. */
        public String label() {
            if (a == null) return b.label();
            if (b == null || a.label().equals(b.label())) return a.label();
            return a.label() + " = " + b.label();
        }
    }

    /** A pair the user named: a thread name (or id) of A and one of B. */
    public record Given(String a, String b) {
        /** Parses {@code A-THREAD=B-THREAD}. */
        public static Given parse(String text) {
            int eq = text.indexOf('=');
            if (eq <= 0 || eq == text.length() - 1 || text.indexOf('=', eq + 1) >= 0) {
                throw new IllegalArgumentException("--pair takes A-THREAD=B-THREAD, not '" + text + "'");
            }
            return new Given(text.substring(0, eq), text.substring(eq + 1));
        }
    }

    /** {@code name} with every run of digits as {@code #}. */
    public static String normalised(String name) {
        return name.replaceAll("[0-9]+", "#");
    }

    /**
     * Pairs {@code a} with {@code b} (each in order of their first record). A given pair that
     * names a thread neither run has is an error naming it.
     */
    public static List<Pair> pair(List<ThreadInfo> a, List<ThreadInfo> b, List<Given> given) {
        List<ThreadInfo> restA = new ArrayList<>(a);
        List<ThreadInfo> restB = new ArrayList<>(b);
        List<Pair> pairs = new ArrayList<>();
        for (Given g : given) {
            ThreadInfo ta = take(restA, g.a());
            ThreadInfo tb = take(restB, g.b());
            if (ta == null) throw new IllegalArgumentException("--pair " + g.a() + "=" + g.b() + ": no thread " + g.a() + " in A");
            if (tb == null) throw new IllegalArgumentException("--pair " + g.a() + "=" + g.b() + ": no thread " + g.b() + " in B");
            pairs.add(new Pair(ta, tb));
        }
        Map<String, List<ThreadInfo>> byName = new LinkedHashMap<>();
        for (ThreadInfo t : restB) byName.computeIfAbsent(normalised(t.label()), k -> new ArrayList<>()).add(t);
        for (ThreadInfo t : restA) {
            List<ThreadInfo> same = byName.get(normalised(t.label()));
            // an exact name first (two runs of the same input name their threads alike), else in order
            ThreadInfo match = null;
            if (same != null && !same.isEmpty()) {
                for (ThreadInfo c : same) if (c.label().equals(t.label())) { match = c; break; }
                if (match == null) match = same.get(0);
                same.remove(match);
            }
            pairs.add(new Pair(t, match));
        }
        for (List<ThreadInfo> left : byName.values()) for (ThreadInfo t : left) pairs.add(new Pair(null, t));
        return pairs;
    }

    private static ThreadInfo take(List<ThreadInfo> threads, String nameOrId) {
        for (int i = 0; i < threads.size(); i++) {
            ThreadInfo t = threads.get(i);
            if (t.label().equals(nameOrId) || Long.toString(t.id()).equals(nameOrId)) return threads.remove(i);
        }
        return null;
    }
}
