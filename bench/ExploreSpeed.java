package io.jtrace.history;

import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.read.TraceReader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Predicate;

/**
 * What the explore shell waits for on a real recording: reading the index, building each
 * thread's sparse history (the shell builds the first before its prompt and the rest in the
 * background), the history's size, and the time of each cursor move and of 'where' (the event and
 * its stack) from 200 random events of the busiest thread: median and worst.
 *
 *   mvn -q -B package -DskipTests
 *   javac -cp formats/target/classes:jfr-events/target/classes -d /tmp/es bench/ExploreSpeed.java
 *   java -XX:+UseSerialGC -cp formats/target/classes:jfr-events/target/classes:/tmp/es io.jtrace.history.ExploreSpeed FILE.jfr
 */
public final class ExploreSpeed {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long t0 = System.nanoTime();
        try (TraceIndex index = TraceReader.read(file, null)) {
            long t1 = System.nanoTime();
            System.out.printf(Locale.ROOT, "%s: %,d records, %d threads; index read in %.2f s%n", file.getFileName(),
                    index.records(), index.threads().size(), (t1 - t0) / 1e9);
            List<ThreadInfo> threads = new ArrayList<>(index.threads());
            threads.sort(Comparator.comparingLong(index::recordsOf).reversed());
            ThreadHistory busiest = null;
            long segments = 0;
            for (ThreadInfo t : threads) {
                long s = System.nanoTime();
                ThreadHistory h = ThreadHistory.of(index, t);
                segments += h.segments();
                if (busiest == null) busiest = h;
                System.out.printf(Locale.ROOT, "  history of %-20s %,12d events %,7d entries  %.2f s%n", t.label(), h.size(),
                        h.segments(), (System.nanoTime() - s) / 1e9);
            }
            System.out.printf(Locale.ROOT, "all histories: %.2f s after the index; %,d entries in all%n",
                    (System.nanoTime() - t1) / 1e9, segments);
            Random random = new Random(1);
            time("goto N + where", busiest, random, c -> c.goTo(random.nextLong(c.history().size())));
            time("step", busiest, random, HistoryCursor::step);
            time("rstep", busiest, random, HistoryCursor::rstep);
            time("next", busiest, random, HistoryCursor::next);
            time("rnext", busiest, random, HistoryCursor::rnext);
            time("finish", busiest, random, HistoryCursor::finish);
            time("rfinish", busiest, random, HistoryCursor::rfinish);
            time("up", busiest, random, HistoryCursor::up);
            ThreadHistory h = busiest;
            time("goto TIME", busiest, random, c -> c.goTo(h.firstAtOrAfter(random.nextLong(h.at(h.size() - 1).event().nanos()))));
            long s = System.nanoTime();
            long found = h.findForward(-1, Integer.MAX_VALUE, e -> false); // a search that matches nothing: a full scan
            double secs = (System.nanoTime() - s) / 1e9;
            System.out.printf(Locale.ROOT, "find with no match over the whole thread: %.2f s, %.1fM events/s (%d)%n", secs,
                    h.size() / secs / 1e6, found);
            exceptions(index, threads);
        }
    }

    /**
     * 'exc N': the first builds the journey index (one replay of every thread); every later one
     * looks the journey up and finds its throw in its thread's history, as the shell does.
     */
    private static void exceptions(TraceIndex index, List<ThreadInfo> threads) throws Exception {
        long s = System.nanoTime();
        JourneyIndex journeys = JourneyIndex.build(index);
        System.out.printf(Locale.ROOT, "exception journeys: %,d, indexed in %.2f s (the first 'exc')%n", journeys.size(),
                (System.nanoTime() - s) / 1e9);
        if (journeys.size() == 0) return;
        java.util.Map<ThreadInfo, ThreadHistory> histories = new java.util.HashMap<>();
        Random random = new Random(2);
        long[] times = new long[50];
        for (int i = 0; i < times.length; i++) {
            long start = System.nanoTime();
            JourneyIndex.Start j = journeys.get(1 + random.nextLong(journeys.size()));
            if (j == null) continue;
            ThreadHistory h = histories.computeIfAbsent(j.thread(), t -> ThreadHistory.of(index, t));
            if (i == 0) start = System.nanoTime(); // the thread's history is the shell's anyway
            long identity = j.exception().identity();
            long thrown = h.findForward(h.firstAtOrAfter(j.nanos()) - 1, Integer.MAX_VALUE,
                    e -> e.other() instanceof io.jtrace.model.ExceptionThrown x && x.exception().identity() == identity);
            h.at(Math.max(0, thrown)).stack();
            times[i] = System.nanoTime() - start;
        }
        java.util.Arrays.sort(times);
        System.out.printf(Locale.ROOT, "  exc N after the first  median %6.2f ms  worst %7.2f ms%n", times[times.length / 2] / 1e6,
                times[times.length - 1] / 1e6);
    }

    private static void time(String what, ThreadHistory h, Random random, Predicate<HistoryCursor> move) {
        long[] times = new long[200];
        for (int i = 0; i < times.length; i++) {
            HistoryCursor c = new HistoryCursor(h, random.nextLong(h.size()));
            long s = System.nanoTime();
            move.test(c);
            c.at().stack(); // what the prompt and 'where' show
            times[i] = System.nanoTime() - s;
        }
        java.util.Arrays.sort(times);
        System.out.printf(Locale.ROOT, "  %-16s median %6.2f ms  worst %7.2f ms%n", what, times[times.length / 2] / 1e6,
                times[times.length - 1] / 1e6);
    }
}
