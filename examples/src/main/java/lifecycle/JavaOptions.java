package lifecycle;

/**
 * Prints what the JVM options in the environment gave this program: the variables themselves and
 * the system property 'lifecycle.option', which a test sets through them.
 */
public final class JavaOptions {
    public static void main(String[] args) {
        for (String name : new String[] {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"}) {
            System.out.println(name + "=" + System.getenv(name));
        }
        System.out.println("lifecycle.option=" + property("lifecycle.option"));
    }

    static String property(String name) {
        return System.getProperty(name);
    }
}
