package io.jtrace.model;

/** A traced method as its definition event describes it. */
public record MethodInfo(int id, String className, String name, String descriptor, String sourceFile,
                         int line, int modifiers) {
    // equals and hashCode written out, as the record's own (see ThreadInfo)
    @Override
    public boolean equals(Object o) {
        return o instanceof MethodInfo m && id == m.id && line == m.line && modifiers == m.modifiers
                && java.util.Objects.equals(className, m.className) && java.util.Objects.equals(name, m.name)
                && java.util.Objects.equals(descriptor, m.descriptor) && java.util.Objects.equals(sourceFile, m.sourceFile);
    }

    @Override
    public int hashCode() {
        int h = id;
        h = 31 * h + java.util.Objects.hashCode(className);
        h = 31 * h + java.util.Objects.hashCode(name);
        h = 31 * h + java.util.Objects.hashCode(descriptor);
        h = 31 * h + java.util.Objects.hashCode(sourceFile);
        h = 31 * h + line;
        return 31 * h + modifiers;
    }

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

    public String simpleClassName() {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }
}
