package io.jtrace.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A newer jtrace reads recordings made by older builds. {@code recordings/format2-checkout-jdk17.jfr}
 * was made by build d1d6d93 (the last whose tracer wrote batches in format 2, RecordFormat's class
 * comment) on JDK 17: {@code jtrace run --args 'args.**' --vars 'args.**' --lines 'args.**' -- java
 * args.Checkout} (calls, arguments and return values, variables, lines, an exceptional exit). Its golden
 * print and JSON export are what that build printed for it; they are the old build's word, not this
 * one's: never regenerate them with -Djtrace.updateGolden.
 */
class OlderRecordingsTest {
    @TempDir
    Path dir;

    private static Path format2Recording() {
        return Jtrace.root().resolve("e2e/src/test/resources/recordings/format2-checkout-jdk17.jfr");
    }

    private static String golden(String name) throws Exception {
        return Files.readString(Jtrace.root().resolve("e2e/src/test/resources/golden").resolve(name));
    }

    @Test
    void aFormat2RecordingPrintsAndExportsAsTheBuildThatMadeItDid() throws Exception {
        Jtrace.Result print = Jtrace.jtrace(dir, "print", format2Recording().toString());
        assertEquals(0, print.exit(), print::toString);
        assertEquals(golden("format2-checkout-print.txt"), print.out());
        Jtrace.Result json = Jtrace.jtrace(dir, "export", "-f", "json", format2Recording().toString());
        assertEquals(0, json.exit(), json::toString);
        assertEquals(golden("format2-checkout-export.jsonl"), json.out());
    }

    /** {@code filter} rewrites the old batches in today's format (their bodies re-encoded): the same trace comes out. */
    @Test
    void aFormat2RecordingFilteredIntoTodaysFormatPrintsTheSame() throws Exception {
        Path filtered = dir.resolve("filtered.jfr");
        Jtrace.Result filter = Jtrace.jtrace(dir, "filter", "-o", filtered.toString(), format2Recording().toString());
        assertEquals(0, filter.exit(), filter::toString);
        Jtrace.Result print = Jtrace.jtrace(dir, "print", filtered.toString());
        assertEquals(0, print.exit(), print::toString);
        assertEquals(golden("format2-checkout-print.txt"), print.out());
        Jtrace.Result json = Jtrace.jtrace(dir, "export", "-f", "json", filtered.toString());
        assertEquals(golden("format2-checkout-export.jsonl"), json.out());
    }
}
