package io.jtrace.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.MethodCall;
import io.jtrace.model.MethodEnter;
import io.jtrace.model.MethodExit;
import io.jtrace.model.TraceEvent;
import io.jtrace.model.Value;
import io.jtrace.testing.Jdk;
import io.jtrace.text.VariableText;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run --args} on args.Checkout (primitives, strings, null, arrays, objects, a redacted
 * parameter, an exceptional exit, a constructor, varargs, generic methods), on every JDK found:
 * the program behaves as untraced; print and calls match golden files; the secret is nowhere in
 * the file; the JSON and CSV exports hold what the recording holds; filter and explore keep them.
 */
class ArgumentsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    /** Identity hashes differ between runs. */
    private static String masked(String s) {
        return s.replaceAll("@[0-9a-f]{1,8}\\b", "@ID");
    }

    private Path record(Jdk jdk) {
        Path rec = dir.resolve("checkout.jfr");
        Jtrace.Result plain = Jtrace.plain(dir, jdk, "args.Checkout");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--args", "args.**", "--string-length", "16"), "args.Checkout");
        assertEquals(plain.exit(), run.exit(), run::toString);
        assertEquals(plain.out(), run.out());
        assertEquals(plain.err().strip(), Jtrace.targetStderr(run.err()).strip());
        assertFalse(run.err().contains("jtrace agent:"), run::toString);
        return rec;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void printAndCallsShowEachCallsValues(Jdk jdk) throws Exception {
        Path rec = record(jdk);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--no-times", rec.toString());
        assertEquals(0, print.exit(), print::toString);
        Golden.assertMatches("args-print.txt", masked(print.out()));

        Jtrace.Result calls = Jtrace.jtrace(dir, "calls", "--no-times", "--method", "args.**", rec.toString());
        assertEquals(0, calls.exit(), calls::toString);
        Golden.assertMatches("args-calls.txt", masked(calls.out()));

        Jtrace.Result where = Jtrace.jtrace(dir, "calls", "--no-times", "--method", "Cart.add", "--method", "Checkout.pay",
                "--where", "quantity > 1 or (cents >= 100 and method == 'C' and ret == true)", rec.toString());
        assertEquals(0, where.exit(), where::toString);
        assertEquals(masked("""
                2 calls of Cart.add, Checkout.pay where quantity > 1 or (cents >= 100 and method == 'C' and ret == true)
                thread  call
                main    args.Cart.add(item="apple", quantity=2, price=0.5, discount=10.0) = 1
                main    args.Checkout.pay(cart=args.Cart@1, cents=165, method='C', password=<redacted>) = true
                """), masked(where.out()));
        Jtrace.Result generic = Jtrace.jtrace(dir, "calls", "--no-times", "--method", "Checkout.larger", "--where", "arg1 > 8 and ret == 9",
                rec.toString());
        assertTrue(generic.out().contains("args.Checkout.larger(a=java.lang.Integer@") && generic.out().contains("{9}"), generic::toString);
        Jtrace.Result longest = Jtrace.jtrace(dir, "calls", "--method", "args.**", "--sort", "duration", "--top", "2", rec.toString());
        assertEquals(0, longest.exit(), longest::toString);
        List<String> rows = longest.out().lines().toList();
        assertEquals("14 calls of args.**; the 2 longest", rows.get(0));
        assertEquals(4, rows.size(), longest::out);
        assertTrue(rows.get(2).contains("args.Checkout.main(args=java.lang.String[]@"), "main is the longest: " + rows);
        Jtrace.Result none = Jtrace.jtrace(dir, "calls", "--method", "Cart.add", "--where", "price > 1000", rec.toString());
        assertEquals("0 calls of Cart.add where price > 1000\n", none.out(), none::toString);

        Jtrace.Result bare = Jtrace.jtrace(dir, "print", "--no-times", "--no-args", rec.toString());
        assertTrue(bare.out().contains("main    = args.Cart.add(String, int, double, float)\n"), bare::out);
        assertFalse(bare.out().contains("="  + " 1\n") || bare.out().contains("<redacted>"), bare::out);
    }

    /** The chars of a string as the tracer writes it into a payload: each char a varint, in the tracer's format (see RecordFormat). */
    private static byte[] encoded(String s) {
        long[] chars = new long[s.length()];
        for (int i = 0; i < chars.length; i++) chars[i] = s.charAt(i);
        return new io.jtrace.runtime.RecordEncoder().body(chars);
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) if (haystack[i + j] != needle[j]) continue outer;
            return true;
        }
        return false;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void theRedactedValueIsNowhereInTheFileAndExportsHoldWhatTheRecordingHolds(Jdk jdk) throws Exception {
        Path rec = record(jdk);
        byte[] bytes = Files.readAllBytes(rec);
        // the control: an argument that is not secret is in the file, written as the tracer writes strings
        assertTrue(contains(bytes, encoded("alice")), "the owner's name should be in the recording");
        assertFalse(contains(bytes, encoded("hunter2")), "the password reached the recording");
        assertFalse(contains(bytes, "hunter2".getBytes(StandardCharsets.UTF_8)), "the password reached the recording");

        // what the recording holds, call by call (enter, exit and call events carry their values)
        Recording r = Recording.read(rec);
        List<TraceEvent> calls = new ArrayList<>();
        for (TraceEvent e : r.thread("main")) if (values(e) != null) calls.add(e);
        assertEquals(14 + 3, calls.size(), "14 calls, 3 of them with callees (an enter and an exit each)");
        CallValues pay = calls.stream().filter(e -> e instanceof MethodExit x && x.method().name().equals("pay")).map(ArgumentsTest::values)
                .findFirst().orElseThrow();
        assertEquals(Value.Kind.REDACTED, pay.argument("password").value().kind());
        assertEquals("Ljava/lang/String;", pay.argument("password").type());

        Jtrace.Result json = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "json", "--thread", "main");
        assertEquals(0, json.exit(), json::toString);
        List<JsonNode> jsonCalls = new ArrayList<>();
        for (String line : json.out().lines().toList()) {
            JsonNode n = JSON.readTree(line);
            if (n.has("args")) jsonCalls.add(n);
        }
        Jtrace.Result csv = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "csv", "--thread", "main");
        assertEquals(0, csv.exit(), csv::toString);
        List<List<String>> csvRows = new ArrayList<>();
        for (List<String> row : io.jtrace.format.Csv.parse(csv.out())) if (row.size() == 17 && !row.get(13).isEmpty() && !row.get(0).equals("kind")) csvRows.add(row);
        assertEquals(calls.size(), jsonCalls.size());
        assertEquals(calls.size(), csvRows.size());
        for (int i = 0; i < calls.size(); i++) {
            CallValues v = values(calls.get(i));
            JsonNode j = jsonCalls.get(i);
            assertEquals(calls.get(i).nanos(), j.get("nanos").asLong());
            assertEquals(JSON.readTree(csvRows.get(i).get(13)), j.get("args"), "CSV and JSON agree");
            assertEquals(v.arguments().size(), j.get("args").size(), j::toString);
            for (int a = 0; a < v.arguments().size(); a++) assertArgument(v.arguments().get(a), j.get("args").get(a), true);
            if (v.returned() == null) {
                assertFalse(j.has("return"), j::toString);
            } else {
                assertArgument(v.returned(), j.get("return"), false);
                assertEquals(JSON.readTree(csvRows.get(i).get(14)), j.get("return"));
            }
        }
    }

    private static void assertArgument(Argument expected, JsonNode actual, boolean named) {
        if (named) assertEquals(expected.name(), actual.get("name").asText());
        assertEquals(expected.typeName(), actual.get("declaredType").asText());
        assertEquals(VariableText.value(expected.value(), expected.type()), actual.get("value").asText());
        assertEquals(expected.value().kind().name().toLowerCase(java.util.Locale.ROOT), actual.get("valueKind").asText());
        if (expected.value().kind() == Value.Kind.OBJECT || expected.value().kind() == Value.Kind.TEXT) {
            assertEquals(expected.value().identity(), actual.get("valueId").asLong());
        }
    }

    private static CallValues values(TraceEvent e) {
        if (e instanceof MethodEnter m) return m.values();
        if (e instanceof MethodExit m) return m.values();
        if (e instanceof MethodCall m) return m.values();
        return null;
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void filterAndExploreKeepTheValues(Jdk jdk) throws Exception {
        Path rec = record(jdk);
        Path kept = dir.resolve("pay.jfr");
        Jtrace.Result filter = Jtrace.jtrace(dir, "filter", rec.toString(), "-o", kept.toString(), "--include", "Checkout.pay",
                "--include", "Cart.owner");
        assertEquals(0, filter.exit(), filter::toString);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", "--no-times", kept.toString());
        assertEquals(masked("""
                main  > args.Checkout.pay(cart=args.Cart@1, cents=165, method='C', password=<redacted>)
                main    = args.Cart.owner() = "alice"
                main  < args.Checkout.pay(...) = true
                """), masked(print.out()), print::toString);

        Jtrace.Result explore = Jtrace.jtrace(dir, "explore", rec.toString(), "--no-times", "-c",
                "find call Checkout.pay; args; step; args; ret; finish; ret; args; find call Cart.remove; finish; ret; args; ctx 2");
        Golden.assertMatches("args-explore.txt", masked(explore.out() + "--- stderr\n" + explore.err() + "--- exit " + explore.exit() + "\n"));
    }
}
