package io.jtrace.report;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Lines in key order, ties in arrival order: kept in memory, spilled in sorted runs and merged, or only the first N. */
class SortedLinesTest {
    private record Entry(long k1, long k2, int seq, String text) {}

    private static List<String> expected(List<Entry> entries, int keep) {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparingLong(Entry::k1).thenComparingLong(Entry::k2).thenComparingInt(Entry::seq));
        List<String> texts = sorted.stream().map(Entry::text).toList();
        return keep > 0 ? texts.subList(0, Math.min(keep, texts.size())) : texts;
    }

    private static List<String> sorted(List<Entry> entries, int keep) throws Exception {
        StringWriter out = new StringWriter();
        try (SortedLines lines = new SortedLines(keep)) {
            for (Entry e : entries) lines.add(e.k1(), e.k2(), e.text());
            assertEquals(entries.size(), lines.added());
            PrintWriter w = new PrintWriter(out);
            lines.writeTo(w);
            w.flush();
        }
        return out.toString().lines().toList();
    }

    @Test
    void inMemoryTopNAndSpilledRunsGiveTheSameOrder() throws Exception {
        Random random = new Random(7);
        for (int n : new int[] {0, 1, 1000, 120_000}) { // the last one spills several runs of 8 MB
            List<Entry> entries = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                entries.add(new Entry(random.nextInt(50), random.nextInt(3), i, i + " " + "ü".repeat(random.nextInt(60)) + " x".repeat(20)));
            }
            assertEquals(expected(entries, 0), sorted(entries, 0), n + " lines, all");
            assertEquals(expected(entries, 10), sorted(entries, 10), n + " lines, the first 10");
        }
    }
}
