package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code origin} in {@code jtrace explore} is true to the object: from every read of a field, it
 * lands on the last write of that object's field (on whichever thread wrote it), with the value
 * read; a recursive method's local is its own frame's. Checked against what the programs know:
 * {@code vars.TwoOwners} writes {@code 1000 * cell + step} into each cell and prints each cell's
 * identity; the bank's accounts are written by four customers under their locks.
 */
class ExploreOriginTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** {@code =>      #34      r value = 1001  (field int of vars.TwoOwners$Cell@7ec7ffd3, line 24)}. */
    private static final Pattern ACCESS = Pattern.compile("=> +#(\\d+) +([rw]) (\\w+) = (-?\\d+)  \\((?:field \\w+ of [\\w.$]+@([0-9a-f]+)|local (\\w+))");

    /** An access line's parts. */
    private record Access(long number, boolean write, String name, long value, String owner, String thread) {
        static Access parse(String line, String thread) {
            Matcher m = ACCESS.matcher(line);
            return m.find() ? new Access(Long.parseLong(m.group(1)), m.group(2).equals("w"), m.group(3), Long.parseLong(m.group(4)),
                    m.group(5), thread) : null;
        }
    }

    private Jtrace.Result explore(Path rec, String script) {
        return Jtrace.jtrace(dir, "explore", rec.toString(), "--no-times", "-c", script);
    }

    /** Every read of {@code variable} on {@code thread}, by a name search ({@code find read --by-name}, then fn until none is left). */
    private List<Access> reads(Path rec, String thread, String variable) {
        StringBuilder script = new StringBuilder("thread " + thread + "; find read " + variable + " --by-name");
        for (int i = 0; i < 400; i++) script.append("; fn");
        Jtrace.Result r = explore(rec, script.toString());
        List<Access> reads = new ArrayList<>();
        for (String line : r.outLines()) {
            Access a = Access.parse(line, thread);
            if (a != null) reads.add(a);
        }
        assertTrue(r.err().contains("no read of any " + variable + " after"), r::toString); // the walk reached the end
        return reads;
    }

    /** For each read, where {@code origin} goes: the write it lands on (with its thread), in order. */
    private List<Access> origins(Path rec, List<Access> reads, String variable) {
        StringBuilder script = new StringBuilder();
        for (Access a : reads) script.append("thread ").append(a.thread()).append("; goto ").append(a.number()).append("; origin ").append(variable).append('\n');
        Jtrace.Result r = explore(rec, script.toString());
        assertEquals(0, r.exit(), r::toString);
        List<Access> writes = new ArrayList<>();
        List<String> lines = r.outLines();
        String thread = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("=>") && line.contains(" r " + variable + " = ")) thread = reads.get(writes.size()).thread();
            else if (line.startsWith("(on thread ")) thread = line.substring("(on thread ".length(), line.length() - 1);
            else if (line.startsWith("=>") && line.contains(" w " + variable + " = ")) writes.add(Access.parse(line, thread));
        }
        assertEquals(reads.size(), writes.size(), r::toString);
        return writes;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void originLandsOnTheWriteOfTheSameObject(Jdk jdk) {
        Path rec = dir.resolve("two.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--vars", "vars.TwoOwners*"), "vars.TwoOwners");
        assertEquals(0, run.exit(), run::toString);
        Map<String, Long> cellOf = new HashMap<>(); // identity -> the cell's number, as the program printed them
        for (String line : run.outLines()) {
            Matcher m = Pattern.compile("cell (\\d) @([0-9a-f]+)").matcher(line);
            if (m.matches()) cellOf.put(m.group(2), Long.parseLong(m.group(1)));
        }
        assertEquals(2, cellOf.size(), run::toString);

        List<Access> reads = reads(rec, "main", "value");
        assertEquals(14, reads.size(), reads::toString); // 6 steps of two reads, then the two after the writer thread
        List<Access> writes = origins(rec, reads, "value");
        int acrossThreads = 0;
        for (int i = 0; i < reads.size(); i++) {
            Access read = reads.get(i);
            Access write = writes.get(i);
            String where = "origin of " + read + " went to " + write;
            assertEquals(read.owner(), write.owner(), where);
            assertEquals(read.value(), write.value(), where);
            assertEquals((long) cellOf.get(read.owner()), read.value() / 1000, where); // the value the program wrote into that cell
            if (read.value() == 1999) {
                assertEquals("writer", write.thread(), where);
                acrossThreads++;
            } else {
                assertEquals("main", write.thread(), where);
                assertTrue(write.number() < read.number(), where);
            }
        }
        assertEquals(1, acrossThreads);

        // nest(3) writes level = 30, 20, 10, 0 going down and reads them coming back: each read's origin is its own frame's write
        List<Access> levels = reads(rec, "main", "level");
        assertEquals(List.of(0L, 10L, 20L, 30L), levels.stream().map(Access::value).toList());
        List<Access> levelWrites = origins(rec, levels, "level");
        assertEquals(List.of(0L, 10L, 20L, 30L), levelWrites.stream().map(Access::value).toList());
        // and a search forward from a frame's write skips the deeper frames' reads of their own level
        Jtrace.Result forward = explore(rec, "goto " + levelWrites.get(3).number() + "; find read level");
        assertEquals(levels.get(3).number(), Access.parse(forward.outLines().get(1), "main").number(), forward::toString);
    }

    /** The case: at a withdraw reading one account's balance, origin went to another account's write. */
    @ParameterizedTest
    @MethodSource("jdks")
    void everyBalanceReadOfTheBankComesFromItsOwnAccount(Jdk jdk) {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--vars", "bank.**"), "bank.Main");
        assertEquals(0, run.exit(), run::toString);
        List<Access> reads = new ArrayList<>();
        for (String customer : List.of("customer-1", "customer-2", "customer-3", "customer-4")) reads.addAll(reads(rec, customer, "balance"));
        assertTrue(reads.size() > 40, reads::toString);
        List<Access> writes = origins(rec, reads, "balance");
        int acrossThreads = 0;
        for (int i = 0; i < reads.size(); i++) {
            Access read = reads.get(i);
            Access write = writes.get(i);
            String where = "origin of " + read + " went to " + write;
            assertEquals(read.owner(), write.owner(), where);
            assertEquals(read.value(), write.value(), where);
            if (!write.thread().equals(read.thread())) acrossThreads++;
        }
        assertTrue(acrossThreads > 0, "four customers share the accounts: some reads come from another thread's write");
    }
}
