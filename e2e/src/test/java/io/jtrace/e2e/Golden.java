package io.jtrace.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Golden files under src/test/resources/golden. Regenerate with
 * {@code mvn verify -Djtrace.updateGolden=true} and review the diff.
 */
final class Golden {
    private Golden() {}

    static void assertMatches(String name, String actual) throws IOException {
        Path file = Jtrace.root().resolve("e2e/src/test/resources/golden").resolve(name);
        if (Boolean.getBoolean("jtrace.updateGolden")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual);
            return;
        }
        String expected = Files.exists(file) ? Files.readString(file) : "<missing golden file " + file + ">";
        assertEquals(expected, actual, "trace differs from golden " + name + " (regenerate with -Djtrace.updateGolden=true)");
    }
}
