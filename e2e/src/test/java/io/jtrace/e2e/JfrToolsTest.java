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
