package io.jtrace.cli;

import io.jtrace.model.ThreadInfo;
import io.jtrace.read.TraceIndex;
import io.jtrace.recording.Recording;
import io.jtrace.report.VariableHistories;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;

/**
 * {@code jtrace vars FILE}: the history of each variable recorded with {@code run --vars}: every
 * write and read in time order, with value, line, thread and time. One section per variable: a
 * local or parameter of one method, an instance field of one object, a static field, or the
 * elements of one array.
 */
@Command(name = "vars", mixinStandardHelpOptions = true,
        description = {"Show the history of each variable recorded with 'jtrace run --vars'.",
            "Every write ('w') and read ('r') in time order, with value, line, thread and time. One",
            "section per variable: a local or parameter of a method, a field of one object, a static",
            "field, or one array's elements (however the array was reached)."})
final class VarsCommand extends RecordingCommand {
    @Option(names = "--var", paramLabel = "NAME",
            description = "Only variables named like this (glob: sum, count*, Tally.total, values). Repeatable.")
    List<String> names;

    @Option(names = "--method", paramLabel = "PATTERN",
            description = "Only accesses made in methods matching (Counter.main, bank.**). Repeatable.")
    List<String> methods;

    @Option(names = "--thread", paramLabel = "PATTERN",
            description = "Only accesses by threads whose name matches (glob: worker-*) or with this id. Repeatable.")
    List<String> threads;

    @Option(names = "--no-times", description = "Leave out timestamps (to diff two runs).")
    boolean noTimes;

    @Mixin
    ObjectIdsOption objectIds;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws IOException {
        io.jtrace.pattern.MethodFilter methodFilter = methodFilter(methods, null);
        VariableHistories.Options options = new VariableHistories.Options(VariableHistories.nameGlobs(names), methodFilter,
                !noTimes, color.ansi());
        threadFilter(threads); // an empty pattern is an error before the file is read
        try (TraceIndex index = open()) {
            VariableHistories histories = new VariableHistories(Recording.of(index), options);
            List<ThreadInfo> selected = selectThreads(index, file, threads);
            if (histories.write(selected, objectIds.ids(index), out()) == 0) warn("no variable access matches the filters in " + file);
            return finish(index);
        }
    }
}
