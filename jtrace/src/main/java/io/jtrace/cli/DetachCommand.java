package io.jtrace.cli;

import io.jtrace.cli.attach.AttachApi;
import io.jtrace.cli.attach.Jvms;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/**
 * {@code jtrace detach PID}: ends a {@code jtrace attach} to that JVM, which then writes the
 * recording, restores the classes and reports. No agent is loaded for this: the JVM's system
 * property {@code jtrace.attach.control} names the attach's control directory, where a
 * {@code detach} file asks the agent to end (see the agent's AttachSession).
 */
@Command(name = "detach", mixinStandardHelpOptions = true,
        description = {"End tracing of a JVM that 'jtrace attach' traces.",
            "The recording is written, every class jtrace changed gets its original code back, and 'jtrace attach' reports and exits."})
final class DetachCommand extends JtraceCommand {
    @Parameters(index = "0", paramLabel = "PID", description = "Process id of the traced JVM.")
    String pidArgument;

    private long pid;

    @Override
    public Integer call() throws IOException, InterruptedException {
        pid = Jvms.pid(pidArgument);
        Jvms.checkAttachable(pid);
        String dir = AttachApi.systemProperty(pid, "jtrace.attach.control");
        if (dir == null || dir.isEmpty() || !Files.isDirectory(Paths.get(dir))) {
            throw new UserException("jtrace is not attached to JVM " + pid + " (start tracing with 'jtrace attach " + pid + "')");
        }
        Path control = Paths.get(dir);
        try {
            Files.createFile(control.resolve("detach"));
        } catch (FileAlreadyExistsException already) {
            // asked before: wait all the same
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(control.resolve("detached")) && Files.isDirectory(control) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        err().println("jtrace detach: tracing of JVM " + pid + " ended; 'jtrace attach' writes the recording");
        err().flush();
        return 0;
    }
}
