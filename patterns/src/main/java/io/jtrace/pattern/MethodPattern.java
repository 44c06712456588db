package io.jtrace.pattern;

import java.util.regex.Pattern;

/**
 * A glob over dotted method names such as {@code com.acme.Bank.transfer}.
 *
 * <ul>
 *   <li>{@code *} matches within one name segment (no dots), {@code **} matches across
 *       segments, {@code ?} matches one character;</li>
 *   <li>a pattern may start at any segment boundary: {@code Bank.transfer} and
 *       {@code *Service.get*} need no package;</li>
 *   <li>a pattern that matches a class selects all its methods: {@code com.acme.**},
 *       {@code com.acme.Bank}.</li>
 * </ul>
 */
public final class MethodPattern {
    private final String glob;
    private final Pattern regex;
    /**
     * The glob before its last name, as a class pattern: a method of a class can match only if
     * this matches the class (see {@link #mayMatchMethodsOf}); null when any class can hold a
     * matching method (a one-name glob such as {@code transfer}).
     */
    private final Pattern classPart;

    private MethodPattern(String glob, Pattern regex, Pattern classPart) {
        this.glob = glob;
        this.regex = regex;
        this.classPart = classPart;
    }

    /** @throws IllegalArgumentException with a lowercase message naming the problem and the fix */
    public static MethodPattern parse(String glob) {
        if (glob == null || glob.isEmpty()) throw new IllegalArgumentException("empty pattern: give a class or method glob such as com.acme.** or Bank.transfer");
        if (glob.indexOf('/') >= 0) {
            throw new IllegalArgumentException("bad pattern '" + glob + "': use '.' between names, e.g. '" + glob.replace('/', '.') + "'");
        }
        if (glob.contains("***")) throw new IllegalArgumentException("bad pattern '" + glob + "': use '*' (one name) or '**' (any names), not '***'");
        if (glob.startsWith(".") || glob.endsWith(".") || glob.contains("..")) {
            throw new IllegalArgumentException("bad pattern '" + glob + "': empty name between dots");
        }
        // "Class.method" matches where the dot before the glob's last name meets a dot of it: the one
        // before the method (the glob before that name matches the class), or, if that name has **
        // (which matches dots), one inside the class name (it matches a start of the class).
        int lastDot = glob.lastIndexOf('.');
        Pattern classPart = null;
        if (lastDot > 0) {
            String before = regexOf(glob, glob.substring(0, lastDot));
            classPart = Pattern.compile(glob.indexOf("**", lastDot) < 0 ? before : before + "(?:\\..*)?");
        }
        return new MethodPattern(glob, Pattern.compile(regexOf(glob, glob)), classPart);
    }

    /** The regular expression of {@code part} (all or the start of {@code glob}, which names it in errors). */
    private static String regexOf(String glob, String part) {
        StringBuilder re = new StringBuilder("(?:.*\\.)?");
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (c == '*') {
                if (i + 1 < part.length() && part.charAt(i + 1) == '*') {
                    re.append(".*");
                    i++;
                } else {
                    re.append("[^.]*");
                }
            } else if (c == '?') {
                re.append("[^.]");
            } else if (Character.isJavaIdentifierPart(c) || c == '.' || c == '<' || c == '>' || c == '-') {
                if (c == '.' || c == '$' || c == '<' || c == '>' || c == '-') re.append('\\');
                re.append(c);
            } else {
                throw new IllegalArgumentException("bad pattern '" + glob + "': unexpected character '" + c
                        + "' (patterns use names, '.', '*', '**' and '?')");
            }
        }
        return re.toString();
    }

    /** True if the pattern matches the class (so all its methods). */
    public boolean matchesClass(String dottedClassName) {
        return regex.matcher(dottedClassName).matches();
    }

    /**
     * False only if no method of the class can match: lets the agent skip a class outside every
     * {@code --include} before reading it.
     */
    public boolean mayMatchMethodsOf(String dottedClassName) {
        return classPart == null || matchesClass(dottedClassName) || classPart.matcher(dottedClassName).matches();
    }

    public boolean matches(String dottedClassName, String methodName) {
        return matchesClass(dottedClassName) || regex.matcher(dottedClassName + "." + methodName).matches();
    }

    public String glob() {
        return glob;
    }

    @Override
    public String toString() {
        return glob;
    }
}
