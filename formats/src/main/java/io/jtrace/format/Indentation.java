package io.jtrace.format;

/**
 * How deep nesting is shown in text: one step per level up to {@link #MAX_LEVELS}, then the
 * indentation stops growing and the line says its level ({@code [1234] }). A recursion thousands
 * of frames deep (a StackOverflowError) would otherwise print gigabytes of spaces, and a real
 * application's ordinary stacks (50-60 frames of a parser) pushed print's and the explore shell's
 * lines past the terminal, the name starting at column 140 in the shell.
 */
public final class Indentation {
    private Indentation() {}

    /**
     * Levels shown as indentation: 48 columns in print and the shell (2 a level), 96 in tree (4),
     * so the name starts within a 100-column terminal in the shell (26 columns of number and time first).
     */
    public static final int MAX_LEVELS = 24;

    /** Levels to indent by. */
    public static int levels(int depth) {
        return Math.max(0, Math.min(depth, MAX_LEVELS));
    }

    /** What follows the indentation: empty, or {@code [depth] } beyond {@link #MAX_LEVELS}. */
    public static String marker(int depth) {
        return depth > MAX_LEVELS ? "[" + depth + "] " : "";
    }
}
