package io.jtrace.e2e;

import io.jtrace.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Recordings are standard: the JDK's own jfr tool (of every JDK found) reads them, and every jtrace event is labelled. */
class JfrToolsTest {
    @TempDir
    Path dir;

    static List<Jdk> jdks() {
        return Jdk.all();
    }

    private static final Set<String> EVENT_TYPES = Set.of("jtrace.TraceBatch", "jtrace.MethodDefinition", "jtrace.TypeDefinition",
            "jtrace.Session", "jtrace.TracerStatistics", "jtrace.VariableDefinition");
    /** Fields every JFR event has; the JDK describes them. */
    private static final Set<String> STANDARD_FIELDS = Set.of("startTime", "duration", "eventThread", "stackTrace");

    @ParameterizedTest
    @MethodSource("jdks")
    void jfrToolsReadTheRecording(Jdk recordedWith) throws Exception {
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, recordedWith, rec, List.of(), "bank.Main", "2", "20");
        assertEquals(0, run.exit(), run::toString);
        for (Jdk tool : Jdk.all()) {
            Jtrace.Result summary = Jtrace.exec(dir, List.of(tool.jfrTool().toString(), "summary", rec.toString()), Map.of());
            assertEquals(0, summary.exit(), () -> tool + ": " + summary);
            for (String type : EVENT_TYPES) assertTrue(summary.out().contains(type), () -> tool + " summary lacks " + type + ": " + summary);
            Jtrace.Result defs = Jtrace.exec(dir, List.of(tool.jfrTool().toString(), "print", "--events", "jtrace.MethodDefinition", rec.toString()), Map.of());
            assertEquals(0, defs.exit(), () -> tool + ": " + defs);
            assertTrue(defs.out().contains("className = \"bank.Bank\"") && defs.out().contains("methodName = \"transfer\""),
                    () -> tool + ": " + defs);
            assertMetadataLabelled(tool, rec);
        }
    }

    /**
     * {@code jfr print} and {@code jfr print --xml} (of the recording JDK) of an original recording with
     * many calls, arguments, variables, lines and exceptions: no control character but newline and tab
     * reaches the terminal, and the XML parses with the JDK's own parser. Batch payloads before format 3
     * (RecordFormat's class comment) sent ESC and NUL through both.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void jfrPrintOfTheRecordingSendsNoControlCharacterAndItsXmlParses(Jdk jdk) throws Exception {
        Path rec = dir.resolve("bank-values.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of("--args", "bank.**", "--vars", "bank.**", "--lines", "bank.**"),
                "bank.Main", "2", "200");
        assertEquals(0, run.exit(), run::toString);
        Jtrace.Result print = Jtrace.exec(dir, List.of(jdk.jfrTool().toString(), "print", rec.toString()), Map.of());
        assertEquals(0, print.exit(), () -> jdk + ": " + print.err());
        assertNoControlCharacter("jfr print", print.out());
        assertTrue(print.out().contains("jtrace.TraceBatch") && print.out().contains("payload = \">"), "format-3 payloads printed");

        Jtrace.Result xml = Jtrace.exec(dir, List.of(jdk.jfrTool().toString(), "print", "--xml", rec.toString()), Map.of());
        assertEquals(0, xml.exit(), () -> jdk + ": " + xml.err());
        assertNoControlCharacter("jfr print --xml", xml.out());
        javax.xml.parsers.DocumentBuilderFactory factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        org.w3c.dom.Document doc = factory.newDocumentBuilder().parse(new org.xml.sax.InputSource(new java.io.StringReader(xml.out())));
        org.w3c.dom.NodeList events = doc.getElementsByTagName("event");
        int batches = 0;
        for (int i = 0; i < events.getLength(); i++) {
            if ("jtrace.TraceBatch".equals(((org.w3c.dom.Element) events.item(i)).getAttribute("type"))) batches++;
        }
        assertTrue(batches >= 3, () -> jdk + ": TraceBatch events in the parsed XML: " + xml.out().length());
    }

    /** Every char of {@code out} is newline, tab, or no C0/C1 control character and no DEL. */
    private static void assertNoControlCharacter(String what, String out) {
        for (int i = 0; i < out.length(); i++) {
            char c = out.charAt(i);
            if (c != '\n' && c != '\t' && (c < 0x20 || (c >= 0x7f && c <= 0x9f))) {
                int from = Math.max(0, out.lastIndexOf('\n', i) + 1);
                StringBuilder line = new StringBuilder(); // shown escaped: the report must not carry them either
                for (char d : out.substring(from, Math.min(out.length(), i + 40)).toCharArray()) {
                    line.append(d < 0x20 || (d >= 0x7f && d <= 0x9f) ? String.format("\\u%04x", (int) d) : String.valueOf(d));
                }
                throw new AssertionError(what + ": control character " + (int) c + " at char " + i + " in: " + line);
            }
        }
    }

    /** {@code jfr metadata}: every jtrace event type and each of its own fields has @Label and @Description. */
    private void assertMetadataLabelled(Jdk tool, Path rec) {
        Jtrace.Result meta = Jtrace.exec(dir, List.of(tool.jfrTool().toString(), "metadata", rec.toString()), Map.of());
        assertEquals(0, meta.exit(), () -> tool + ": " + meta);
        List<String> problems = new ArrayList<>();
        Set<String> seen = new java.util.HashSet<>();
        List<String> annotations = new ArrayList<>();
        String currentType = null;
        for (String line : meta.out().split("\n")) {
            String l = line.strip();
            if (l.startsWith("@")) {
                annotations.add(l);
                continue;
            }
            if (l.startsWith("class ") || l.startsWith("}")) {
                currentType = null;
                for (String a : annotations) if (a.startsWith("@Name(\"jtrace.")) currentType = a.substring(7, a.length() - 2);
                if (currentType != null) {
                    seen.add(currentType);
                    if (!hasLabelAndDescription(annotations)) problems.add(currentType + ": no @Label/@Description");
                }
                if (l.startsWith("}")) currentType = null;
            } else if (currentType != null && l.matches("[\\w.\\[\\]]+ \\w+;")) {
                String field = l.substring(l.indexOf(' ') + 1, l.length() - 1);
                if (!STANDARD_FIELDS.contains(field) && !hasLabelAndDescription(annotations)) problems.add(currentType + "." + field);
            }
            annotations.clear();
        }
        assertEquals(EVENT_TYPES, seen, () -> tool + ": " + meta.out());
        assertEquals(List.of(), problems, tool + " metadata: fields without @Label/@Description");
    }

    private static boolean hasLabelAndDescription(List<String> annotations) {
        return annotations.stream().anyMatch(a -> a.startsWith("@Label(")) && annotations.stream().anyMatch(a -> a.startsWith("@Description("));
    }
}
