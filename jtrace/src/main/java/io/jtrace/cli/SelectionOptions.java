package io.jtrace.cli;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.read.TraceIndex;
import io.jtrace.model.ThreadInfo;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/** {@code --thread}, {@code --include}, {@code --exclude}: one definition for every reading command (print, summary, tree, export, filter and the shell's reports). */
final class SelectionOptions {
    @Mixin
    ThreadOption thread;

    @Option(names = "--include", paramLabel = "PATTERN",
            description = "Only methods matching (com.acme.**, *Service.get*, Bank.transfer); the others count as"
                    + " untraced (their time is their caller's). Repeatable.")
    List<String> includes;

    @Option(names = "--exclude", paramLabel = "PATTERN", description = "Leave out methods matching. Repeatable.")
    List<String> excludes;

    /** The session's threads and method patterns, before the ones given. */
    void add(ReportOptions.SessionScope scope) {
        thread.patterns = ReportOptions.joined(scope.threads(), thread.patterns);
        includes = ReportOptions.joined(scope.includes(), includes);
        excludes = ReportOptions.joined(scope.excludes(), excludes);
    }

    MethodFilter methods() {
        return JtraceCommand.methodFilter(includes, excludes);
    }

    Predicate<ThreadInfo> threadFilter() {
        return RecordingCommand.threadFilter(thread.patterns);
    }

    /** The selected threads, in order; a --thread that matches nothing is an error naming the threads there are. */
    List<ThreadInfo> threads(TraceIndex index, Path file) {
        return RecordingCommand.selectThreads(index, file, thread.patterns);
    }
}
