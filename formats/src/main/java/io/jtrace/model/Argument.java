package io.jtrace.model;

/**
 * One value of a call as {@code run --args} recorded it: a parameter (its name from the class's
 * debug information, else {@code arg0, arg1...}) or the return value (named {@code return}), with
 * its declared type (a JVM descriptor, erased: a generic method's {@code T} is its bound) and the
 * value, whose runtime type a reference value carries itself.
 */
public record Argument(String name, String type, Value value) {
    /** The declared type as source code writes it: {@code long}, {@code java.lang.String}, {@code int[]}. */
    public String typeName() {
        return Descriptors.typeName(type == null || type.isEmpty() ? "Ljava/lang/Object;" : type);
    }
}
