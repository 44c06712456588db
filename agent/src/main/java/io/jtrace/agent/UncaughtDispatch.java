package io.jtrace.agent;

import io.jtrace.agent.instrument.ClassTemplate;
import io.jtrace.agent.instrument.UncaughtDispatchHook;
import io.jtrace.runtime.Tracer;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Installs {@link UncaughtDispatchHook} into the JDK classes it hooks (loaded without being
 * initialized, then retransformed; the transformer is removed right after), and takes it out
 * again on detach.
 * java.base is made to read the runtime's module so that they can call it. Failing that, nothing
 * changes but the report: such exceptions show as having left traced code.
 */
final class UncaughtDispatch implements ClassFileTransformer {
    private final AgentLog log;
    /** Where the hooked classes of an earlier run are kept (null: none): no ASM at start-up then. */
    private final ClassCache cache;

    private UncaughtDispatch(AgentLog log, ClassCache cache) {
        this.log = log;
        this.cache = cache;
    }

    /** Returns the transformer to pass to {@link #remove}, or null if the hook is not in place. */
    static UncaughtDispatch install(Instrumentation inst, AgentLog log, ClassCache cache) {
        UncaughtDispatch hook = new UncaughtDispatch(log, cache);
        try {
            inst.redefineModule(Thread.class.getModule(), Set.of(Tracer.class.getModule()), Map.of(), Map.of(),
                    Set.of(), Map.of());
            for (String name : UncaughtDispatchHook.CLASSES) {
                try {
                    Class.forName(name, false, null); // loaded, not initialized: the program sees nothing
                } catch (ClassNotFoundException notInThisJdk) {
                    // hooked where it exists
                }
            }
            inst.addTransformer(hook, true);
            try {
                inst.retransformClasses(loaded(inst));
            } finally {
                // Its classes are all hooked now. A second transformer on every class load doubles the
                // chance that a class loaded deep in a StackOverflowError overflows in the JDK's own
                // transformer loop, which the JVM reports as an instrument assertion on stderr.
                inst.removeTransformer(hook);
            }
            return hook;
        } catch (Throwable t) {
            inst.removeTransformer(hook);
            log.log("cannot record which handler ends a thread (" + t + "); such deaths show as 'left traced code'");
            return null;
        }
    }

    /** The JVM gets the original bytes back. */
    static void remove(Instrumentation inst, UncaughtDispatch hook, AgentLog log) {
        if (hook == null) return;
        inst.removeTransformer(hook);
        try {
            inst.retransformClasses(loaded(inst));
        } catch (Throwable t) {
            log.log("cannot restore " + UncaughtDispatchHook.CLASSES + " (" + t + ")");
        }
    }

    /** The hooked classes loaded now (by the boot loader: the JDK's own). */
    private static Class<?>[] loaded(Instrumentation inst) {
        java.util.List<Class<?>> classes = new java.util.ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getClassLoader() == null && UncaughtDispatchHook.CLASSES.contains(c.getName())) classes.add(c);
        }
        return classes.toArray(new Class<?>[0]);
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] classFile) {
        try { // nothing may escape: the JVM prints an instrument assertion for it (a class loaded deep in a StackOverflowError)
            if (loader != null || className == null || !UncaughtDispatchHook.hooks(className)) return null;
            return hook(className, classFile);
        } catch (Throwable outOfStack) {
            return null;
        }
    }

    private byte[] hook(String className, byte[] classFile) {
        try {
            // kept under a name of its own (a class named so would only miss: the name inside the
            // file is compared too); the JDK's class bytes are compared whole, so another JDK is
            // hooked afresh, and so is a class whose bytes the JVM gives back differently from run
            // to run (FutureTask and CompletableFuture on JDK 17 at times)
            String kept = "jdk-hook/" + className;
            ClassTemplate template = cache == null ? null : cache.find(kept, classFile);
            if (template != null) return template.code(); // read for this call: the JVM takes it as it is
            byte[] hooked = UncaughtDispatchHook.instrument(classFile);
            if (cache != null && hooked != null) cache.keep(kept, classFile, new ClassTemplate(null, hooked, List.of(), List.of()));
            return hooked;
        } catch (Throwable t) {
            log.log("left " + className.replace('/', '.') + " unchanged: " + t);
            return null;
        }
    }
}
