package io.jtrace.agent;

import io.jtrace.agent.filter.Exclusions;
import io.jtrace.agent.instrument.ClassInstrumenter;
import io.jtrace.runtime.TraceRuntime;
import io.jtrace.runtime.Tracer;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Filters early (JDK, jtrace, bootstrap classes are never touched), guards against re-entry
 * (instrumenting can load classes, which calls us again), returns null when nothing changed and
 * logs every failure instead of letting the JVM swallow it.
 */
final class TraceTransformer implements ClassFileTransformer {
    private final ClassInstrumenter instrumenter;
    private final Instrumentation inst;
    private final AgentLog log;
    private final ThreadLocal<Boolean> busy = ThreadLocal.withInitial(() -> Boolean.FALSE);
    private final Set<Module> modulesReadingRuntime = ConcurrentHashMap.newKeySet();

    TraceTransformer(ClassInstrumenter instrumenter, Instrumentation inst, AgentLog log) {
        this.instrumenter = instrumenter;
        this.inst = inst;
        this.log = log;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] classFile) {
        if (className == null || loader == null || Exclusions.isExcluded(className)) return null;
        if (busy.get()) return null;
        busy.set(Boolean.TRUE);
        try {
            byte[] result = instrumenter.instrument(classFile);
            if (result != null) {
                letModuleReadRuntime(module);
                TraceRuntime.classInstrumented();
            }
            return result;
        } catch (Throwable t) {
            TraceRuntime.classFailed();
            log.log("left " + className.replace('/', '.') + " untraced: " + t);
            return null;
        } finally {
            busy.set(Boolean.FALSE);
        }
    }

    /** Code in a named module may only call the runtime (boot loader's unnamed module) if it reads it. */
    private void letModuleReadRuntime(Module module) {
        if (module == null || !module.isNamed() || modulesReadingRuntime.contains(module)) return;
        Module runtime = Tracer.class.getModule();
        if (!module.canRead(runtime)) {
            inst.redefineModule(module, Set.of(runtime), Map.of(), Map.of(), Set.of(), Map.of());
        }
        modulesReadingRuntime.add(module);
    }
}
