package io.jtrace.cli.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the agent reaches the target: a {@code java} command gets {@code -javaagent} right after
 * the executable (before -cp, -jar, -m or @argfiles, which all follow JVM options); any other
 * command (a script, {@code mvn test}) reaches every JVM it starts through JAVA_TOOL_OPTIONS,
 * after whatever the user had put there.
 */
public final class TargetCommand {
    private final List<String> command;
    private final String toolOptions;

    private TargetCommand(List<String> command, String toolOptions) {
        this.command = command;
        this.toolOptions = toolOptions;
    }

    public static boolean isJavaLauncher(String executable) {
        String name = Path.of(executable).getFileName().toString();
        return name.equals("java") || name.equals("java.exe");
    }

    /** @param jvmOptions options for each traced JVM (the -javaagent and friends) */
    public static TargetCommand plan(List<String> userCommand, List<String> jvmOptions) {
        if (isJavaLauncher(userCommand.get(0))) {
            List<String> cmd = new ArrayList<>();
            cmd.add(userCommand.get(0));
            cmd.addAll(jvmOptions);
            cmd.addAll(userCommand.subList(1, userCommand.size()));
            return new TargetCommand(cmd, null);
        }
        return new TargetCommand(List.copyOf(userCommand), String.join(" ", jvmOptions));
    }

    public List<String> command() {
        return command;
    }

    /**
     * Makes {@code env} (a copy of jtrace's own environment) the target's: the user's JVM
     * options as they set them, plus the agent in JAVA_TOOL_OPTIONS for a non-java command.
     */
    public void applyTo(Map<String, String> env) {
        UserJavaOptions.restore(env);
        if (toolOptions == null) return;
        String user = env.get("JAVA_TOOL_OPTIONS");
        env.put("JAVA_TOOL_OPTIONS", user == null || user.isBlank() ? toolOptions : user + " " + toolOptions);
    }

    /** True if the command is one JVM we launch ourselves (one recording). */
    public boolean direct() {
        return toolOptions == null;
    }
}
