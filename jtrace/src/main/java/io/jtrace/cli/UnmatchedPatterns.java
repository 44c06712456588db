package io.jtrace.cli;

import io.jtrace.agent.filter.MethodPattern;
import io.jtrace.read.DefinedMethods;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * After {@code jtrace run}: a warning for each method pattern that selected no method of the
 * classes the program loaded (read from the recording's definitions). A misspelt
 * {@code --args Bank.trnsfer} otherwise records nothing and says nothing. Read only when the run
 * was given patterns, so a plain run pays nothing for it.
 */
final class UnmatchedPatterns {
    private UnmatchedPatterns() {}

    /** Each option's patterns, "--include" to its globs, in the order they were given. */
    static void warn(PrintWriter err, Path recording, List<String[]> options) {
        if (options.isEmpty()) return;
        Set<DefinedMethods.Name> methods;
        try {
            methods = DefinedMethods.of(recording);
        } catch (IOException | RuntimeException e) {
            return; // the closing lines have said what is wrong with the file
        }
        for (String[] option : options) {
            MethodPattern p = MethodPattern.parse(option[1]);
            if (methods.stream().noneMatch(m -> p.matches(m.className(), m.methodName()))) {
                err.println("jtrace run: warning: " + option[0] + " " + option[1] + " matches no "
                        + (option[0].equals("--include") ? "method of the classes the program loaded" : "traced method"));
            }
        }
        err.flush();
    }

    /** The run's method patterns as {option, glob} pairs. */
    static List<String[]> of(TraceScope scope) {
        List<String[]> all = new ArrayList<>();
        add(all, "--include", scope.includes);
        add(all, "--args", scope.args);
        add(all, "--vars", scope.vars);
        add(all, "--lines", scope.lines);
        return all;
    }

    private static void add(List<String[]> all, String option, List<String> globs) {
        if (globs != null) for (String g : globs) all.add(new String[] {option, g});
    }
}
