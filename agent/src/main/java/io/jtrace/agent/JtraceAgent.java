package io.jtrace.agent;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.agent.filter.Redaction;
import io.jtrace.agent.instrument.ClassInstrumenter;
import io.jtrace.agent.instrument.ArgumentProbe;
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

    /**
     * {@code jtrace attach} and {@code jtrace detach}: called again for every attach and detach
     * (the jar is loaded once per JVM, these classes stay). Never throws: an exception here would
     * be printed on the target's stderr; failures go to the log the CLI reads.
     */
    public static void agentmain(String args, Instrumentation inst) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (IllegalArgumentException e) {
            new AgentLog(null).log(e.getMessage() + "; not tracing");
            return;
        }
        AgentLog log = new AgentLog(options.log);
        if (!runtimeOnBootClassPath(inst, log)) return;
        if (options.detach) {
            AttachSession.detach(log);
            return;
        }
        synchronized (JtraceAgent.class) {
            if (started) {
                log.log("this JVM is traced from its start (jtrace run): nothing to attach");
            } else if (AttachSession.isAttached()) {
                log.log("jtrace is already attached to this JVM (end it with 'jtrace detach " + ProcessHandle.current().pid() + "')");
            } else {
                startTracing(options, inst, log, true);
            }
        }
    }

    /**
     * The attach jar has no Boot-Class-Path (see the CLI's AgentJars.attachJar): the runtime beside
     * it joins the boot class path here, once per JVM. Before any runtime class is touched.
     */
    private static synchronized boolean runtimeOnBootClassPath(Instrumentation inst, AgentLog log) {
        try {
            Class.forName("io.jtrace.runtime.Tracer", false, null);
            return true;
        } catch (ClassNotFoundException notYet) {
            // append it
        }
        try {
            Path jar = Paths.get(JtraceAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .resolveSibling("jtrace-runtime.jar");
            inst.appendToBootstrapClassLoaderSearch(new java.util.jar.JarFile(jar.toFile()));
            return true;
        } catch (Exception e) {
            log.log("cannot put the jtrace runtime on the boot class path: " + e);
            return false;
        }
    }

    private static synchronized void start(String args, Instrumentation inst) {
        if (started) return; // a second -javaagent (e.g. JAVA_TOOL_OPTIONS and the command line)
        started = true;
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("jtrace agent: " + e.getMessage() + "; not tracing");
            return;
        }
        startTracing(options, inst, new AgentLog(options.log), false);
    }

    /** {@code attached}: in a running JVM, whose loaded classes are retransformed (see AttachSession). */
    private static void startTracing(AgentOptions options, Instrumentation inst, AgentLog log, boolean attached) {
        MethodFilter filter;
        Redaction redaction;
        try {
            filter = MethodFilter.parse(tracedPatterns(options), options.exclude);
            redaction = Redaction.of(options.redact);
        } catch (IllegalArgumentException e) {
            log.log(e.getMessage() + "; not tracing");
            return;
        }
        try {
            Path output = outputPath(options.output);
            if (attached) TraceRuntime.markOrigin();
            RecordingControl recording = new RecordingControl(log);
            recording.sampleEvery(options.sample);
            if (options.written != null) recording.announceWrittenAt(Paths.get(options.written));
            VariableTracer.configure(options.stringLength, "tostring".equals(options.values));
            if (options.exceptions) openThrowableToRuntime(inst, log);
            TraceRuntime.recordExceptions(options.exceptions);
            TraceRuntime.timeEveryCall(options.timingFull);
            RewritingSetup setup = RewritingSetup.begin(options, inst, log, filter, redaction);
            TraceTransformer transformer;
            try {
                recording.start(output);
                transformer = setup.await();
            } catch (Throwable t) {
                setup.undo();
                throw t;
            }
            recording.installShutdownHook(inst);
            DiskGuard.watch(recording, log, options.maxSize, attached);
            TraceRuntime.start(version(), options.format(), options.depth, attached);
            inst.addTransformer(transformer, attached);
            if (attached) AttachSession.started(inst, transformer, recording, log, options, filter, setup.uncaught());
        } catch (Throwable t) {
            log.log("could not start tracing: " + problem(t));
        }
    }

    /** A failure in the words of a log line: a file's problem as "FILE: reason", not the exception's class. */
    static String problem(Throwable t) {
        // Java 11 source (the agent runs in any traced JVM): no pattern matching
        java.nio.file.FileSystemException f = t instanceof java.nio.file.FileSystemException ? (java.nio.file.FileSystemException) t : null;
        if (f != null && f.getFile() != null) {
            String reason = t instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : t instanceof java.nio.file.NoSuchFileException ? "no such file or directory"
                    : f.getReason() != null ? f.getReason().toLowerCase(java.util.Locale.ROOT) : t.getClass().getSimpleName();
            return f.getFile() + ": " + reason;
        }
        return String.valueOf(t);
    }

    /**
     * Through the class cache when jtrace run gives one and the probes are the call and exception
     * probes alone (variable, line and argument probes hand out ids of their own, which templates
     * do not carry): the cache's directory is named after everything that decides how a class is
     * rewritten besides its bytes (the agent build is the cache root's, from jtrace run).
     */
    static ClassCache classCache(AgentOptions options, AgentLog log) {
        if (options.classCache == null || !options.vars.isEmpty() || !options.lines.isEmpty() || !options.args.isEmpty()) return null;
        return ClassCache.open(Paths.get(options.classCache), scopeKey(options), log);
    }

    static ClassRewriting rewriting(AgentOptions options, MethodFilter filter, ClassInstrumenter direct, ClassCache cache) {
        if (cache == null) return ClassRewriting.direct(direct);
        boolean exceptions = options.exceptions;
        return ClassRewriting.cached(cache, filter,
                ids -> new ClassInstrumenter(filter, ids, exceptions ? ClassInstrumenter.exceptionProbes(ids) : ClassInstrumenter.callProbes()),
                direct, MethodRegistry::register, TypeRegistry::idOfName);
    }

    static String scopeKey(AgentOptions options) {
        StringBuilder scope = new StringBuilder(version()).append("|exceptions=").append(options.exceptions);
        for (String p : options.include) scope.append("|+").append(p);
        for (String p : options.exclude) scope.append("|-").append(p);
        return "s" + ClassCache.shortName(scope.toString());
    }

    /**
     * Methods in the --vars, --lines or --args scope are call-traced too (their line, variable,
     * argument and return records belong to a frame), so they join the includes; --exclude still wins.
     */
    static List<String> tracedPatterns(AgentOptions options) {
        if (options.include.isEmpty()) return List.of(); // everything is traced already
        List<String> patterns = new ArrayList<>(options.include);
        patterns.addAll(options.vars);
        patterns.addAll(options.lines);
        patterns.addAll(options.args);
        return patterns;
    }

    /**
     * Variable and line probes (when asked for) first, then the exception probes, the argument
     * probe (when asked for) and the call probe.
     */
    static List<Probe> probes(AgentOptions options, Redaction redaction, AgentLog log) {
        List<Probe> probes = new ArrayList<>();
        if (!options.vars.isEmpty()) {
            probes.add(new VariableProbe(MethodFilter.parse(options.vars, options.exclude), redaction,
                    VariableRegistry::register, log::log));
        }
        if (!options.lines.isEmpty()) probes.add(new LineProbe(MethodFilter.parse(options.lines, options.exclude)));
        Probe[] beforeCalls = options.args.isEmpty() ? new Probe[0] : new Probe[] {
            new ArgumentProbe(MethodFilter.parse(options.args, options.exclude), redaction, VariableRegistry::register, log::log)};
        probes.addAll(options.exceptions ? ClassInstrumenter.exceptionProbes(TypeRegistry::idOfName, beforeCalls)
                : ClassInstrumenter.callProbes(beforeCalls));
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
