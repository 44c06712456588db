package io.jtrace.cli.explore;

import java.io.PrintWriter;
import java.util.List;

/**
 * One command of the explore shell: its names, one line of usage and help, what its arguments
 * complete to, and what it does. {@code move}: Enter on an empty line repeats it, as in gdb.
 * {@code help} is text, or text made when first read (a report's usage).
 */
record ShellCommand(String name, List<String> aliases, String usage, String summary, CharSequence help, boolean move,
                    Completion completion, Action action) {

    /** What a command does with its arguments; output goes to {@code out}, problems are {@link ShellError}s. */
    interface Action {
        void run(ExploreSession session, List<String> args, PrintWriter out) throws Exception;
    }

    /** What the words after the command name complete to. */
    enum Completion { NONE, THREADS, METHODS, FIND, VARIABLES, MARKS_AND_NUMBERS, COMMANDS, FILTER, REPORT_OPTIONS, DIVERGE }

    boolean named(String word) {
        return name.equals(word) || aliases.contains(word);
    }
}
