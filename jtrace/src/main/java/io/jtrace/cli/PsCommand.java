package io.jtrace.cli;

import io.jtrace.cli.attach.Jvms;
import picocli.CommandLine.Command;

import java.util.List;

/** {@code jtrace ps}: the JVMs 'jtrace attach' can trace, like {@code jps}. */
@Command(name = "ps", mixinStandardHelpOptions = true,
        description = {"List the running JVMs that 'jtrace attach' can trace.",
            "One line each: pid, Java version, main class or jar with its arguments (this user's JVMs; every user's for root)."})
final class PsCommand extends JtraceCommand {
    @Override
    public Integer call() {
        List<Jvms.Jvm> jvms = Jvms.list();
        out().println(String.format("%-8s %-8s %s", "PID", "JAVA", "MAIN"));
        for (Jvms.Jvm j : jvms) {
            out().println(String.format("%-8d %-8s %s", j.pid(), j.javaVersion(), io.jtrace.text.Printable.text(j.main())));
        }
        out().flush();
        return 0;
    }
}
