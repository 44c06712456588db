package io.jtrace.cli.attach;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import io.jtrace.cli.UserException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The only class that touches {@code com.sun.tools.attach} (loaded after {@link Jvms#requireAttachApi}):
 * loads the agent into a running JVM, which calls its {@code agentmain}, and turns the Attach
 * API's failures into one line each.
 */
public final class AttachApi {
    private AttachApi() {}

    /** Pid and display name (main class or jar, with arguments) of each JVM the Attach API sees. */
    static List<String[]> list() {
        List<String[]> out = new ArrayList<>();
        for (VirtualMachineDescriptor d : VirtualMachine.list()) out.add(new String[] {d.id(), d.displayName()});
        return out;
    }

    /**
     * Loads {@code agentJar} with {@code options} into JVM {@code pid}; agentmain has returned
     * when this does.
     */
    public static void loadAgent(long pid, Path agentJar, String options) {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException e) {
            throw new UserException("cannot attach to JVM " + pid + ": " + reason(e));
        } catch (IOException e) {
            throw new UserException("cannot attach to JVM " + pid + ": " + reason(e));
        }
        try {
            String spec = vm.getSystemProperties().getProperty("java.specification.version", "");
            if (Jvms.feature(spec) > 0 && Jvms.feature(spec) < 11) {
                throw new UserException("JVM " + pid + " runs Java " + spec + ": jtrace attaches to Java 11 or newer");
            }
            vm.loadAgent(agentJar.toString(), options);
        } catch (AgentLoadException e) {
            String m = String.valueOf(e.getMessage());
            throw new UserException("JVM " + pid + " refused the agent: " + (m.contains("EnableDynamicAgentLoading")
                    ? "it does not allow agents loaded at run time; start it with -XX:+EnableDynamicAgentLoading" : lower(m)));
        } catch (AgentInitializationException e) {
            throw new UserException("the agent failed to start in JVM " + pid + " (code " + e.returnValue() + ")");
        } catch (IOException e) {
            throw new UserException("lost the connection to JVM " + pid + ": " + reason(e));
        } finally {
            try {
                vm.detach();
            } catch (IOException ignored) {
                // the JVM may be gone already
            }
        }
    }

    /** A system property of JVM {@code pid}, read through the Attach API without loading an agent (null if unset). */
    public static String systemProperty(long pid, String name) {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new UserException("cannot attach to JVM " + pid + ": " + reason(e));
        }
        try {
            return vm.getSystemProperties().getProperty(name);
        } catch (IOException e) {
            throw new UserException("lost the connection to JVM " + pid + ": " + reason(e));
        } finally {
            try {
                vm.detach();
            } catch (IOException ignored) {
                // the JVM may be gone already
            }
        }
    }

    private static String reason(Exception e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("does not support the attach mechanism")) {
            return "it does not accept agents (started with -XX:+DisableAttachMechanism?)";
        }
        if (m.contains("doesn't respond") || m.contains("Unable to open socket")) {
            return "it did not answer the attach request (not a HotSpot JVM, or started with -XX:+DisableAttachMechanism)";
        }
        if (m.contains("Permission denied") || m.contains("well-known file")) return "permission denied (another user's JVM?)";
        return lower(m);
    }

    private static String lower(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }
}
