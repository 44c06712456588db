package io.jtrace.model;

/** A traced method as its definition event describes it. */
public record MethodInfo(int id, String className, String name, String descriptor, String sourceFile,
                         int line, int modifiers) {

    /**
     * Whether a table of methods by id, holding {@code known} methods, should keep {@code id} in a
     * dense array: the agent hands out ids densely from 1, so an id far beyond the count known so
     * far comes from a damaged record, and an array up to it could exhaust the heap (keep it in a map).
     */
    public static boolean denseId(int id, int known) {
        return id >= 0 && id <= (1 << 16) + 4L * known;
    }

    /** Stands for a method whose definition is missing from the recording. */
    public static MethodInfo unknown(int id) {
        return new MethodInfo(id, "?", "method#" + id, "()V", null, 0, 0);
    }

    /** {@code com.acme.Bank.transfer} */
    public String qualifiedName() {
        return className + "." + name;
    }

    /** {@code com.acme.Bank.transfer(Account, Account, long)}: overloads stay apart. */
    public String displayName() {
        return qualifiedName() + "(" + Descriptors.simpleParameters(descriptor) + ")";
    }

    /**
     * {@code a.displayName().compareTo(b.displayName())}, mostly without building either (a display
     * name is built anew on each call, its parameters parsed from the descriptor): a call tree's
     * children that tie on time, often calls that were not timed, are ordered by it. Qualified names
     * that differ decide at their first differing char; the rare rest (overloads, one name a prefix
     * of the other) compares the names.
     */
    public static int compareDisplayNames(MethodInfo a, MethodInfo b) {
        if (a == b) return 0;
        String ca = a.className(), na = a.name(), cb = b.className(), nb = b.name();
        int la = ca.length() + 1 + na.length(), lb = cb.length() + 1 + nb.length();
        for (int i = 0, n = Math.min(la, lb); i < n; i++) {
            char x = charOfQualified(ca, na, i), y = charOfQualified(cb, nb, i);
            if (x != y) return x - y;
        }
        return a.displayName().compareTo(b.displayName());
    }

    /** The char at {@code i} of {@code className + "." + name}. */
    private static char charOfQualified(String className, String name, int i) {
        int c = className.length();
        return i < c ? className.charAt(i) : i == c ? '.' : name.charAt(i - c - 1);
    }

    public String simpleClassName() {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }
}
