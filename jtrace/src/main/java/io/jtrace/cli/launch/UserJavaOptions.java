package io.jtrace.cli.launch;

import java.util.Map;

/**
 * The JVM options the user set in the environment (JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS,
 * _JAVA_OPTIONS) are meant for the program jtrace runs, not for jtrace's own JVM. The launcher
 * stub hides them from jtrace's JVM and hands them on as {@code JTRACE_SAVED_<name>}; here they
 * are put back, exactly as the user set them, into the target's environment.
 */
public final class UserJavaOptions {
    static final String SAVED = "JTRACE_SAVED_";
    private static final String[] NAMES = {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"};

    private UserJavaOptions() {}

    /**
     * Restores the user's variables in {@code env} (a copy of jtrace's own environment) and
     * removes the stub's hand-over variables. Without the stub (jtrace started with
     * {@code java -jar}) the variables jtrace inherited are left as they are.
     */
    public static void restore(Map<String, String> env) {
        for (String name : NAMES) {
            String saved = env.remove(SAVED + name);
            if (saved != null) env.put(name, saved);
        }
        ClassArchive.forgetStubVariables(env);
    }
}
