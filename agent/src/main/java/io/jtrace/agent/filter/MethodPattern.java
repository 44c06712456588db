package io.jtrace.agent.filter;

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

    private MethodPattern(String glob, Pattern regex) {
        this.glob = glob;
        this.regex = regex;
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
        StringBuilder re = new StringBuilder("(?:.*\\.)?");
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*') {
                if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
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
        return new MethodPattern(glob, Pattern.compile(re.toString()));
    }

    /** True if the pattern matches the class (so all its methods). */
    public boolean matchesClass(String dottedClassName) {
        return regex.matcher(dottedClassName).matches();
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
