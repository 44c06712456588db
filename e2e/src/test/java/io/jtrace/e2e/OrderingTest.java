package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Under contention, the printed trace is ordered by time across threads and exact within each thread. */
class OrderingTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void interleavedPrintIsTimeOrderedAndKeepsEachThreadsOrder(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "8", "500");
        assertEquals(0, run.exit(), run::toString);

        Jtrace.Result timed = Jtrace.jtrace(dir, "print", rec.toString());
        assertEquals(0, timed.exit(), timed::toString);
        double last = -1;
        int threadsSeen = 0;
        java.util.Set<String> threads = new java.util.HashSet<>();
        for (String line : timed.outLines()) {
            String[] cols = line.strip().split("\\s+", 3);
            double t = Double.parseDouble(cols[0]);
            assertTrue(t >= last, "time went back at: " + line);
            last = t;
            if (threads.add(cols[1])) threadsSeen++;
        }
        assertTrue(threadsSeen >= 9, "main and 8 customers: " + threads);

        // Each thread's lines in the interleaved trace are exactly its section of the per-thread trace.
        Jtrace.Result merged = Jtrace.jtrace(dir, "print", "--no-times", rec.toString());
        Jtrace.Result sections = Jtrace.jtrace(dir, "print", "--no-times", "--by-thread", rec.toString());
        Map<String, List<String>> fromSections = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : sections.outLines()) {
            if (line.startsWith("== thread ")) {
                current = new ArrayList<>();
                fromSections.put(line.substring(10, line.indexOf(" (id ")), current);
            } else if (!line.isEmpty()) {
                current.add(line);
            }
        }
        Map<String, List<String>> fromMerged = new LinkedHashMap<>();
        int width = Math.max(4, fromSections.keySet().stream().mapToInt(String::length).max().orElse(0)); // the thread column
        for (String line : merged.outLines()) {
            String name = line.substring(0, width).strip();
            fromMerged.computeIfAbsent(name, k -> new ArrayList<>()).add(line.substring(width + 2));
        }
        assertEquals(fromSections.keySet(), fromMerged.keySet());
        for (String t : fromSections.keySet()) assertEquals(fromSections.get(t), fromMerged.get(t), t);
    }
}
