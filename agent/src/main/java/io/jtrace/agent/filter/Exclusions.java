package io.jtrace.agent.filter;

/**
 * Classes the agent never instruments, whatever the user asks: the JDK (the runtime calls
 * into it, so tracing it would recurse), jtrace itself, and JVM-generated classes.
 */
public final class Exclusions {
    private Exclusions() {}

    private static final String[] PREFIXES = {
        "java/", "javax/", "jdk/", "sun/", "com/sun/", "org/graalvm/",
        "io/jtrace/agent/", "io/jtrace/runtime/", "io/jtrace/events/", "io/jtrace/cli/",
    };

    /** {@code internalName} uses slashes, as {@code transform()} receives it. */
    public static boolean isExcluded(String internalName) {
        for (String p : PREFIXES) if (internalName.startsWith(p)) return true;
        // Runtime-generated proxies and accessors: no source, not the user's code.
        return internalName.contains("$$Lambda") || internalName.startsWith("jdk/internal/reflect/")
                || internalName.contains("$$FastClassBy") || internalName.equals("module-info");
    }
}
