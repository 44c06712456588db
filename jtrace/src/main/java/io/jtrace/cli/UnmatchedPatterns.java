package io.jtrace.cli;

import io.jtrace.pattern.MethodPattern;
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
    /** Each option's patterns as {option, glob} pairs, "--include" to its globs, in the order they were given. */
    private final List<String[]> options;
    /** The java command that ran, whose class path names the classes a misspelt pattern meant. */
    private final List<String> command;

    private UnmatchedPatterns(List<String[]> options, List<String> command) {
        this.options = options;
        this.command = command;
    }

    void warn(PrintWriter err, Path recording) {
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
                        + (option[0].equals("--include") ? "method of the classes the program loaded" : "traced method")
                        + closest(option[1], methods, ClassPathNames.of(command)));
            }
        }
        err.flush();
    }

    /**
     * {@code " (did you mean bank.Bank.transfer?)"}: the names of the recording's classes, packages
     * and methods, and of the classes on the command's class path, nearest to a pattern that
     * matched nothing ({@link io.jtrace.pattern.NearestNames}); empty if none is.
     */
    static String closest(String pattern, Set<DefinedMethods.Name> methods, Set<String> classes) {
        io.jtrace.pattern.NearestNames near = new io.jtrace.pattern.NearestNames();
        for (DefinedMethods.Name m : methods) near.add(m.className(), m.methodName());
        for (String c : classes) near.add(c, null);
        return near.didYouMean(pattern);
    }

    /** The run's method patterns, and its command. */
    static UnmatchedPatterns of(TraceScope scope, List<String> command) {
        List<String[]> all = new ArrayList<>();
        add(all, "--include", scope.includes);
        add(all, "--args", scope.args);
        add(all, "--vars", scope.vars);
        add(all, "--lines", scope.lines);
        return new UnmatchedPatterns(all, command);
    }

    private static void add(List<String[]> all, String option, List<String> globs) {
        if (globs != null) for (String g : globs) all.add(new String[] {option, g});
    }
}
