package io.jtrace.pattern;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The "did you mean" of a method pattern that matched nothing: the names of classes, packages and
 * methods nearest to it, written as the pattern is (a class, a package with its wildcard,
 * Class.method), within one edit per four letters. One rule for every command that takes method
 * patterns: {@code run}'s scope, the reading commands' {@code --include}, {@code calls --method},
 * {@code tree --focus}, explore's {@code find call}.
 */
public final class NearestNames {
    private final Set<String> names = new TreeSet<>();
    /** Packages as given (a bare package name is meant as the package, not as a class of that name). */
    private final Set<String> packages = new TreeSet<>();

    /** Adds a method ({@code methodName} null: a class known without its methods, e.g. from a class path). */
    public NearestNames add(String className, String methodName) {
        if (className == null) return this;
        int dot = className.lastIndexOf('.');
        String simple = className.substring(dot + 1);
        names.add(className);
        names.add(simple);
        if (methodName != null) {
            names.add(className + "." + methodName);
            names.add(simple + "." + methodName);
        }
        names.add(className + ".*");
        if (dot > 0) {
            String pkg = className.substring(0, dot);
            packages.add(pkg);
            names.add(pkg + ".**");
            names.add(pkg + ".*");
        }
        return this;
    }

    /** {@code " (did you mean bank.Bank.transfer?)"}, or empty if no name is near {@code pattern}. */
    public String didYouMean(String pattern) {
        if (packages.contains(pattern)) {
            // 'bank' names the package: its classes, not the class Bank one letter away
            return " (did you mean " + pattern + ".* or " + pattern + ".**?)";
        }
        int best = Math.max(1, pattern.length() / 4) + 1;
        List<String> closest = new ArrayList<>();
        for (String n : names) {
            int d = editDistance(pattern, n);
            if (d < best) {
                best = d;
                closest.clear();
            }
            if (d == best && closest.size() < 3) closest.add(n);
        }
        return closest.isEmpty() ? "" : " (did you mean " + String.join(" or ", closest) + "?)";
    }

    /** Levenshtein distance, with a swap of two neighbouring letters counting as one edit. */
    public static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
