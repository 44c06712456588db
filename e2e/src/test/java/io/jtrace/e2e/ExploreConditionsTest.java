package io.jtrace.e2e;

import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code find call PATTERN where EXPR} in {@code jtrace explore} visits exactly the calls that
 * {@code jtrace calls --where EXPR} lists, thread by thread and in order (the same language, one
 * parser); {@code fn} keeps the condition; a condition on the return value is found at the exit
 * and shown at the enter; {@code find write VAR where EXPR} checks the value.
 */
class ExploreConditionsTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** What 'calls --where' printed, by method and condition: one run serves every thread. */
    private final Map<String, Jtrace.Result> callsRuns = new java.util.HashMap<>();

    /** The calls of one thread that 'calls --where' lists: their call text, without the outcome. */
    private List<String> listed(Path rec, String method, String where, String thread) {
        Jtrace.Result r = callsRuns.computeIfAbsent(method + " where " + where,
                k -> Jtrace.jtrace(dir, "calls", "--no-times", "--sort", "time", "--method", method, "--where", where, rec.toString()));
        assertEquals(0, r.exit(), r::toString);
        List<String> calls = new ArrayList<>();
        for (String line : r.outLines().subList(Math.min(2, r.outLines().size()), r.outLines().size())) {
            String[] parts = line.split("\\s+", 2);
            if (!parts[0].equals(thread)) continue;
            String call = parts[1];
            int end = call.indexOf(")  ");
            calls.add(end < 0 ? call : call.substring(0, end + 1));
        }
        return calls;
    }

    /** The calls 'find call METHOD where EXPR' and fn after it go to on one thread: the text of each enter line. */
    private List<String> found(Path rec, String method, String where, String thread) {
        StringBuilder script = new StringBuilder("thread " + thread + " > /dev/null\nfind call " + method + " where " + where + " | head 1\n");
        for (int i = 0; i < 300; i++) script.append("fn | head 1\n");
        Jtrace.Result r = Jtrace.exec(dir, List.of(Jtrace.executable().toString(), "explore", rec.toString(), "--no-times"), Map.of(), script.toString());
        assertTrue(r.err().contains("no call " + method + " where " + where + " after"), r::toString); // the walk reached the end
        List<String> calls = new ArrayList<>();
        java.util.regex.Pattern enter = java.util.regex.Pattern.compile("=> +#\\d+ +[>=] (\\S+\\(.*?\\))(?:\\s.*)?");
        for (String line : r.outLines()) {
            java.util.regex.Matcher m = enter.matcher(line);
            assertTrue(m.matches(), line);
            calls.add(m.group(1));
        }
        return calls;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aConditionedFindVisitsWhatCallsWhereLists(Jdk jdk) {
        Path rec = dir.resolve("bank.jfr");
        assertEquals(0, Jtrace.trace(dir, jdk, rec, List.of("--args", "bank.**", "--vars", "bank.Account"), "bank.Main").exit());
        int compared = 0;
        for (String where : List.of("amount > 200 and amount < 260", "amount <= 60 or (amount >= 150 and amount != 247)", "arg2 == 247")) {
            for (String thread : List.of("customer-1", "customer-2", "customer-3", "customer-4")) {
                List<String> listed = listed(rec, "Bank.transfer", where, thread);
                assertEquals(listed, found(rec, "Bank.transfer", where, thread), where + " on " + thread);
                compared += listed.size();
            }
        }
        assertTrue(compared > 20, "calls compared: " + compared);
        // on the return value: found at the exit, shown at the enter (main reads every balance at the end)
        List<String> listed = listed(rec, "Account.balance", "ret > 300", "main");
        assertTrue(!listed.isEmpty(), "some balance above 300");
        assertEquals(listed.stream().map(c -> c.substring(0, c.indexOf(')') + 1)).toList(), found(rec, "Account.balance", "ret > 300", "main"));

        // a variable's value: the writes found with the condition are those among all writes that have it
        int conditioned = 0;
        for (String thread : List.of("customer-1", "customer-2", "customer-3", "customer-4")) {
            List<Long> all = writtenValues(rec, thread, "");
            List<Long> below = writtenValues(rec, thread, " where value < 100");
            assertEquals(all.stream().filter(v -> v < 100).toList(), below, thread);
            conditioned += below.size();
        }
        assertTrue(conditioned > 0, "some balance written below 100");
    }

    /** The values of the writes of any balance on one thread ('find write balance --by-name' and fn), with a condition if given. */
    private List<Long> writtenValues(Path rec, String thread, String where) {
        String script = "thread " + thread + " > /dev/null\nfind write balance --by-name" + where + " | head 1\n" + "fn | head 1\n".repeat(300);
        Jtrace.Result r = Jtrace.exec(dir, List.of(Jtrace.executable().toString(), "explore", rec.toString(), "--no-times"), Map.of(), script);
        assertTrue(r.err().contains("no write of any balance"), r::toString);
        return r.outLines().stream().map(l -> Long.parseLong(l.replaceAll(".* w balance = (-?\\d+) .*", "$1"))).toList();
    }
}
