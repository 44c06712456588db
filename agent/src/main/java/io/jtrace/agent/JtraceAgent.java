package io.jtrace.agent;

import io.jtrace.agent.filter.MethodFilter;
import io.jtrace.agent.instrument.ClassInstrumenter;
import io.jtrace.runtime.MethodRegistry;
import io.jtrace.runtime.TraceRuntime;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Entry point of the java agent: {@code -javaagent:jtrace-agent.jar=OPTIONS}. */
public final class JtraceAgent {
    private JtraceAgent() {}

    private static volatile boolean started;

    public static void premain(String args, Instrumentation inst) {
        start(args, inst);
    }

    public static void agentmain(String args, Instrumentation inst) {
        start(args, inst);
    }

    private static synchronized void start(String args, Instrumentation inst) {
        if (started) return; // a second -javaagent (e.g. JAVA_TOOL_OPTIONS and the command line)
        started = true;
        AgentOptions options;
        MethodFilter filter;
        try {
            options = AgentOptions.parse(args);
            filter = MethodFilter.parse(options.include, options.exclude);
        } catch (IllegalArgumentException e) {
            System.err.println("jtrace agent: " + e.getMessage() + "; not tracing");
            return;
        }
        AgentLog log = new AgentLog(options.log);
        try {
            Path output = outputPath(options.output);
            RecordingControl recording = new RecordingControl(log);
            recording.sampleEvery(options.sample);
            recording.start(output);
            recording.installShutdownHook(inst);
            TraceRuntime.start(version(), options.format(), options.depth);
            ClassInstrumenter instrumenter = new ClassInstrumenter(filter, MethodRegistry::register,
                    ClassInstrumenter.callProbes());
            inst.addTransformer(new TraceTransformer(instrumenter, inst, log), false);
        } catch (Throwable t) {
            log.log("could not start tracing: " + t);
        }
    }

    static Path outputPath(String template) {
        long pid = ProcessHandle.current().pid();
        if (template == null || template.isEmpty()) {
            String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
            template = "jtrace-" + stamp + "-%p.jfr";
        }
        return Paths.get(template.replace("%p", Long.toString(pid))).toAbsolutePath();
    }

    static String version() {
        String v = JtraceAgent.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
