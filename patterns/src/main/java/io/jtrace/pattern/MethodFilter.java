package io.jtrace.pattern;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Include and exclude patterns: a method is selected if some include (or none given) and no exclude match. */
public final class MethodFilter {
    private final List<MethodPattern> includes;
    private final List<MethodPattern> excludes;

    public MethodFilter(List<MethodPattern> includes, List<MethodPattern> excludes) {
        this.includes = Collections.unmodifiableList(new ArrayList<>(includes));
        this.excludes = Collections.unmodifiableList(new ArrayList<>(excludes));
    }

    public static MethodFilter parse(List<String> includes, List<String> excludes) {
        List<MethodPattern> in = new ArrayList<>();
        for (String s : includes) in.add(MethodPattern.parse(s));
        List<MethodPattern> ex = new ArrayList<>();
        for (String s : excludes) ex.add(MethodPattern.parse(s));
        return new MethodFilter(in, ex);
    }

    public static MethodFilter all() {
        return new MethodFilter(List.of(), List.of());
    }

    public boolean isEmpty() {
        return includes.isEmpty() && excludes.isEmpty();
    }

    /**
     * False only if no method of the class can be selected: a class-level exclude, or includes of
     * which none can match a method of it (the agent then leaves the class as it is unread).
     */
    public boolean mayMatchClass(String dottedClassName) {
        for (MethodPattern p : excludes) if (p.matchesClass(dottedClassName)) return false;
        if (includes.isEmpty()) return true;
        for (MethodPattern p : includes) if (p.mayMatchMethodsOf(dottedClassName)) return true;
        return false;
    }

    public boolean matches(String dottedClassName, String methodName) {
        for (MethodPattern p : excludes) if (p.matches(dottedClassName, methodName)) return false;
        if (includes.isEmpty()) return true;
        for (MethodPattern p : includes) if (p.matches(dottedClassName, methodName)) return true;
        return false;
    }

    public List<MethodPattern> includes() {
        return includes;
    }

    public List<MethodPattern> excludes() {
        return excludes;
    }
}
