package io.jtrace.model;

/** A traced method as its definition event describes it. */
public record MethodInfo(int id, String className, String name, String descriptor, String sourceFile,
                         int line, int modifiers) {

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
