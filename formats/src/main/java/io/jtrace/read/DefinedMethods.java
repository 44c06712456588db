package io.jtrace.read;

import io.jtrace.events.MethodDefinitionEvent;
import io.jtrace.read.jfr.BatchEvent;
import io.jtrace.read.jfr.BatchScanner;
import io.jtrace.read.jfr.EventValues;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * The methods a recording defines: every method the agent rewrote, in the classes the program
 * loaded, called or not. Read from the definition events alone (the trace's batches are skipped),
 * for {@code jtrace run} to say which of its patterns selected nothing.
 */
public final class DefinedMethods {
    private DefinedMethods() {}

    /** A method by its class (dotted) and name. */
    public record Name(String className, String methodName) {}

    /** The recording's methods; what could be read of a damaged file. */
    public static Set<Name> of(Path file) throws IOException {
        Set<Name> names = new HashSet<>();
        BatchScanner.scan(file, new BatchScanner.Listener() {
            @Override
            public void batch(BatchEvent event) {
                // the trace itself is not needed
            }

            @Override
            public void event(EventValues e) {
                names.add(new Name(e.getString("className"), e.getString("methodName")));
            }
        }, null, Set.of(MethodDefinitionEvent.NAME));
        return names;
    }
}
