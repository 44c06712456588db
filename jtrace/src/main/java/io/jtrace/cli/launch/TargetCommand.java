package io.jtrace.cli.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the agent reaches the target: a {@code java} command gets {@code -javaagent} right after
 * the executable (before -cp, -jar, -m or @argfiles, which all follow JVM options); any other
 * command (a script, {@code mvn test}) reaches every JVM it starts through JAVA_TOOL_OPTIONS.
 */
public final class TargetCommand {
    private final List<String> command;
    private final Map<String, String> environment;
    private final boolean direct;

    private TargetCommand(List<String> command, Map<String, String> environment, boolean direct) {
        this.command = command;
        this.environment = environment;
        this.direct = direct;
    }

    public static boolean isJavaLauncher(String executable) {
        String name = Path.of(executable).getFileName().toString();
        return name.equals("java") || name.equals("java.exe");
    }

    /**
     * @param jvmOptions options for each traced JVM (the -javaagent and friends)
     * @param currentToolOptions the inherited JAVA_TOOL_OPTIONS, or null
     */
    public static TargetCommand plan(List<String> userCommand, List<String> jvmOptions, String currentToolOptions) {
        if (isJavaLauncher(userCommand.get(0))) {
            List<String> cmd = new ArrayList<>();
            cmd.add(userCommand.get(0));
            cmd.addAll(jvmOptions);
            cmd.addAll(userCommand.subList(1, userCommand.size()));
            return new TargetCommand(cmd, Map.of(), true);
        }
        String joined = String.join(" ", jvmOptions);
        String tool = currentToolOptions == null || currentToolOptions.isBlank() ? joined : currentToolOptions + " " + joined;
        return new TargetCommand(List.copyOf(userCommand), Map.of("JAVA_TOOL_OPTIONS", tool), false);
    }

    public List<String> command() {
        return command;
    }

    public Map<String, String> environment() {
        return environment;
    }

    /** True if the command is one JVM we launch ourselves (one recording). */
    public boolean direct() {
        return direct;
    }
}
