package io.jtrace.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
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
 * {@code jtrace diff} on two runs of diverge.Orders with one planted difference each (a branch
 * deep in a loop, an argument value, an extra exception, a pool whose thread is numbered
 * differently), and on two runs of Gson with one input value changed, on every JDK found: the
 * divergence is reported at the planted call with its stack, identical runs exit 0, the summary's
 * count deltas are exact, the differential flame graph carries both runs' figures.
 */
class DiffTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** diverge.Orders traced with its arguments recorded: expressAt, factor, failAt, poolsBefore. */
    private Path orders(Jdk jdk, String name, String... args) {
        Path rec = dir.resolve(name + ".jfr");
        Jtrace.Result plain = Jtrace.plain(dir, jdk, "diverge.Orders", args);
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--args", "diverge.**"), "diverge.Orders", args);
        assertEquals(0, run.exit(), run::toString);
        assertEquals(plain.out(), run.out());
        return rec;
    }

    private Jtrace.Result diff(String... args) {
        return Jtrace.jtrace(dir, prepend("diff", args));
    }

    private static String[] prepend(String first, String... rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    /** The hunk headers ({@code @@ ... @@}) of a diff's output. */
    private static List<String> hunks(Jtrace.Result r) {
        return r.outLines().stream().filter(l -> l.startsWith("@@")).toList();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void findsEachPlantedDifferenceAtItsCall(Jdk jdk) throws Exception {
        Path base = orders(jdk, "base", "-1", "3", "-1", "0");
        Path again = orders(jdk, "again", "-1", "3", "-1", "0");
        Path branch = orders(jdk, "branch", "30", "3", "-1", "0");
        Path argument = orders(jdk, "argument", "-1", "4", "-1", "0");
        Path exception = orders(jdk, "exception", "-1", "3", "12", "0");
        Path pools = orders(jdk, "pools", "-1", "3", "-1", "2");

        // the library's face: both opened at once, what each recorded typed (run --args, exceptions on by default)
        List<io.jtrace.recording.Recording> opened = io.jtrace.recording.Recording.openAll(List.of(base, branch), null);
        try {
            for (io.jtrace.recording.Recording r : opened) {
                assertEquals(java.util.Set.of(io.jtrace.model.EventKind.CALLS, io.jtrace.model.EventKind.EXCEPTIONS,
                        io.jtrace.model.EventKind.ARGUMENTS), r.recorded().kinds(), r.file()::toString);
                assertEquals(List.of("main", "pool-1-thread-1"), r.threads().stream().map(io.jtrace.model.ThreadInfo::label).toList());
            }
        } finally {
            for (io.jtrace.recording.Recording r : opened) r.close();
        }
        io.jtrace.read.UnreadableRecordingException missing = org.junit.jupiter.api.Assertions.assertThrows(
                io.jtrace.read.UnreadableRecordingException.class,
                () -> io.jtrace.recording.Recording.openAll(List.of(base, dir.resolve("missing.jfr")), null));
        assertEquals("no such file: " + dir.resolve("missing.jfr"), missing.getMessage());

        // the same program on the same input: the same, whatever the times and identity hashes
        Jtrace.Result same = diff(base.toString(), again.toString());
        assertEquals(0, same.exit(), same::toString);
        assertTrue(same.outLines().get(2).matches("same: main \\(\\d+ steps\\), pool-1-thread-1 \\(\\d+ steps\\)"), same::toString);
        assertEquals(3, same.outLines().size(), same::toString);

        // a branch deep in the loop goes the other way at iteration 30
        Jtrace.Result b = diff(base.toString(), branch.toString());
        assertEquals(1, b.exit(), b::toString);
        assertEquals(List.of("@@ thread main: after " + stepsBefore(b) + " same steps, A calls diverge.Orders.standard(int)"
                + " where B calls diverge.Orders.express(int) @@"), hunks(b));
        List<String> lines = b.outLines();
        int at = lines.indexOf(hunks(b).get(0));
        assertEquals("   stack: diverge.Orders.main(String[]) > diverge.Orders.process(int) > diverge.Orders.validate(int)"
                + " > diverge.Orders.route(int)", lines.get(at + 1));
        assertEquals(List.of(
                "       = diverge.Orders.check(order=30)",
                "       > diverge.Orders.validate(order=30)",
                "         > diverge.Orders.route(order=30)",
                "-          = diverge.Orders.standard(order=30) = 60",
                "-        < diverge.Orders.route(...) = 60",
                "-      < diverge.Orders.validate(...) = 61",
                "+          = diverge.Orders.express(order=30) = 90",
                "+        < diverge.Orders.route(...) = 90",
                "+      < diverge.Orders.validate(...) = 91"), lines.subList(at + 2, at + 11));
        assertTrue(b.out().contains("same: pool-1-thread-1 ("), b::toString);
        Jtrace.Result oneLine = diff("--context", "1", base.toString(), branch.toString());
        assertEquals(List.of("         > diverge.Orders.route(order=30)", "-          = diverge.Orders.standard(order=30) = 60",
                "+          = diverge.Orders.express(order=30) = 90"), oneLine.outLines().subList(oneLine.outLines().size() - 3,
                oneLine.outLines().size()));

        // another argument value
        Jtrace.Result arg = diff(base.toString(), argument.toString());
        assertEquals(1, arg.exit(), arg::toString);
        assertEquals(List.of("@@ thread main: after " + stepsBefore(arg) + " same steps, Orders.price's argument factor: 3 in A,"
                + " 4 in B @@"), hunks(arg));
        assertTrue(arg.out().contains("\n-    = diverge.Orders.price(quantity=7, factor=3) = 21\n"), arg::toString);
        assertTrue(arg.out().contains("\n+    = diverge.Orders.price(quantity=7, factor=4) = 28\n"), arg::toString);

        // an extra exception: the check of order 12 throws in B where it returns in A
        Jtrace.Result x = diff(base.toString(), exception.toString());
        assertEquals(1, x.exit(), x::toString);
        assertEquals(List.of("@@ thread main: after " + stepsBefore(x) + " same steps, A returns from diverge.Orders.check(int)"
                + " where B throws java.lang.IllegalStateException @@"), hunks(x));
        assertTrue(x.out().contains("   stack: diverge.Orders.main(String[]) > diverge.Orders.process(int) > diverge.Orders.check(int)\n"), x::toString);
        assertTrue(x.out().contains("\n-      = diverge.Orders.check(order=12)\n"), x::toString);
        assertTrue(x.out().contains("\n+      > diverge.Orders.check(order=12)\n+        * throw java.lang.IllegalStateException: order 12"), x::toString);

        // every region: the check's own region, then the rest of order 12 that only A processed
        Jtrace.Result all = diff("--all", base.toString(), exception.toString());
        assertEquals(1, all.exit(), all::toString);
        assertEquals(2, hunks(all).size(), all::toString);
        assertTrue(all.out().contains("   only in A: 1 x diverge.Orders.route(int), 1 x diverge.Orders.standard(int),"
                + " 1 x diverge.Orders.validate(int)\n"), all::toString);
        Jtrace.Result allBranch = diff("--all", base.toString(), branch.toString());
        assertEquals(1, hunks(allBranch).size(), allBranch::toString); // the different returns above it are the same region
        assertTrue(allBranch.out().contains("   only in A: 1 x diverge.Orders.standard(int)\n   only in B: 1 x diverge.Orders.express(int)\n"),
                allBranch::toString);

        // the worker pool is pool-3 in B (two executors made before it): paired all the same
        Jtrace.Result p = diff(base.toString(), pools.toString());
        assertEquals(0, p.exit(), p::toString);
        assertTrue(p.out().contains("pool-1-thread-1 = pool-3-thread-1 ("), p::toString);
        Jtrace.Result unpaired = diff("--pair", "main=main", "--pair", "pool-1-thread-1=main", base.toString(), pools.toString());
        assertEquals(2, unpaired.exit(), unpaired::toString);
        assertEquals("jtrace diff: --pair pool-1-thread-1=main: no thread main in B", unpaired.err().strip());

        // --ignore: leaving out the routing (and all it calls) makes the branch run the same
        Jtrace.Result ignored = diff("--ignore", "diverge.Orders.route", "--ignore", "diverge.Orders.validate",
                base.toString(), branch.toString());
        assertEquals(1, ignored.exit(), ignored::toString); // process still returns another value
        assertTrue(ignored.out().contains("Orders.process returned 61 in A, 91 in B"), ignored::toString);

        summaryCounts(base, branch, exception);
    }

    /** The number in a hunk header: the test asserts the rest of the line exactly. */
    private static String stepsBefore(Jtrace.Result r) {
        Matcher m = Pattern.compile("after ([0-9,]+) same steps").matcher(r.out());
        assertTrue(m.find(), r::toString);
        return m.group(1);
    }

    /** --summary: per method call counts and their deltas, exceptions per type. */
    private void summaryCounts(Path base, Path branch, Path exception) {
        Jtrace.Result s = diff("--summary", "--sort", "calls", base.toString(), branch.toString());
        assertEquals(1, s.exit(), s::toString);
        Map<String, String[]> rows = summaryRows(s);
        assertEquals(List.of("40", "39", "-1"), List.of(rows.get("diverge.Orders.standard(int)")).subList(0, 3));
        assertEquals(List.of("0", "1", "+1"), List.of(rows.get("diverge.Orders.express(int)  (only in B)")).subList(0, 3));
        assertEquals(List.of("40", "40", "0"), List.of(rows.get("diverge.Orders.route(int)")).subList(0, 3));
        assertEquals(List.of("1", "1", "0"), List.of(rows.get("diverge.Orders.main(String[])")).subList(0, 3));
        // sorted by the largest change of calls first
        List<String> order = new ArrayList<>(rows.keySet());
        assertTrue(order.indexOf("diverge.Orders.route(int)") > 1, order::toString);

        Jtrace.Result e = diff("--summary", "--sort", "calls", base.toString(), exception.toString());
        assertEquals(1, e.exit(), e::toString);
        Map<String, String[]> erows = summaryRows(e);
        for (String m : List.of("diverge.Orders.validate(int)", "diverge.Orders.route(int)", "diverge.Orders.standard(int)")) {
            assertEquals(List.of("40", "39", "-1"), List.of(erows.get(m)).subList(0, 3), m);
        }
        assertTrue(e.out().contains("\n        0         1       +1  java.lang.IllegalStateException  (only in B)\n"), e::toString);

        // --ignore as the walk has it: the ignored calls and all under them are not counted, nor the exceptions in them
        Jtrace.Result routed = diff("--summary", "--sort", "calls", "--ignore", "diverge.Orders.route", base.toString(), branch.toString());
        assertEquals(0, routed.exit(), routed::toString); // standard and express are called only by route
        Map<String, String[]> rrows = summaryRows(routed);
        assertEquals(List.of("40", "40", "0"), List.of(rrows.get("diverge.Orders.validate(int)")).subList(0, 3), routed::toString);
        assertTrue(rrows.keySet().stream().noneMatch(m -> m.contains("route") || m.contains("standard") || m.contains("express")),
                routed::toString);
        Jtrace.Result checked = diff("--summary", "--sort", "calls", "--ignore", "diverge.Orders.check", base.toString(), exception.toString());
        assertEquals(1, checked.exit(), checked::toString); // order 12 is still not validated in B
        assertTrue(!checked.out().contains("IllegalStateException"), "thrown inside the ignored check: not counted\n" + checked);
        assertEquals(List.of("40", "39", "-1"), List.of(summaryRows(checked).get("diverge.Orders.validate(int)")).subList(0, 3));
        Jtrace.Result walkRouted = diff("--ignore", "diverge.Orders.route", base.toString(), branch.toString());
        assertEquals(1, walkRouted.exit(), walkRouted::toString);
        assertTrue(walkRouted.out().contains("Orders.validate returned 61 in A, 91 in B"), walkRouted::toString);

        Jtrace.Result bad = diff("--summary", "--fail-above", "ten", base.toString(), branch.toString());
        assertEquals(2, bad.exit(), bad::toString);
        assertEquals("jtrace diff: --fail-above takes a percentage like 10%, not 'ten'", bad.err().strip());
    }

    /** Method rows of a --summary: name (with its 'only in' mark) to calls A, calls B, delta. */
    private static Map<String, String[]> summaryRows(Jtrace.Result r) {
        Map<String, String[]> rows = new java.util.LinkedHashMap<>();
        for (String l : r.outLines()) {
            int method = l.indexOf("diverge.");
            if (method < 0 || l.startsWith("---") || l.startsWith("+++")) continue;
            rows.put(l.substring(method), l.substring(0, method).trim().split("\\s+"));
        }
        return rows;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void theFlameGraphShowsBothRunsFigures(Jdk jdk) throws Exception {
        Path base = orders(jdk, "base", "-1", "3", "-1", "0");
        Path branch = orders(jdk, "branch", "30", "3", "-1", "0");
        Path html = dir.resolve("diff.html");
        Jtrace.Result r = diff("--format", "flamegraph", "-o", html.toString(), base.toString(), branch.toString());
        assertEquals(0, r.exit(), r::toString);
        JsonNode data = data(html);
        Map<String, long[]> b = paths(data, "nodes", 5, null);
        Map<String, long[]> a = paths(data, "base", 3, data);
        String route = "diverge.Orders.main(String[]);diverge.Orders.process(int);diverge.Orders.validate(int);diverge.Orders.route(int)";
        assertEquals(39, b.get(route + ";diverge.Orders.standard(int)")[4]);
        assertEquals(40, a.get(route + ";diverge.Orders.standard(int)")[2]);
        assertEquals(1, b.get(route + ";diverge.Orders.express(int)")[4]);
        assertEquals(-1, a.get(route + ";diverge.Orders.express(int)")[0]); // A never called it there
        // A's figures are A's own flame graph's, path by path
        Path plainA = dir.resolve("a.html");
        assertEquals(0, Jtrace.jtrace(dir, "export", "--format", "flamegraph", "-o", plainA.toString(), base.toString()).exit());
        Map<String, long[]> own = paths(data(plainA), "nodes", 5, null);
        for (Map.Entry<String, long[]> e : own.entrySet()) {
            long[] asBase = a.get(e.getKey());
            if (asBase == null) continue; // a path B does not have is not drawn
            assertEquals(e.getValue()[2], asBase[0], e.getKey() + " total");
            assertEquals(e.getValue()[3], asBase[1], e.getKey() + " self");
            assertEquals(e.getValue()[4], asBase[2], e.getKey() + " calls");
        }
        String page = Files.readString(html);
        assertTrue(page.contains("differential flame graph"), "titled as a differential flame graph");

        // the tooltips as the page's own script writes them (run under Node with a stand-in DOM)
        Jtrace.Result node = Jtrace.exec(dir, List.of("node",
                Jtrace.root().resolve("e2e/src/test/resources/flamegraph-tooltips.js").toString(), html.toString()), Map.of());
        assertEquals(0, node.exit(), node::toString);
        List<String> tooltips = node.outLines();
        JsonNode nodes = data.get("nodes");
        JsonNode baseFigures = data.get("base");
        assertEquals(nodes.size() / 5, tooltips.size(), node::toString);
        for (int i = 0; i < tooltips.size(); i++) {
            String t = tooltips.get(i);
            String name = data.get("names").get(nodes.get(5 * i).asInt()).asText();
            assertTrue(t.startsWith(name + ": B total "), t);
            assertTrue(t.contains(", " + nodes.get(5 * i + 4).asLong() + " call(s); "), t);
            long callsA = baseFigures.get(3 * i + 2).asLong();
            assertTrue(baseFigures.get(3 * i).asLong() < 0 ? t.contains("; A: not called on this path; ")
                    : t.contains("; A total ") && t.contains(", " + callsA + " call(s); self "), t);
        }
        assertTrue(tooltips.stream().anyMatch(t -> t.startsWith("diverge.Orders.standard(int): B total ")
                && t.contains(", 39 call(s); A total ") && t.contains(", 40 call(s); self ")), tooltips::toString);
        assertTrue(tooltips.stream().anyMatch(t -> t.startsWith("diverge.Orders.express(int): B total ")
                && t.contains(", 1 call(s); A: not called on this path; self +")), tooltips::toString);
    }

    private static JsonNode data(Path html) throws Exception {
        String page = Files.readString(html);
        int start = page.indexOf("<script id=\"data\" type=\"application/json\">") + "<script id=\"data\" type=\"application/json\">".length();
        return JSON.readTree(page.substring(start, page.indexOf("</script>", start)));
    }

    /**
     * The figures of each node by its call path ({@code a;b;c}): from the node list ({@code stride}
     * 5: name, depth, total, self, calls) or, for {@code base}, the per-node figures of A in the
     * same order ({@code stride} 3), paths taken from {@code nodesOf}'s node list.
     */
    private static Map<String, long[]> paths(JsonNode data, String field, int stride, JsonNode nodesOf) {
        JsonNode nodes = (nodesOf == null ? data : nodesOf).get("nodes");
        JsonNode values = data.get(field);
        JsonNode names = (nodesOf == null ? data : nodesOf).get("names");
        Map<String, long[]> byPath = new HashMap<>();
        List<String> path = new ArrayList<>();
        for (int i = 0; i < nodes.size() / 5; i++) {
            int depth = nodes.get(5 * i + 1).asInt();
            while (path.size() > depth - 1 && !path.isEmpty()) path.remove(path.size() - 1);
            path.add(names.get(nodes.get(5 * i).asInt()).asText());
            long[] v = new long[stride];
            for (int k = 0; k < stride; k++) v[k] = values.get(stride * i + k).asLong();
            byPath.put(String.join(";", path), v);
        }
        return byPath;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void twoRunsOfGsonPartWhereTheChangedInputIsFirstRead(Jdk jdk) {
        Path a = dir.resolve("cups.jfr");
        Path b = dir.resolve("mugs.jfr");
        List<String> options = List.of("--args", "com.google.gson.stream.**");
        assertEquals(0, Jtrace.trace(dir, jdk, a, options, "thirdparty.GsonInput",
                "{\"id\":\"A-17\",\"items\":[\"tea\",\"cups\"],\"total\":12.5}").exit());
        assertEquals(0, Jtrace.trace(dir, jdk, b, options, "thirdparty.GsonInput",
                "{\"id\":\"A-17\",\"items\":[\"tea\",\"mugs\"],\"total\":12.5}").exit());
        Jtrace.Result r = diff(a.toString(), b.toString());
        assertEquals(1, r.exit(), r::toString);
        assertEquals(List.of("@@ thread main: after " + stepsBefore(r) + " same steps,"
                + " JsonReader.nextQuotedValue returned \"cups\" in A, \"mugs\" in B @@"), hunks(r));
        String stack = r.outLines().get(r.outLines().indexOf(hunks(r).get(0)) + 1);
        assertTrue(stack.startsWith("   stack: thirdparty.GsonInput.main(String[]) > com.google.gson.Gson.fromJson(String, Class) >"), stack);
        assertTrue(stack.endsWith(" > com.google.gson.stream.JsonReader.nextString() > com.google.gson.stream.JsonReader.nextQuotedValue(char)"), stack);
        // "tea", read before it, was the same in both
        assertTrue(Jtrace.jtrace(dir, "print", "--no-times", a.toString()).out().contains("nextQuotedValue(quote='\"') = \"tea\""));
        assertEquals(0, diff(a.toString(), a.toString()).exit());
    }
}
