package io.jtrace.cli.attach;

import io.jtrace.cli.UserException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The JVMs on this machine that jtrace may attach to, and the checks made before attaching, so
 * that each impossible attach is one clear line rather than the Attach API's ten-second timeout
 * (a pid that is no JVM) or a thread dump printed into the program's output (a JVM with
 * {@code -XX:+DisableAttachMechanism} answers the attach signal that way).
 */
public final class Jvms {
    private Jvms() {}

    /** A running JVM: pid, main class or jar with arguments as the JVM reports it, Java version ("?" if unknown). */
    public record Jvm(long pid, String main, String javaVersion) {}

    /** The Attach API lives in jdk.attach, which a JRE (or a jlinked runtime) may lack. */
    public static void requireAttachApi() {
        if (ModuleLayer.boot().findModule("jdk.attach").isEmpty()) {
            throw new UserException("the Java runtime running jtrace (" + System.getProperty("java.home")
                    + ") has no jdk.attach module (a JRE?): run jtrace with a full JDK (set JTRACE_JAVA or JAVA_HOME)");
        }
    }

    /** JVMs of this user (every user's, for root), except jtrace's own. */
    public static List<Jvm> list() {
        requireAttachApi();
        List<Jvm> out = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        for (String[] d : AttachApi.list()) {
            long pid;
            try {
                pid = Long.parseLong(d[0]);
            } catch (NumberFormatException e) {
                continue;
            }
            if (pid == self || ProcessHandle.of(pid).isEmpty() || (!isRoot() && !ownedByMe(pid))) continue;
            out.add(new Jvm(pid, d[1].isEmpty() ? command(pid) : d[1], javaVersion(pid).orElse("?")));
        }
        return out;
    }

    /** Fails with one line saying why jtrace cannot attach to {@code pid}, if it can tell before trying. */
    public static void checkAttachable(long pid) {
        requireAttachApi();
        if (pid == ProcessHandle.current().pid()) throw new UserException("pid " + pid + " is jtrace itself");
        Optional<ProcessHandle> p = ProcessHandle.of(pid);
        if (p.isEmpty() || !p.get().isAlive()) throw new UserException("no process with pid " + pid + " (see 'jtrace ps')");
        // root too: the JVM loads the agent as its own user, who cannot read jtrace's private agent
        // files, nor write the recording into root's owner-only file
        if (!ownedByMe(pid)) {
            throw new UserException("process " + pid + " belongs to user " + owner(pid) + ": jtrace can attach only to JVMs of its own user"
                    + " (run jtrace as " + owner(pid) + (isRoot() ? ", e.g. with sudo -u " + owner(pid) : "") + ")");
        }
        if (exited(pid)) {
            throw new UserException("process " + pid + " has exited (its parent has not yet collected its exit status): there is no JVM"
                    + " to attach to (see 'jtrace ps')");
        }
        String maps = read(Paths.get("/proc", Long.toString(pid), "maps"));
        // maps unreadable (pid 1, a process in another namespace): a JVM that accepts agents is
        // listed by the Attach API, or at least runs a 'java' launcher; else it would only time out
        boolean notJvm = maps != null ? !maps.contains("/libjvm.")
                : AttachApi.list().stream().noneMatch(d -> d[0].equals(Long.toString(pid))) && !launcher(pid).endsWith("java");
        if (notJvm) {
            throw new UserException("process " + pid + " (" + launcher(pid) + ") is not a Java virtual machine (see 'jtrace ps')");
        }
        String cmdline = read(Paths.get("/proc", Long.toString(pid), "cmdline"));
        String environ = read(Paths.get("/proc", Long.toString(pid), "environ"));
        if (disablesAttach(cmdline) || disablesAttach(environ)) {
            throw new UserException("JVM " + pid + " was started with -XX:+DisableAttachMechanism and accepts no agents:"
                    + " restart it without that option, or trace it from its start with 'jtrace run'");
        }
        Optional<String> version = javaVersion(pid);
        if (version.isPresent() && feature(version.get()) > 0 && feature(version.get()) < 11) {
            throw new UserException("JVM " + pid + " runs Java " + version.get() + ": jtrace attaches to Java 11 or newer");
        }
    }

    private static boolean disablesAttach(String text) {
        return text != null && text.contains("-XX:+DisableAttachMechanism");
    }

    /** The major version of "17.0.2", "1.8.0_392", "25"; 0 if unreadable. */
    public static int feature(String version) {
        try {
            String[] parts = version.split("[.\\-+_]");
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** From the release file of the JDK whose launcher the process runs (no attach needed). */
    static Optional<String> javaVersion(long pid) {
        try {
            Path exe = Paths.get("/proc", Long.toString(pid), "exe").toRealPath();
            for (Path home = exe.getParent(); home != null; home = home.getParent()) {
                Path release = home.resolve("release");
                if (Files.isRegularFile(release)) {
                    Properties p = new Properties();
                    try (var in = Files.newInputStream(release)) {
                        p.load(in);
                    }
                    String v = p.getProperty("JAVA_VERSION");
                    return v == null ? Optional.empty() : Optional.of(v.replace("\"", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // another user's process, or no /proc
        }
        return Optional.empty();
    }

    /** A process that has ended but not been reaped (state Z in /proc/PID/stat): ProcessHandle still calls it alive. */
    static boolean exited(long pid) {
        String stat = read(Paths.get("/proc", Long.toString(pid), "stat"));
        if (stat == null) return false;
        int end = stat.lastIndexOf(')'); // the command name in parentheses may hold spaces
        return end > 0 && stat.length() > end + 2 && (stat.charAt(end + 2) == 'Z' || stat.charAt(end + 2) == 'X');
    }

    /** The program a process runs: its command as the JDK sees it, else the first word of its command line. */
    static String launcher(long pid) {
        String command = command(pid);
        if (!command.equals("?")) return command;
        String cmdline = read(Paths.get("/proc", Long.toString(pid), "cmdline"));
        if (cmdline == null || cmdline.isEmpty()) return "?";
        int nul = cmdline.indexOf('\0');
        return nul < 0 ? cmdline : cmdline.substring(0, nul);
    }

    /** A PID argument: a positive number, as 'jtrace ps' lists them. */
    public static long pid(String text) {
        try {
            long pid = Long.parseLong(text.strip());
            if (pid > 0) return pid;
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UserException("'" + text + "' is not a process id: give the number of a running JVM, as 'jtrace ps' lists them");
    }

    static String command(long pid) {
        return ProcessHandle.of(pid).flatMap(h -> h.info().command()).orElse("?");
    }

    private static String read(Path p) {
        try {
            return new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static boolean ownedByMe(long pid) {
        return System.getProperty("user.name").equals(owner(pid));
    }

    private static String owner(long pid) {
        try {
            return Files.getOwner(Paths.get("/proc", Long.toString(pid))).getName();
        } catch (IOException | RuntimeException e) {
            return ProcessHandle.of(pid).flatMap(h -> h.info().user()).orElse("?");
        }
    }
}
