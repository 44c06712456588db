package io.jtrace.cli.explore;

import java.util.ArrayList;
import java.util.List;

/**
 * A line typed at the shell: commands separated by {@code ;}, each with its words and what its
 * output goes through ({@code | grep X}, {@code | head N}) and to ({@code > file}, {@code >> file}).
 * Words may be quoted with {@code '} or {@code "}; a backslash escapes the next character. A
 * {@code >} that closes a {@code <} in the same word is part of it ({@code Account.<init>}).
 * After the word {@code where} in a {@code find}, the rest of the command up to an unquoted
 * {@code ;} or {@code |} is one word, as typed (quotes kept): a condition, whose {@code >} compares
 * (a condition quoted whole is a word as any other, and may be followed by {@code > file}).
 */
record ShellLine(List<Invocation> invocations) {
    /** One command: its words, the pipe stages after it, and the file its output goes to (or null). */
    record Invocation(List<String> words, List<List<String>> stages, String redirect, boolean append) {}

    static ShellLine parse(String line) {
        List<Invocation> all = new ArrayList<>();
        List<List<String>> segments = new ArrayList<>();
        List<String> words = new ArrayList<>();
        String redirect = null;
        boolean append = false;
        boolean expectFile = false;
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i <= line.length(); i++) {
            char c = i < line.length() ? line.charAt(i) : ';';
            boolean end = i == line.length();
            if (quote != 0 && !end) {
                if (c == quote) quote = 0;
                else word.append(c);
                continue;
            }
            if (quote != 0) throw new ShellError("unclosed quote " + quote);
            if (c == '\\' && i + 1 < line.length()) {
                if (word == null) word = new StringBuilder();
                word.append(line.charAt(++i));
                continue;
            }
            if (c == '\'' || c == '"') {
                if (word == null) word = new StringBuilder();
                quote = c;
                continue;
            }
            if (c == '>' && word != null && opensAngle(word)) { // Account.<init>, <clinit>: a name, not a redirection
                word.append(c);
                continue;
            }
            if (Character.isWhitespace(c) || c == ';' || c == '|' || c == '>') {
                if (word != null) {
                    if (expectFile) {
                        redirect = word.toString();
                        expectFile = false;
                    } else {
                        if (redirect != null) throw new ShellError("nothing may follow '> " + redirect + "' but ';'");
                        words.add(word.toString());
                    }
                    word = null;
                    if (startsCondition(segments, words) && c != ';' && c != '|' && c != '>') {
                        int stop = conditionEnd(line, i + 1);
                        String condition = line.substring(i + 1, stop).strip();
                        if (!condition.isEmpty()) words.add(condition);
                        i = stop - 1; // the ';' or '|' (or the end) comes next
                        continue;
                    }
                }
                if (c == '|') {
                    if (expectFile || redirect != null) throw new ShellError("'|' after '>' : put the redirection last");
                    if (words.isEmpty()) throw new ShellError("nothing before '|'");
                    segments.add(words);
                    words = new ArrayList<>();
                } else if (c == '>') {
                    if (expectFile || redirect != null) {
                        if (redirect == null && i > 0 && line.charAt(i - 1) == '>') {
                            append = true;
                            continue;
                        }
                        throw new ShellError("one '>' per command");
                    }
                    expectFile = true;
                } else if (c == ';') {
                    if (expectFile) throw new ShellError("'>' needs a file name");
                    if (!words.isEmpty()) segments.add(words);
                    else if (!segments.isEmpty()) throw new ShellError("nothing after '|'");
                    if (!segments.isEmpty()) {
                        all.add(new Invocation(segments.get(0), List.copyOf(segments.subList(1, segments.size())), redirect, append));
                    } else if (redirect != null) {
                        throw new ShellError("no command before '>'");
                    }
                    segments = new ArrayList<>();
                    words = new ArrayList<>();
                    redirect = null;
                    append = false;
                }
                continue;
            }
            if (word == null) word = new StringBuilder();
            word.append(c);
        }
        return new ShellLine(all);
    }

    /** Whether the word just added is a find's {@code where}: what follows is a condition. */
    private static boolean startsCondition(List<List<String>> segments, List<String> words) {
        return segments.isEmpty() && words.size() >= 4 && words.get(words.size() - 1).equals("where")
                && (words.get(0).equals("find") || words.get(0).equals("f"));
    }

    /** Where a condition starting at {@code from} ends: the first {@code ;} or {@code |} outside quotes, or the line's end. */
    private static int conditionEnd(String line, int from) {
        int first = from;
        while (first < line.length() && Character.isWhitespace(line.charAt(first))) first++;
        if (first < line.length() && (line.charAt(first) == '\'' || line.charAt(first) == '"')) {
            int close = line.indexOf(line.charAt(first), first + 1);
            if (close > 0 && (close + 1 == line.length() || " \t;|>".indexOf(line.charAt(close + 1)) >= 0)) return from; // quoted whole
        }
        char quote = 0;
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') i++;
                else if (c == quote) quote = 0;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == ';' || c == '|') {
                return i;
            }
        }
        if (quote != 0) throw new ShellError("unclosed quote " + quote);
        return line.length();
    }

    /** Whether {@code word} has a '<' that no '>' closes yet (a constructor's name being typed). */
    private static boolean opensAngle(StringBuilder word) {
        int open = 0;
        for (int i = 0; i < word.length(); i++) {
            if (word.charAt(i) == '<') open++;
            else if (word.charAt(i) == '>' && open > 0) open--;
        }
        return open > 0;
    }
}
