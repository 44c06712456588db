package io.jtrace.cli;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.pattern.MethodPattern;
import io.jtrace.model.MethodInfo;
import io.jtrace.recording.MethodView;
import io.jtrace.recording.Recording;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The options of a report that {@code jtrace NAME FILE} and the explore shell's {@code NAME} both
 * take, and how it runs on an open recording: a picocli mixin (no FILE: the command adds it, the
 * shell has its recording open). The report itself is one class of the library; this keeps the
 * options, the output and the warnings.
 */
public abstract class ReportOptions {
    /**
     * Where a report writes: its text ({@code bytes}: the process's standard output for large text,
     * null when it is not), and its warnings (one line each, without the command's name).
     */
    public record Output(PrintWriter out, OutputStream bytes, Charset charset, Consumer<String> warn) {}

    /**
     * The explore shell's filters, which add to a report's own options: threads and method
     * patterns (lists of both are joined), a time window (where the report takes one and was given
     * none), and how text is shown ({@code colour}: null where {@code --color} was given).
     */
    public record SessionScope(List<String> threads, List<String> includes, List<String> excludes, String from, String to,
                               Boolean colour, boolean times) {}

    /** Checks the options that need no recording (bad numbers, patterns, times): a usage error before anything is read. */
    public void check() {}

    /** Writes the report of {@code recording} (which stays open). */
    public abstract void run(Recording recording, Output output) throws IOException;

    /** Adds the session's filters to the options given. */
    public abstract void add(SessionScope scope);

    static List<String> joined(List<String> first, List<String> then) {
        if (first == null || first.isEmpty()) return then;
        List<String> all = new ArrayList<>(first);
        if (then != null) all.addAll(then);
        return all;
    }

    /**
     * A warning for each include pattern that matches no method in the recording, and one when
     * the excludes leave none: the output would be empty without saying why (a misspelt name, a
     * package pattern without {@code **}).
     */
    static void warnIfNothingSelected(Recording recording, MethodView view, Consumer<String> warn) {
        MethodFilter filter = view.methods();
        List<MethodInfo> methods = new ArrayList<>();
        recording.index().symbols().methods().forEach(methods::add);
        if (methods.isEmpty() || filter.isEmpty()) return; // a recording with nothing traced has its own warning
        boolean unmatched = false;
        for (MethodPattern p : filter.includes()) {
            if (methods.stream().noneMatch(m -> p.matches(m.className(), m.name()))) {
                warn.accept("--include " + p.glob() + " matches no traced method in " + recording.file().getFileName()
                        + recording.index().symbols().didYouMean(p.glob()));
                unmatched = true;
            }
        }
        if (!unmatched && methods.stream().noneMatch(m -> filter.matches(m.className(), m.name()))) {
            warn.accept("--include and --exclude leave no traced method of " + recording.file().getFileName() + " to show");
        }
    }
}
