package io.jtrace.agent;

import io.jtrace.agent.filter.Exclusions;
import io.jtrace.runtime.TraceRuntime;
import io.jtrace.runtime.Tracer;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.security.ProtectionDomain;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Filters early (JDK, jtrace, bootstrap classes are never touched), guards against re-entry
 * (instrumenting can load classes, which calls us again), returns null when nothing changed and
 * logs every failure instead of letting the JVM swallow it.
 */
final class TraceTransformer implements ClassFileTransformer {
    private final ClassRewriting rewriting;
    private final Instrumentation inst;
    private final AgentLog log;
    /** Per thread: set while this thread instruments (instrumenting can load classes, which calls us again). */
    private final ThreadLocal<boolean[]> busy = ThreadLocal.withInitial(() -> new boolean[1]);
    private final Set<Module> modulesReadingRuntime = ConcurrentHashMap.newKeySet();
    /** Modules of the Java runtime image (java.*, jdk.*, and the rest such as java.xml.crypto's). */
    private final Set<String> jdkModules;
    /** Internal names of the classes this transformer changed (attach: restored on detach). */
    private final Set<String> changed = ConcurrentHashMap.newKeySet();

    TraceTransformer(ClassRewriting rewriting, Instrumentation inst, AgentLog log) {
        this.rewriting = rewriting;
        this.inst = inst;
        this.log = log;
        Set<String> names = new HashSet<>();
        for (ModuleReference m : ModuleFinder.ofSystem().findAll()) names.add(m.descriptor().name());
        this.jdkModules = names;
    }

    /**
     * Never throws: out of stack (a class loaded deep inside a program's StackOverflowError) even
     * logging can fail, and an exception escaping a transformer makes the JVM print assertion
     * failures; the class then simply stays untraced.
     */
    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] classFile) {
        try {
            if (className == null || loader == null || Exclusions.isExcluded(className) || isJdk(module, loader)) return null;
            boolean[] reentry = busy.get();
            if (reentry[0]) return null;
            reentry[0] = true;
            try {
                return instrument(module, className, classFile);
            } finally {
                reentry[0] = false;
            }
        } catch (Throwable outOfStack) {
            return null;
        }
    }

    private byte[] instrument(Module module, String className, byte[] classFile) {
        try {
            byte[] result = rewriting.rewrite(className, classFile);
            if (result != null) {
                changed.add(className);
                letModuleReadRuntime(module);
                TraceRuntime.classInstrumented();
            }
            return result;
        } catch (Throwable t) {
            TraceRuntime.classFailed();
            log.log("left " + className.replace('/', '.') + " untraced: " + t);
            return null;
        }
    }

    /** Whether {@link #transform} may change this already loaded class (attach retransforms those). */
    boolean mayChange(Class<?> c) {
        if (c.isArray() || c.isPrimitive()) return false;
        ClassLoader loader = c.getClassLoader();
        return loader != null && !Exclusions.isExcluded(c.getName().replace('.', '/')) && !isJdk(c.getModule(), loader);
    }

    boolean changed(Class<?> c) {
        return changed.contains(c.getName().replace('.', '/'));
    }

    /**
     * The JDK is never traced: classes of the boot and platform loaders, and of the runtime
     * image's modules whatever their packages (org.jcp.xml.dsig.internal.dom of java.xml.crypto).
     */
    private boolean isJdk(Module module, ClassLoader loader) {
        if (loader == ClassLoader.getPlatformClassLoader()) return true;
        return module != null && module.isNamed() && module.getLayer() == ModuleLayer.boot()
                && jdkModules.contains(module.getName());
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
