package io.jtrace.pattern;

import java.util.regex.Pattern;

/**
 * Simple name globs, the one builder for every option that takes one (thread names, variable
 * names, redaction words): {@code *} any run of characters, {@code ?} one, the rest literal.
 * Method patterns have their own, dotted rules ({@link MethodPattern}).
 */
public final class Glob {
    private Glob() {}

    /** The regular expression that matches what {@code glob} matches, whole. */
    public static Pattern compile(String glob) {
        StringBuilder re = new StringBuilder();
        for (char c : glob.toCharArray()) {
            if (c == '*') re.append(".*");
            else if (c == '?') re.append('.');
            else re.append(Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(re.toString());
    }

    public static boolean isGlob(String s) {
        return s.indexOf('*') >= 0 || s.indexOf('?') >= 0;
    }
}
