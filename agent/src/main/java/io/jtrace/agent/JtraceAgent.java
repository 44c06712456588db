package io.jtrace.agent;

import io.jtrace.agent.filter.MethodFilter;
import io.jtrace.agent.filter.Redaction;
import io.jtrace.agent.instrument.ClassInstrumenter;
import io.jtrace.agent.instrument.LineProbe;
import io.jtrace.agent.instrument.Probe;
import io.jtrace.agent.instrument.VariableProbe;
import io.jtrace.runtime.MethodRegistry;
import io.jtrace.runtime.TraceRuntime;
import io.jtrace.runtime.VariableRegistry;
import io.jtrace.runtime.VariableTracer;
import io.jtrace.runtime.Tracer;
import io.jtrace.runtime.TypeRegistry;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
        Redaction redaction;
        try {
            options = AgentOptions.parse(args);
            filter = MethodFilter.parse(tracedPatterns(options), options.exclude);
            redaction = Redaction.of(options.redact);
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
            VariableTracer.configure(options.stringLength, "tostring".equals(options.values));
            if (options.exceptions) openThrowableToRuntime(inst, log);
            TraceRuntime.recordExceptions(options.exceptions);
            TraceRuntime.start(version(), options.format(), options.depth);
            ClassInstrumenter instrumenter = new ClassInstrumenter(filter, MethodRegistry::register,
                    probes(options, redaction, log));
            inst.addTransformer(new TraceTransformer(instrumenter, inst, log), false);
        } catch (Throwable t) {
            log.log("could not start tracing: " + t);
        }
    }

    /**
     * Methods in the --vars or --lines scope are call-traced too (their line and variable
     * records belong to a frame), so they join the includes; --exclude still wins.
     */
    static List<String> tracedPatterns(AgentOptions options) {
        if (options.include.isEmpty()) return List.of(); // everything is traced already
        List<String> patterns = new ArrayList<>(options.include);
        patterns.addAll(options.vars);
        patterns.addAll(options.lines);
        return patterns;
    }

    /** Variable and line probes (when asked for) first, then the exception and call probes. */
    static List<Probe> probes(AgentOptions options, Redaction redaction, AgentLog log) {
        List<Probe> probes = new ArrayList<>();
        if (!options.vars.isEmpty()) {
            probes.add(new VariableProbe(MethodFilter.parse(options.vars, options.exclude), redaction,
                    VariableRegistry::register, log::log));
        }
        if (!options.lines.isEmpty()) probes.add(new LineProbe(MethodFilter.parse(options.lines, options.exclude)));
        probes.addAll(options.exceptions ? ClassInstrumenter.exceptionProbes(TypeRegistry::idOfName)
                : ClassInstrumenter.callProbes());
        return probes;
    }

    /**
     * The runtime reads an application exception's message and cause from Throwable's private
     * fields rather than calling methods the application may override (see ExceptionFields).
     */
    private static void openThrowableToRuntime(Instrumentation inst, AgentLog log) {
        try {
            inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                    Map.of("java.lang", Set.of(Tracer.class.getModule())), Set.of(), Map.of());
        } catch (Throwable t) {
            log.log("cannot read exception messages of application classes (" + t + ")");
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
