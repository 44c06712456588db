package io.jtrace.agent.filter;

import io.jtrace.pattern.Glob;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Variable names whose values are never recorded. A name matches if, lowercased and without
 * {@code _} and {@code -}, it contains one of the words ({@code apiKey}, {@code API_KEY} and
 * {@code userApiKey} all contain {@code apikey}); a pattern with {@code *} or {@code ?} is a
 * glob over the whole (lowercased) name instead. Deciding by name at instrumentation time means
 * the value of a redacted variable never leaves the application.
 */
public final class Redaction {
    /** Always redacted; {@code --redact} adds more. */
    public static final List<String> DEFAULTS = List.of("password", "passwd", "secret", "token", "apikey", "credential");

    private final List<String> words = new ArrayList<>();
    private final List<Pattern> globs = new ArrayList<>();

    private Redaction() {}

    /** The defaults plus {@code extra}. @throws IllegalArgumentException for an empty pattern */
    public static Redaction of(List<String> extra) {
        Redaction r = new Redaction();
        for (String w : DEFAULTS) r.add(w);
        for (String w : extra) r.add(w);
        return r;
    }

    private void add(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new IllegalArgumentException("empty redaction pattern: give a name or a word such as 'pin' or '*key'");
        }
        String p = pattern.toLowerCase(Locale.ROOT);
        if (Glob.isGlob(p)) {
            globs.add(Glob.compile(p));
        } else {
            words.add(normalize(p));
        }
    }

    public boolean matches(String name) {
        if (name == null) return false;
        String lower = name.toLowerCase(Locale.ROOT);
        String normalized = normalize(lower);
        for (String w : words) if (normalized.contains(w)) return true;
        for (Pattern g : globs) if (g.matcher(lower).matches()) return true;
        return false;
    }

    private static String normalize(String s) {
        return s.replace("_", "").replace("-", "");
    }
}
