package io.jtrace.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.IOException;

/**
 * {@code jtrace vars FILE}: the history of each variable recorded with {@code run --vars}: every
 * write and read in time order, with value, line, thread and time. One section per variable: a
 * local or parameter of one method, an instance field of one object, a static field, or the
 * elements of one array.
 */
@Command(name = "vars", mixinStandardHelpOptions = true,
        description = {"Show the history of each variable recorded with 'jtrace run --vars'.",
            "Every write ('w') and read ('r') in time order, with value, line, thread and time. One"
                + " section per variable: a local or parameter of a method, a field of one object, a static"
                + " field, or one array's elements (however the array was reached)."})
final class VarsCommand extends RecordingCommand {
    @Mixin
    VarsOptions report;

    @Override
    public Integer call() throws IOException {
        return runReport(report);
    }
}
