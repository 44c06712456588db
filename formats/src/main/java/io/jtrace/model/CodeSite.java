package io.jtrace.model;

/**
 * A place in the code: a traced method and line, or a frame of an exception's stack trace
 * (then {@code descriptor} is null). {@code line} 0 means unknown.
 */
public record CodeSite(String className, String methodName, String descriptor, String sourceFile, int line) {

    public static CodeSite of(MethodInfo m, int line) {
        return new CodeSite(m.className(), m.name(), m.descriptor(), m.sourceFile(), line);
    }

    /** {@code com.acme.Parser.parse} */
    public String qualifiedName() {
        return className + "." + methodName;
    }

    /** {@code com.acme.Parser.parse(String):41}, or without parameters for a stack frame. */
    public String displayName() {
        String name = descriptor == null ? qualifiedName() : qualifiedName() + "(" + Descriptors.simpleParameters(descriptor) + ")";
        return line > 0 ? name + ":" + line : name;
    }

    /** {@code Parser.parse:41}: the short form of summaries. */
    public String shortName() {
        int dot = className.lastIndexOf('.');
        String name = (dot < 0 ? className : className.substring(dot + 1)) + "." + methodName;
        return line > 0 ? name + ":" + line : name;
    }
}
