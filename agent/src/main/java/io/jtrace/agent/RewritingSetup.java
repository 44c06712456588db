package io.jtrace.agent;

import io.jtrace.pattern.MethodFilter;
import io.jtrace.agent.filter.Redaction;
import io.jtrace.agent.instrument.ClassInstrumenter;
import io.jtrace.runtime.MethodRegistry;

import java.lang.instrument.Instrumentation;

/**
 * What rewrites the program's classes (the class cache, the hooks in the JDK's uncaught-exception
 * paths, the instrumenter and its transformer), made ready on a thread of its own ("jtrace-setup")
 * while the starting thread starts JFR: JFR's start-up, its own code interpreted, takes several
 * times longer than this, and on two cores the two overlap (bench/README.md, "each thread's trace
 * found without ThreadLocal.get"; docs/decisions/2026-11-27-rewriting-setup-beside-jfr-start.md).
 * JFR is started on the thread that runs premain
 * (or agentmain), not here:
 * on JDK 17 a thread that writes events (a later attach runs the definitions' periodic hooks in
 * {@code Recording.start}) and then ends can leave the chunk without the strings those events use.
 * The transformer is added by the caller once the recording runs.
 */
final class RewritingSetup implements Runnable {
    private final AgentOptions options;
    private final Instrumentation inst;
    private final AgentLog log;
    private final MethodFilter filter;
    private final Redaction redaction;
    private final Thread thread;
    private UncaughtDispatch uncaught;
    private TraceTransformer transformer;
    private Throwable failure;

    private RewritingSetup(AgentOptions options, Instrumentation inst, AgentLog log, MethodFilter filter, Redaction redaction) {
        this.options = options;
        this.inst = inst;
        this.log = log;
        this.filter = filter;
        this.redaction = redaction;
        this.thread = new Thread(this, "jtrace-setup");
        thread.setDaemon(true);
    }

    static RewritingSetup begin(AgentOptions options, Instrumentation inst, AgentLog log, MethodFilter filter, Redaction redaction) {
        RewritingSetup setup = new RewritingSetup(options, inst, log, filter, redaction);
        setup.thread.start();
        return setup;
    }

    @Override
    public void run() {
        try {
            ClassCache cache = JtraceAgent.classCache(options, log);
            uncaught = options.exceptions ? UncaughtDispatch.install(inst, log, cache) : null;
            ClassInstrumenter instrumenter = new ClassInstrumenter(filter, MethodRegistry::register,
                    JtraceAgent.probes(options, redaction, log));
            transformer = new TraceTransformer(JtraceAgent.rewriting(options, filter, instrumenter, cache), inst, log);
        } catch (Throwable t) {
            failure = t;
        }
    }

    /** Waits for the setup; returns the transformer to add, or throws what stopped the setup. */
    TraceTransformer await() throws Exception {
        join();
        if (failure instanceof Exception) throw (Exception) failure;
        if (failure instanceof Error) throw (Error) failure;
        return transformer;
    }

    /** Tracing does not start after all: waits for the setup, then takes the JDK's hooks out again. */
    void undo() {
        join();
        UncaughtDispatch.remove(inst, uncaught, log);
    }

    UncaughtDispatch uncaught() {
        return uncaught;
    }

    private void join() {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
