package io.jtrace.cli;

import io.jtrace.model.ThreadInfo;
import io.jtrace.pattern.MethodFilter;
import io.jtrace.recording.Recording;
import io.jtrace.report.VariableHistories;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;

/** The options of {@code vars} (the command and the shell's), over the library's {@link VariableHistories}. */
final class VarsOptions extends ReportOptions {
    @Option(names = "--var", paramLabel = "NAME",
            description = "Only variables named like this (glob: sum, count*, Tally.total, values). Repeatable.")
    List<String> names;

    @Option(names = "--method", paramLabel = "PATTERN",
            description = "Only accesses made in methods matching (Counter.main, bank.**). Repeatable.")
    List<String> methods;

    @Mixin
    ThreadOption thread;

    @Option(names = "--no-times", description = "Leave out timestamps (to diff two runs).")
    boolean noTimes;

    @Mixin
    ObjectIdsOption objectIds;

    @Mixin
    ColorOption color;

    private VariableHistories.Options options;

    @Override
    public void check() {
        MethodFilter methodFilter = JtraceCommand.methodFilter(methods, null);
        options = new VariableHistories.Options(VariableHistories.nameGlobs(names), methodFilter, !noTimes, color.ansi());
        RecordingCommand.threadFilter(thread.patterns); // an empty pattern is an error before the file is read
    }

    @Override
    public void add(SessionScope scope) {
        thread.patterns = joined(scope.threads(), thread.patterns);
        color.add(scope);
        noTimes |= !scope.times();
    }

    @Override
    public void run(Recording recording, Output output) throws IOException {
        VariableHistories histories = new VariableHistories(recording, options);
        List<ThreadInfo> selected = recording.threads(thread.patterns);
        if (histories.write(selected, objectIds.ids(recording.index()), output.out()) == 0) {
            output.warn().accept("no variable access matches the filters in " + recording.file());
        }
    }
}
