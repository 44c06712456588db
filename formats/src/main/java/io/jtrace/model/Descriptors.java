package io.jtrace.model;

/** Turns JVM descriptors into the type names a Java developer reads. */
public final class Descriptors {
    private Descriptors() {}

    /** {@code (JLjava/lang/String;[I)V} becomes {@code long, String, int[]}. */
    public static String simpleParameters(String descriptor) {
        if (descriptor == null || descriptor.isEmpty() || descriptor.charAt(0) != '(') return "";
        StringBuilder out = new StringBuilder();
        int i = 1;
        while (i < descriptor.length() && descriptor.charAt(i) != ')') {
            int dims = 0;
            while (descriptor.charAt(i) == '[') {
                dims++;
                i++;
            }
            String name;
            char c = descriptor.charAt(i);
            if (c == 'L') {
                int end = descriptor.indexOf(';', i);
                String internal = descriptor.substring(i + 1, end);
                name = internal.substring(internal.lastIndexOf('/') + 1);
                name = name.substring(name.lastIndexOf('$') + 1);
                i = end + 1;
            } else {
                name = primitive(c);
                i++;
            }
            if (out.length() > 0) out.append(", ");
            out.append(name);
            for (int d = 0; d < dims; d++) out.append("[]");
        }
        return out.toString();
    }

    /** The descriptors of a method descriptor's parameters: {@code (J[I)V} gives {@code J, [I}. */
    public static java.util.List<String> parameterTypes(String descriptor) {
        java.util.List<String> types = new java.util.ArrayList<>();
        if (descriptor == null || descriptor.isEmpty() || descriptor.charAt(0) != '(') return types;
        int i = 1;
        while (i < descriptor.length() && descriptor.charAt(i) != ')') {
            int start = i;
            while (i < descriptor.length() && descriptor.charAt(i) == '[') i++;
            if (i == descriptor.length()) break; // a damaged descriptor: the types so far
            i = descriptor.charAt(i) == 'L' ? descriptor.indexOf(';', i) + 1 : i + 1;
            if (i == 0) break;
            types.add(descriptor.substring(start, i));
        }
        return types;
    }

    /** The return type of a method descriptor: {@code (J)Ljava/lang/String;} gives {@code Ljava/lang/String;}. */
    public static String returnType(String descriptor) {
        int close = descriptor == null ? -1 : descriptor.indexOf(')');
        return close < 0 ? "V" : descriptor.substring(close + 1);
    }

    /** Source-level name of one field or variable descriptor, e.g. {@code [Ljava/lang/String;} to {@code String[]}. */
    public static String typeName(String descriptor) {
        int dims = 0;
        while (dims < descriptor.length() && descriptor.charAt(dims) == '[') dims++;
        String base = descriptor.substring(dims);
        String name = base.startsWith("L") ? base.substring(1, base.length() - 1).replace('/', '.') : primitive(base.charAt(0));
        return name + "[]".repeat(dims);
    }

    private static String primitive(char c) {
        switch (c) {
            case 'Z': return "boolean";
            case 'B': return "byte";
            case 'C': return "char";
            case 'S': return "short";
            case 'I': return "int";
            case 'J': return "long";
            case 'F': return "float";
            case 'D': return "double";
            case 'V': return "void";
            default: return String.valueOf(c);
        }
    }
}
