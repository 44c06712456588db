package io.jtrace.model;

/**
 * One variable access site as its definition event describes it: which variable of which
 * method, its declared type (a JVM descriptor; for array elements the element type), the source
 * line and whether the site writes or reads. Kinds ARGUMENT (with the parameter's index as
 * {@code slot}) and RETURN describe a parameter or the return value of a method traced with
 * {@code --args}. {@code slot} is -1 and {@code ownerClass} empty where they do not apply.
 */
public record VariableInfo(int siteId, int methodId, VariableKind kind, String name, String type, int slot,
                           String ownerClass, int line, boolean write, boolean redacted) {

    /** Stands for a site whose definition is missing from the recording. */
    public static VariableInfo unknown(int siteId) {
        return new VariableInfo(siteId, 0, VariableKind.UNKNOWN, "variable#" + siteId, "Ljava/lang/Object;", -1, "", 0, false, false);
    }

    /** Declared type as source code writes it: {@code int}, {@code String[]}, {@code java.util.List}. */
    public String typeName() {
        return Descriptors.typeName(type == null || type.isEmpty() ? "Ljava/lang/Object;" : type);
    }

    /** {@code Tally} for a field of {@code vars.Tally}. */
    public String simpleOwner() {
        int dot = ownerClass.lastIndexOf('.');
        return dot < 0 ? ownerClass : ownerClass.substring(dot + 1);
    }
}
