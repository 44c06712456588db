package lifecycle;

import java.util.TreeSet;

/**
 * Prints what the JVM options in the environment gave this program: the variables themselves,
 * the system properties a test sets through them (lifecycle.tool, lifecycle.jdk,
 * lifecycle.underscore), and any variable jtrace might have leaked (JTRACE_*).
 */
public final class JavaOptions {
    public static void main(String[] args) {
        for (String name : new String[] {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"}) {
            System.out.println(name + "=" + System.getenv(name));
        }
        for (String name : new String[] {"lifecycle.tool", "lifecycle.jdk", "lifecycle.underscore"}) {
            System.out.println(name + "=" + property(name));
        }
        TreeSet<String> leaked = new TreeSet<>();
        for (String name : System.getenv().keySet()) if (name.startsWith("JTRACE_")) leaked.add(name);
        System.out.println("JTRACE_* variables: " + leaked);
    }

    static String property(String name) {
        return System.getProperty(name);
    }
}
