package io.jtrace.format;

/**
 * How deep nesting is shown in text: one step per level up to {@link #MAX_LEVELS}, then the
 * indentation stops growing and the line says its level ({@code [1234] }). A recursion thousands
 * of frames deep (a StackOverflowError) would otherwise print gigabytes of spaces.
 */
public final class Indentation {
    private Indentation() {}

    /** Levels shown as indentation. */
    public static final int MAX_LEVELS = 60;

    /** Levels to indent by. */
    public static int levels(int depth) {
        return Math.max(0, Math.min(depth, MAX_LEVELS));
    }

    /** What follows the indentation: empty, or {@code [depth] } beyond {@link #MAX_LEVELS}. */
    public static String marker(int depth) {
        return depth > MAX_LEVELS ? "[" + depth + "] " : "";
    }
}
